/**
 * Articles of the price library (docs/library.md "Articles"): create, read, update, delete, list
 * and search. Every call works inside the caller's company; a supplier or article of another
 * company is "not found".
 */
import type {
  Article,
  ArticleCreateData,
  ArticleUpdateData,
  LibraryQuery,
} from '@btp/shared/entities/library';
import { LIBRARY_SEARCH_DEFAULT_LIMIT } from '@btp/shared/entities/library-query';
import type { Page } from '../data/entity-repository.js';
import {
  addFamilyMove,
  articles,
  familyCounterItems,
  libraryMessages,
  ouvrages,
  type ArticleRecord,
  type FamilyDelta,
} from '../data/entities/library.js';
import type { Key } from '../data/keys.js';
import { usersOf } from '../data/library-queries.js';
import { suppliers } from '../data/entities/suppliers.js';
import { maxTransactionItems, transactWrite, type TransactItem } from '../data/transactions.js';
import { badRequest, conflict, messages } from '../lib/http-errors.js';
import { listHits, searchHits } from './library-search.js';

/** Articles as answered: with `supplier{id,name}` when they have one (one BatchGet for all). */
export async function withSuppliers(companyId: string, records: ArticleRecord[]): Promise<Article[]> {
  const ids = [...new Set(records.flatMap((record) => (record.supplierId ? [record.supplierId] : [])))];
  const found = ids.length > 0 ? await suppliers.getMany(companyId, ids, ['name']) : new Map();
  return records.map((record) => {
    const supplier = record.supplierId ? found.get(record.supplierId) : undefined;
    return supplier ? { ...record, supplier: { id: supplier.id, name: supplier.name } } : record;
  });
}

/** 400 on `supplierId` when it is not one of the company's suppliers (before anything is written). */
async function checkSupplier(companyId: string, supplierId: string | undefined): Promise<void> {
  if (supplierId && !(await suppliers.get(companyId, supplierId))) {
    throw badRequest(messages.validation, [{ path: 'supplierId', message: libraryMessages.supplierGone }]);
  }
}

/** `POST /api/library/articles`. */
export async function createArticle(companyId: string, data: ArticleCreateData): Promise<Article> {
  await checkSupplier(companyId, data.supplierId);
  const fields = data;
  const record = await articles.create(companyId, fields, {
    extraItems: familyCounterItems(companyId, addFamilyMove(new Map(), 'articles', undefined, fields)),
  });
  const [answer] = await withSuppliers(companyId, [record]);
  return answer as Article;
}

/**
 * Many new articles at once (the demo company's library): each written as `createArticle` writes it (`articles.createItems`: the record, its
 * reference reserved, its search and list keys, its supplier stamped; the families' counters), but
 * several per transaction, as the price-list import groups its rows: ~20 transactions instead of
 * ~170 (each with a read of the supplier before and after). A supplier is stamped once per
 * transaction (DynamoDB refuses two writes of one item in a transaction; the stamp is a fresh
 * random value either way). The ids, keyed by reference.
 */
export async function createArticlesInGroups(
  company: string,
  all: ArticleCreateData[],
): Promise<Map<string, string>> {
  for (const supplierId of new Set(all.map((fields) => fields.supplierId)))
    await checkSupplier(company, supplierId);
  const ids = new Map<string, string>();
  let items: TransactItem[] = [];
  let delta: FamilyDelta = new Map();
  const stamped = new Set<string>();
  const flush = async () => {
    if (items.length === 0) return;
    await transactWrite([...items, ...familyCounterItems(company, delta)]);
    items = [];
    delta = new Map();
    stamped.clear();
  };
  for (const fields of all) {
    const { record, items: own } = articles.createItems(company, fields);
    // Room for the families' counters (one per family of the group, at most one more here).
    if (items.length + own.length + delta.size + 1 > maxTransactionItems) await flush();
    for (const item of own) {
      const key = item.Update?.Key as Key | undefined;
      if (key) {
        const name = `${key.pk} ${key.sk}`;
        if (stamped.has(name)) continue;
        stamped.add(name);
      }
      items.push(item);
    }
    addFamilyMove(delta, 'articles', undefined, fields);
    ids.set(record.reference ?? record.id, record.id);
  }
  await flush();
  return ids;
}

