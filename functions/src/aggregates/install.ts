/**
 * Installs the company aggregates into the data layer: every transaction (`data/transactions.ts`)
 * then carries the aggregate updates its records move (`maintain.ts`), in the same write. Imported
 * for its effect where a process that writes starts: `lib/http.ts` (every route's handler), the jobs
 * (`handlers/jobs/`, `handlers/mail/`), the local stack's scripts and the integration tests' setup.
 * Without it, a write of a record the aggregates count is refused (never written without them).
 *
 * `maintain.ts` and what it reads (the figures, the invoice and quote entities) are loaded on the
 * first transaction that writes a record they count, not when a function starts: a route that only
 * reads, or a process that writes only records they do not count (the price-list import worker),
 * never evaluates them.
 */
import { figureImageOf } from '../data/figure-images.js';
import { extendTransactions } from '../data/transaction-extension.js';

extendTransactions(async (items) => {
  if (!items.some((item) => figureImageOf(item) !== undefined)) return [];
  const { aggregateItems } = await import('./maintain.js');
  return aggregateItems(items);
});
