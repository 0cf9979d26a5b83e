import { optionalIdField } from '@btp/shared/fields';
// The shared modules' zod (French messages; a schema holding their fields is built with them).
import * as z from '@btp/shared/lazy-zod';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { previewPriceList } from '../../library/price-list-import.js';

const previewQuery = z.object({
  supplierId: optionalIdField,
  encoding: z
    .enum(['utf-8', 'windows-1252'], { error: 'Encodage inconnu : utf-8 ou windows-1252' })
    .optional(),
  delimiter: z.enum([';', ',', '\t'], { error: 'Séparateur inconnu : ; , ou tabulation' }).optional(),
  headerRow: z.coerce.number().int().min(0).max(50).optional(),
});

/** GET /api/library/imports/uploads/{id}/preview: columns, first rows, the mapping to propose. */
export const handler = createHandler(
  { params: idParams, query: previewQuery },
  async ({ params, query, principal }) => ({
    body: await previewPriceList(companyOf(principal), params.id, query),
  }),
);
