import { priceListUploadParser } from '@btp/shared/entities/price-list-upload-input';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';
import { createPriceListUpload } from '../../library/price-list-import.js';

/** POST /api/library/imports/uploads: 201 with a presigned POST for the price list (413 over 20 MB). */
export const handler = createHandler({ body: priceListUploadParser }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await createPriceListUpload(companyOf(principal), body),
}));
