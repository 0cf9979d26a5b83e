/**
 * `GET /api/library/search` (articles and ouvrages mixed, best first) and `GET /api/library/families`
 * (the family tree with its counts): docs/library.md.
 */
import type { LibraryFamilyNode, LibraryQuery, LibrarySearchItem } from '@btp/shared/entities/library';
import { familyLevels } from '@btp/shared/entities/library-basics';
import { LIBRARY_SEARCH_DEFAULT_LIMIT } from '@btp/shared/entities/library-query';
import { formatMoney } from '@btp/shared/money';
import type { Page } from '../data/entity-repository.js';
import { wholeRange } from '../data/library-queries.js';
import { withSuppliers } from './article-service.js';
import { readCostBook } from './cost-book.js';
import { searchHits } from './library-search.js';

/** `GET /api/library/search?q=`: `limit` (default 20, at most 200) and `cursor`; nothing without `q`. */
export async function searchLibrary(
  companyId: string,
  query: LibraryQuery,
): Promise<Page<LibrarySearchItem>> {
  if (!query.q) return { items: [] };
  const page = await searchHits(companyId, {
    q: query.q,
    kind: query.kind,
    family: query.family,
    limit: query.limit ?? LIBRARY_SEARCH_DEFAULT_LIMIT,
    cursor: query.cursor,
  });
  const book = await readCostBook(companyId, {
    articleIds: page.hits.flatMap((hit) => (hit.kind === 'article' ? [hit.id] : [])),
    ouvrageIds: page.hits.flatMap((hit) => (hit.kind === 'ouvrage' ? [hit.id] : [])),
  });
  const hitArticles = await withSuppliers(
    companyId,
    page.hits.flatMap((hit) => {
      const article = hit.kind === 'article' ? book.articles.get(hit.id) : undefined;
      return article ? [article] : [];
    }),
  );
  const answered = new Map(hitArticles.map((article) => [article.id, article]));
  const items = page.hits.flatMap((hit): LibrarySearchItem[] => {
    if (hit.kind === 'article') {
      const article = answered.get(hit.id);
      if (!article) return [];
      return [
        {
          kind: 'article',
          id: article.id,
          designation: article.designation,
          unit: article.unit,
          unitCost: article.unitCost,
          resourceType: article.resourceType,
          status: article.status,
          ...(article.reference ? { reference: article.reference } : {}),
          ...(article.family ? { family: article.family } : {}),
          ...(article.vatRate ? { vatRate: article.vatRate } : {}),
          ...(article.supplier ? { supplier: article.supplier } : {}),
        },
      ];
    }
    const ouvrage = book.ouvrages.get(hit.id);
    if (!ouvrage) return [];
    return [
      {
        kind: 'ouvrage',
        id: ouvrage.id,
        designation: ouvrage.designation,
        unit: ouvrage.unit,
        unitCost: formatMoney(book.costCents('ouvrage', ouvrage.id) ?? 0),
        resourceType: book.resourceType('ouvrage', ouvrage.id),
        ...(ouvrage.code ? { code: ouvrage.code } : {}),
        ...(ouvrage.family ? { family: ouvrage.family } : {}),
        ...(ouvrage.vatRate ? { vatRate: ouvrage.vatRate } : {}),
      },
    ];
  });
  return { items, nextCursor: page.nextCursor };
}

/**
 * `GET /api/library/families`: every family the company's articles and ouvrages use, as a tree
 * (levels in French order), each node counting what it and its sub-families hold. Read from the
 * family counters (one item per family), not from the records.
 */
export async function libraryFamilies(companyId: string): Promise<LibraryFamilyNode[]> {
  const counters = await wholeRange<{ path?: string; articles?: number; ouvrages?: number }>(
    companyId,
    'LIBFAM#',
  );
  const roots: LibraryFamilyNode[] = [];
  const collator = new Intl.Collator('fr', { numeric: true });
  for (const counter of counters) {
    const articles = Number(counter.articles ?? 0);
    const ouvrages = Number(counter.ouvrages ?? 0);
    const levels = familyLevels(counter.path);
    if (levels.length === 0 || (articles <= 0 && ouvrages <= 0)) continue;
    let siblings = roots;
    levels.forEach((level, index) => {
      const path = levels.slice(0, index + 1).join(' › ');
      let node = siblings.find((candidate) => collator.compare(candidate.name, level) === 0);
      if (!node) {
        node = { name: level, path, articles: 0, ouvrages: 0, children: [] };
        siblings.push(node);
      }
      node.articles += Math.max(0, articles);
      node.ouvrages += Math.max(0, ouvrages);
      siblings = node.children;
    });
  }
  const sort = (nodes: LibraryFamilyNode[]) => {
    nodes.sort((a, b) => collator.compare(a.name, b.name));
    for (const node of nodes) sort(node.children);
  };
  sort(roots);
  return roots;
}
