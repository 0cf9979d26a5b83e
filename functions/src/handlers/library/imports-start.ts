import { priceListImportInput } from '@btp/shared/entities/library';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';
import { startPriceListImport } from '../../library/price-list-import.js';
// The S3 package loaded at start: this function uses the bucket on every call (lib/s3-at-start.ts).
import '../../lib/s3-at-start.js';

/** POST /api/library/imports: 202 with the queued job; its progress and report: GET …/imports/{id}. */
export const handler = createHandler({ body: priceListImportInput }, async ({ body, principal }) => ({
  statusCode: 202,
  body: await startPriceListImport(companyOf(principal), body),
}));
