/**
 * The library's current costs for what a caller needs: articles and ouvrages read once (their
 * sub-ouvrages and articles level by level, one BatchGetItem a level), and each ouvrage's déboursé
 * computed from them by the shared rule (`library-costs.ts`). An ouvrage's answer is built here.
 */
import type { Ouvrage, OuvrageComponent } from '@btp/shared/entities/library';
import { MAX_OUVRAGE_LEVELS } from '@btp/shared/entities/library-basics';
import { componentCostCents, dominantResourceType } from '@btp/shared/library-costs';
import type { ResourceType } from '@btp/shared/enums';
import { formatMoney, parseMoney, parsePercent, parseQuantity, sumCents } from '@btp/shared/money';
import { articles, ouvrages, type ArticleRecord, type OuvrageRecord } from '../data/entities/library.js';

export interface CostBook {
  articles: Map<string, ArticleRecord>;
  ouvrages: Map<string, OuvrageRecord>;
  /** An article's cost or an ouvrage's déboursé, in cents; `undefined` when not in the library. */
  costCents(kind: 'article' | 'ouvrage', id: string): number | undefined;
  /** Levels of ouvrages an ouvrage holds, itself included (1: articles only). */
  levels(id: string): number;
  /** An article's type, or an ouvrage's dominant type (`dominantResourceType`). */
  resourceType(kind: 'article' | 'ouvrage', id: string): ResourceType;
}

/** Rounds of reads below the ouvrages asked for: enough for 3 levels, one more to notice a 4th. */
const maxRounds = MAX_OUVRAGE_LEVELS + 1;

/**
 * Reads the articles and ouvrages named (and everything the ouvrages are made of) and answers
 * their current costs. `known` records already read are reused.
 */
export async function readCostBook(
  companyId: string,
  wanted: { articleIds?: Iterable<string>; ouvrageIds?: Iterable<string> },
  known: { ouvrages?: readonly OuvrageRecord[]; articles?: readonly ArticleRecord[] } = {},
): Promise<CostBook> {
  const articleMap = new Map((known.articles ?? []).map((article) => [article.id, article]));
  const ouvrageMap = new Map((known.ouvrages ?? []).map((ouvrage) => [ouvrage.id, ouvrage]));
  let articleIds = new Set([...(wanted.articleIds ?? [])].filter((id) => !articleMap.has(id)));
  let ouvrageIds = new Set([...(wanted.ouvrageIds ?? [])].filter((id) => !ouvrageMap.has(id)));
  for (const ouvrage of ouvrageMap.values()) {
    for (const component of ouvrage.components) {
      if (component.articleId && !articleMap.has(component.articleId)) articleIds.add(component.articleId);
      if (component.ouvrageId && !ouvrageMap.has(component.ouvrageId)) ouvrageIds.add(component.ouvrageId);
    }
  }
  for (let round = 0; round <= maxRounds && (articleIds.size > 0 || ouvrageIds.size > 0); round += 1) {
    const [foundArticles, foundOuvrages] = await Promise.all([
      articleIds.size > 0 ? articles.getMany(companyId, articleIds) : new Map<string, ArticleRecord>(),
      ouvrageIds.size > 0 ? ouvrages.getMany(companyId, ouvrageIds) : new Map<string, OuvrageRecord>(),
    ]);
    for (const [id, article] of foundArticles) articleMap.set(id, article);
    const nextArticles = new Set<string>();
    const nextOuvrages = new Set<string>();
    for (const [id, ouvrage] of foundOuvrages) {
      ouvrageMap.set(id, ouvrage);
      for (const component of ouvrage.components) {
        if (component.articleId && !articleMap.has(component.articleId))
          nextArticles.add(component.articleId);
        if (component.ouvrageId && !ouvrageMap.has(component.ouvrageId))
          nextOuvrages.add(component.ouvrageId);
      }
    }
    articleIds = nextArticles;
    ouvrageIds = nextOuvrages;
  }
  return costBookOf(articleMap, ouvrageMap);
}

