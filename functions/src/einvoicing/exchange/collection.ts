/**
 * « Encaissée » (212, docs/einvoicing-network.md "Encaissée"): every amount received on one of our
 * B2B invoices that went through the network, under VAT on receipts — each payment, partial or
 * final, and the release of a situation's retention — is reported to the platform with its parts
 * per VAT rate (`collectedParts`, the shared split). The CDAR is written when the payment is
 * recorded and put in the outbox in the payment's own transaction (nothing lost); it is submitted
 * right after, or by the sync job.
 */
import type { Invoice } from '@btp/shared/entities/invoice';
import { collectedParts, collectedView, reportsCollection } from '@btp/shared/einvoicing-network-rules';
import { formatMoney } from '@btp/shared/money';
import type { TransactItem } from '../../data/transactions.js';
import { logger } from '../../lib/logger.js';
import { outboxPut, readInvoiceNetwork, readOutboxItem } from './network-store.js';

/** What writes and sends a 212, imported for an invoice on the network only (`collection-cdar.ts`). */
const cdarModules = () => import('./collection-cdar.js');

/** One amount received: a payment (its id) or the release of the retention. */
export interface Received {
  /** Unique per invoice: the payment's id, or `RG` for the retention. */
  key: string;
  amountCents: number;
  /** When it was received, ISO. */
  at: string;
}

/** The trackingId (and CDAR message id) of the 212 of one amount received. */
export async function collectionTrackingId(invoiceId: string, key: string): Promise<string> {
  const { statusTrackingId } = await cdarModules();
  return statusTrackingId(invoiceId, '212', key);
}

/**
 * Read before the payment's write: whether this invoice reports its payments (it went through the
 * network, or waits to), and if so the outbox item of an amount received, made from the invoice
 * as written. `undefined` when nothing is to be sent.
 */
export async function collectionReporter(
  companyId: string,
  invoiceId: string,
): Promise<((invoice: Invoice, received: Received) => TransactItem[]) | undefined> {
  const network = await readInvoiceNetwork(companyId, invoiceId);
  if (!network || (network.network !== 'sent' && network.network !== 'pending')) return undefined;
  const { writeCdar, invoiceTypeCodes, outStatusEvent, statusTrackingId } = await cdarModules();
  return (invoice, received) => {
    const sellerSiren = invoice.seller?.siren;
    const buyerSiren = invoice.buyer?.siren ?? invoice.buyer?.siret?.slice(0, 9);
    if (!reportsCollection(invoice) || !sellerSiren || !buyerSiren || !invoice.number || !invoice.issueDate) {
      return [];
    }
    const trackingId = statusTrackingId(invoice.id, '212', received.key);
    const parts = collectedParts(received.amountCents, invoice.vatBreakdown);
    const xml = writeCdar({
      messageId: trackingId,
      issuedAt: new Date(received.at),
      status: '212',
      collected: parts,
      invoice: {
        number: invoice.number,
        issueDate: invoice.issueDate,
        typeCode: invoiceTypeCodes[invoice.kind],
        sellerSiren,
        buyerSiren,
      },
      issuer: { role: 'SE', siren: sellerSiren, name: invoice.seller?.name },
      recipients: [{ role: 'BY', siren: buyerSiren, name: invoice.buyer?.name }],
    });
    return [
      outboxPut(companyId, {
        trackingId,
        kind: 'status',
        subject: { type: 'invoice', id: invoice.id },
        number: invoice.number,
        xml,
        event: outStatusEvent({
          status: '212',
          at: received.at,
          amount: formatMoney(received.amountCents),
          collected: collectedView(parts),
        }),
        fileName: `${trackingId}.xml`,
      }),
    ];
  };
}

/** The 212 just recorded, submitted now when the platform answers (never throws). */
export async function submitCollection(companyId: string, invoiceId: string, key: string): Promise<void> {
  try {
    const item = await readOutboxItem(companyId, await collectionTrackingId(invoiceId, key));
    if (!item) return;
    const { sendOutboxItem, companyPlatform } = await cdarModules();
    await sendOutboxItem(companyId, await companyPlatform(companyId, 'route'), item);
  } catch (error) {
    logger.warn('« Encaissée » laissée au prochain passage vers la plateforme', { invoiceId, error });
  }
}
