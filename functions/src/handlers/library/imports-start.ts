import { priceListImportInput } from '@btp/shared/entities/library';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';
import { startPriceListImport } from '../../library/price-list-import.js';

/** POST /api/library/imports: 202 with the queued job; its progress and report: GET …/imports/{id}. */
export const handler = createHandler({ body: priceListImportInput }, async ({ body, principal }) => ({
  statusCode: 202,
  body: await startPriceListImport(companyOf(principal), body),
}));
