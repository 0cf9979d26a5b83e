import { adminCompanyUpdateParser } from '@btp/shared/entities/admin-input';
import { idParams } from '../../lib/params.js';
import { changeCompany } from '../../admin/admin-service.js';
import { createHandler } from '../../lib/http.js';

/** PUT /api/admin/companies/{id} (super_admin): the company admin schema of spec section 5. */
export const handler = createHandler(
  { body: adminCompanyUpdateParser, params: idParams },
  async ({ body, params, principal }) => ({
    body: await changeCompany(params.id, body, principal?.userId ?? ''),
  }),
);
