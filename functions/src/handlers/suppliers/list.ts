import { searchableListQuery } from '@btp/shared/list';
import { listSuppliers } from '../../suppliers/supplier-service.js';
import { createHandler } from '../../lib/http.js';
import { listResponse } from '../../lib/list-response.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/suppliers: the company's suppliers and subcontractors, most recent first or as `sort` says, filtered by `q` (`limit`, `cursor`, `x-next-cursor`). */
export const handler = createHandler(
  { query: searchableListQuery('suppliers') },
  async ({ query, principal }) => {
    const page = await listSuppliers(companyOf(principal), query);
    return listResponse(page.items, page.nextCursor);
  },
);
