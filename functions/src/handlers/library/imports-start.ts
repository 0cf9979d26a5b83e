import { priceListImportParser } from '@btp/shared/entities/price-list-import-input';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';
import { startPriceListImport } from '../../library/price-list-import.js';

/** POST /api/library/imports: 202 with the queued job; its progress and report: GET …/imports/{id}. */
export const handler = createHandler({ body: priceListImportParser }, async ({ body, principal }) => ({
  statusCode: 202,
  body: await startPriceListImport(companyOf(principal), body),
}));
