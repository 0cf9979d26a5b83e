import { companyPk, sortKeyPrefix } from './keys.js';
import { queryPages } from './query-pages.js';

/**
 * What follows `prefix` in the sort keys of the company's items that start with it (the ids a
 * link item names, e.g. `CREDIT_NOTE_OF#<invoiceId>#<noteId>` → the note ids), every page,
 * read consistently and keys only.
 */
export async function sortKeySuffixes(companyId: string, prefix: string): Promise<string[]> {
  const suffixes: string[] = [];
  for await (const page of queryPages({
    ...sortKeyPrefix(companyPk(companyId), prefix),
    ProjectionExpression: 'sk',
    ConsistentRead: true,
  })) {
    for (const item of page.items) suffixes.push(String(item.sk).slice(prefix.length));
  }
  return suffixes;
}
