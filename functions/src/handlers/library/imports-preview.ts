import { priceListPreviewQueryParser } from '@btp/shared/entities/price-list-import-input';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { previewPriceList } from '../../library/price-list-import.js';

/**
 * GET /api/library/imports/uploads/{id}/preview: columns, first rows, the mapping to propose
 * (`?supplierId=&encoding=&delimiter=&headerRow=`, parsed without zod).
 */
export const handler = createHandler(
  { params: idParams, query: priceListPreviewQueryParser },
  async ({ params, query, principal }) => ({
    body: await previewPriceList(companyOf(principal), params.id, query),
  }),
);
