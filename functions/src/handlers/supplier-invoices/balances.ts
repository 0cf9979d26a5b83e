import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';
import { supplierBalances } from '../../purchases/supplier-balances.js';

/** GET /api/supplier-invoices/balances: what the company owes each supplier, largest first. */
export const handler = createHandler({}, async ({ principal }) => ({
  body: await supplierBalances(companyOf(principal)),
}));
