import { supplierCreateInput } from '@btp/shared/entities/supplier';
import { createSupplier } from '../../suppliers/supplier-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** POST /api/suppliers: 201 with the created record. */
export const handler = createHandler({ body: supplierCreateInput }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await createSupplier(companyOf(principal), body),
}));
