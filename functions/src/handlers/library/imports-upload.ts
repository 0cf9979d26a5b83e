import { priceListUploadInput } from '@btp/shared/entities/library';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';
import { createPriceListUpload } from '../../library/price-list-import.js';

/** POST /api/library/imports/uploads: 201 with a presigned POST for the price list (413 over 20 MB). */
export const handler = createHandler({ body: priceListUploadInput }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await createPriceListUpload(companyOf(principal), body),
}));