/** The costs of records already read (`readCostBook` reads them). */
export function costBookOf(
  articleMap: Map<string, ArticleRecord>,
  ouvrageMap: Map<string, OuvrageRecord>,
): CostBook {
  const costs = new Map<string, number | undefined>();
  const levelsOf = new Map<string, number>();
  const ouvrageCost = (id: string, depth: number): number | undefined => {
    if (costs.has(id)) return costs.get(id);
    const ouvrage = ouvrageMap.get(id);
    // A chain deeper than the rule allows can only be a cycle written around the checks: no cost.
    if (!ouvrage || depth > maxRounds) return undefined;
    let missing = false;
    const parts = ouvrage.components.map((component) => {
      const unit = component.articleId
        ? articleCost(component.articleId)
        : component.ouvrageId
          ? ouvrageCost(component.ouvrageId, depth + 1)
          : undefined;
      if (unit === undefined) {
        missing = true;
        return 0;
      }
      return componentCostCents(
        parseQuantity(component.quantity),
        parsePercent(component.lossRate ?? '0'),
        unit,
      );
    });
    const cost = missing ? undefined : sumCents(parts);
    costs.set(id, cost);
    return cost;
  };
  const articleCost = (id: string): number | undefined => {
    const article = articleMap.get(id);
    return article ? parseMoney(article.unitCost) : undefined;
  };
  const levels = (id: string, depth = 0): number => {
    const cached = levelsOf.get(id);
    if (cached !== undefined) return cached;
    const ouvrage = ouvrageMap.get(id);
    if (!ouvrage || depth > maxRounds) return depth > maxRounds ? maxRounds + 1 : 1;
    const below = Math.max(
      0,
      ...ouvrage.components.map((component) =>
        component.ouvrageId ? levels(component.ouvrageId, depth + 1) : 0,
      ),
    );
    levelsOf.set(id, below + 1);
    return below + 1;
  };
  const types = new Map<string, ResourceType>();
  const resourceType = (kind: 'article' | 'ouvrage', id: string, depth = 0): ResourceType => {
    if (kind === 'article') return articleMap.get(id)?.resourceType ?? 'other';
    const cached = types.get(id);
    if (cached) return cached;
    const ouvrage = ouvrageMap.get(id);
    if (!ouvrage || depth > maxRounds) return 'other';
    const type = dominantResourceType(
      ouvrage.components.map((component) => {
        const sub = component.ouvrageId ? 'ouvrage' : 'article';
        const subId = component.ouvrageId ?? component.articleId ?? '';
        const unit = sub === 'article' ? articleCost(subId) : ouvrageCost(subId, depth + 1);
        return {
          resourceType: resourceType(sub, subId, depth + 1),
          costCents: componentCostCents(
            parseQuantity(component.quantity),
            parsePercent(component.lossRate ?? '0'),
            unit ?? 0,
          ),
        };
      }),
    );
    types.set(id, type);
    return type;
  };
  return {
    articles: articleMap,
    ouvrages: ouvrageMap,
    costCents: (kind, id) => (kind === 'article' ? articleCost(id) : ouvrageCost(id, 0)),
    levels: (id) => levels(id),
    resourceType: (kind, id) => resourceType(kind, id),
  };
}

/** An ouvrage as the API answers it: its components described and costed, its déboursé. */
export function ouvrageAnswer(record: OuvrageRecord, book: CostBook): Ouvrage {
  const components: OuvrageComponent[] = record.components.map((component) => {
    const article = component.articleId ? book.articles.get(component.articleId) : undefined;
    const sub = component.ouvrageId ? book.ouvrages.get(component.ouvrageId) : undefined;
    const unitCents = component.articleId
      ? book.costCents('article', component.articleId)
      : component.ouvrageId
        ? book.costCents('ouvrage', component.ouvrageId)
        : undefined;
    const unit = unitCents ?? 0;
    return {
      kind: component.ouvrageId ? 'ouvrage' : 'article',
      ...(component.articleId ? { articleId: component.articleId } : {}),
      ...(component.ouvrageId ? { ouvrageId: component.ouvrageId } : {}),
      quantity: component.quantity,
      ...(component.lossRate ? { lossRate: component.lossRate } : {}),
      designation: article?.designation ?? sub?.designation ?? '(supprimé)',
      unit: article?.unit ?? sub?.unit ?? '',
      resourceType: component.ouvrageId
        ? book.resourceType('ouvrage', component.ouvrageId)
        : (article?.resourceType ?? 'other'),
      ...(article?.reference ? { reference: article.reference } : {}),
      ...(sub?.code ? { code: sub.code } : {}),
      unitCost: formatMoney(unit),
      cost: formatMoney(
        componentCostCents(parseQuantity(component.quantity), parsePercent(component.lossRate ?? '0'), unit),
      ),
    };
  });
  const { components: _stored, ...fields } = record;
  return {
    ...fields,
    components,
    unitCost: formatMoney(
      book.costCents('ouvrage', record.id) ?? sumCents(components.map((c) => parseMoney(c.cost))),
    ),
    levels: book.levels(record.id),
    resourceType: book.resourceType('ouvrage', record.id),
  };
}
