import { bankMatchParser } from '@btp/shared/accounting/bank-match-input';
import { matchBankLine } from '../../bank/bank-match.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * POST /api/bank/lines/{id}/match: `{kind, id, amount?}` records the payment (as `POST …/pay` would)
 * and matches the line in the same transaction, or `{ignore: true}`; 409 when already matched. The
 * body and the path are parsed by hand (no zod at start: issue 27).
 */
export const handler = createHandler(
  { params: idParams, body: bankMatchParser },
  async ({ params, body, principal }) => ({
    body: await matchBankLine(companyOf(principal), params.id, body),
  }),
);
