import { supplierCreateParser } from '@btp/shared/entities/supplier-input';
import { createSupplier } from '../../suppliers/supplier-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** POST /api/suppliers: 201 with the created record. */
export const handler = createHandler({ body: supplierCreateParser }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await createSupplier(companyOf(principal), body),
}));