/** `GET /api/library/articles/{id}`. */
export async function getArticle(companyId: string, id: string): Promise<Article> {
  const [answer] = await withSuppliers(companyId, [await articles.getOrThrow(companyId, id)]);
  return answer as Article;
}

/**
 * `PUT /api/library/articles/{id}`: the whole editable record (a field left out is cleared),
 * guarded by `version`. No devis changes: a quote keeps its snapshot until « Actualiser les prix ».
 */
export async function updateArticle(
  companyId: string,
  id: string,
  data: ArticleUpdateData,
): Promise<Article> {
  const { version, ...fields } = data;
  await checkSupplier(companyId, fields.supplierId);
  const current = await articles.getOrThrow(companyId, id);
  const record = await articles.update(companyId, id, () => fields, {
    expectedVersion: version ?? current.version,
    extraItems: familyCounterItems(companyId, addFamilyMove(new Map(), 'articles', current, fields)),
  });
  const [answer] = await withSuppliers(companyId, [record]);
  return answer as Article;
}

/**
 * The 409 refusing to delete an article or ouvrage that an ouvrage uses, naming one of them, or
 * `undefined` when none does.
 */
export async function usedByMessage(
  companyId: string,
  id: string,
  subject: 'Cet article' | 'Cet ouvrage',
): Promise<string | undefined> {
  const users = await usersOf(companyId, id, 11);
  if (users.length === 0) return undefined;
  const first = await ouvrages.get(companyId, users[0] as string);
  const others = users.length - 1;
  const more =
    others === 0
      ? ''
      : others >= 10
        ? ' (et plus de 10 autres)'
        : ` (et ${others} autre${others > 1 ? 's' : ''})`;
  return `${subject} est utilisé par l'ouvrage « ${first?.designation ?? '…'} »${more} : retirez-le d'abord de ${
    others === 0 ? 'cet ouvrage' : 'ces ouvrages'
  }.`;
}

/**
 * `DELETE /api/library/articles/{id}`: refused (409 naming an ouvrage) while an ouvrage uses it;
 * race-free with an ouvrage starting to use it (`removeUnlessUsed`, docs/library.md "Concurrency").
 */
export async function deleteArticle(companyId: string, id: string): Promise<void> {
  await articles.removeUnlessUsed(
    companyId,
    id,
    async () => {
      const message = await usedByMessage(companyId, id, 'Cet article');
      return message ? conflict(message) : undefined;
    },
    (current) => familyCounterItems(companyId, addFamilyMove(new Map(), 'articles', current, undefined)),
  );
}

/** The page's records as read (missing ones, deleted meanwhile, left out), in the hits' order. */
async function articlesInOrder(companyId: string, ids: string[]): Promise<ArticleRecord[]> {
  const found = await articles.getMany(companyId, ids);
  return ids.flatMap((id) => found.get(id) ?? []);
}

/**
 * `GET /api/library/articles`: in family then designation order (`family`: that family and its
 * sub-families), or with `q` the search restricted to articles; `limit` (default 50) and `cursor`.
 */
export async function listArticles(companyId: string, query: LibraryQuery): Promise<Page<Article>> {
  const limit = query.limit ?? (query.q ? LIBRARY_SEARCH_DEFAULT_LIMIT : 50);
  const page = query.q
    ? await searchHits(companyId, {
        q: query.q,
        kind: 'article',
        family: query.family,
        limit,
        cursor: query.cursor,
      })
    : await listHits(companyId, { kind: 'article', family: query.family, limit, cursor: query.cursor });
  const records = await articlesInOrder(
    companyId,
    page.hits.map((hit) => hit.id),
  );
  return { items: await withSuppliers(companyId, records), nextCursor: page.nextCursor };
}
