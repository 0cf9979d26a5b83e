import { bankLinesQuery } from '@btp/shared/accounting/bank-lines-query';
import { listBankLines } from '../../bank/bank-lines.js';
import { createHandler } from '../../lib/http.js';
import { listResponse } from '../../lib/list-response.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/bank/lines?status=unmatched (default; with their suggestions), matched or ignored. */
export const handler = createHandler({ query: bankLinesQuery }, async ({ query, principal }) => {
  const page = await listBankLines(companyOf(principal), query.status, query.cursor);
  return listResponse(page.items, page.nextCursor);
});
