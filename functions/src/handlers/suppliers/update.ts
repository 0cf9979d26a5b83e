import { supplierUpdateParser } from '@btp/shared/entities/supplier-input';
import { updateSupplier } from '../../suppliers/supplier-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** PUT /api/suppliers/{id}: the whole editable record, optionally with the `version` read. */
export const handler = createHandler(
  { body: supplierUpdateParser, params: idParams },
  async ({ body, params, principal }) => ({
    body: await updateSupplier(companyOf(principal), params.id, body),
  }),
);
