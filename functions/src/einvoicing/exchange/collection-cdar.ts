/**
 * What writes and sends a 212 « Encaissée » (`collection.ts`): the CDAR writer, the invoice's type
 * codes, the outbox and the platform's client. One module, imported for an invoice on the network
 * only, so that a payment of any other invoice (and `POST /api/bank/lines/{id}/match`) starts
 * without them (issue 27, `bench:lambda`).
 */
export { invoiceTypeCodes } from '../cii-invoice.js';
export { writeCdar } from '../network/cdar-writer.js';
export { outStatusEvent, sendOutboxItem, statusTrackingId } from './outbox.js';
export { companyPlatform } from './platform-connection.js';
