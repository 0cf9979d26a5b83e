/**
 * The price library's records (docs/library.md, docs/data-model.md "Library"), in the company's
 * partition:
 * - `ARTICLE#<id>`: an article; its reference unique per supplier (`UNIQUE#ARTICLE_REFERENCE#…`);
 * - `OUVRAGE#<id>`: an ouvrage with its components (ids, quantities, loss rates; never costs: those
 *   are read from the library when answered); its code unique (`UNIQUE#OUVRAGE_CODE#…`);
 * - with each, its search and list index items (`library-index.ts`), and for an ouvrage one
 *   key-only `LIBUSE#<componentId>#<ouvrageId>` per component (what uses an article or ouvrage);
 * - `LIBFAM#<family key>`: how many articles and ouvrages a family holds (`ADD`, with the writes).
 */
import type { Article, OuvrageComponentData } from '@btp/shared/entities/library';
import { tableName } from '../../lib/dynamo.js';
import { entityRepository, type BaseRecord } from '../entity-repository.js';
import { companyPk, type Key } from '../keys.js';
import { familyKey, listIndexItem, searchIndexItems } from '../library-index.js';
import type { TransactItem } from '../transactions.js';

/** An article as stored (its supplier's name is read when answered). */
export type ArticleRecord = Omit<Article, 'supplier'>;

/** An ouvrage as stored. */
export interface OuvrageRecord extends BaseRecord {
  code?: string;
  designation: string;
  unit: string;
  family?: string;
  vatRate?: string;
  components: OuvrageComponentData[];
}

export const libraryMessages = {
  articleNotFound: 'Article introuvable.',
  ouvrageNotFound: 'Ouvrage introuvable.',
  referenceTaken: 'Cet article existe déjà chez ce fournisseur (même référence).',
  codeTaken: 'Un ouvrage porte déjà ce code.',
  supplierGone: 'Fournisseur introuvable : choisissez un fournisseur de votre entreprise.',
  componentArticleGone: 'Article introuvable : choisissez un article de votre bibliothèque.',
  componentOuvrageGone: 'Ouvrage introuvable : choisissez un ouvrage de votre bibliothèque.',
} as const;

/** The unique value of an article's reference: per supplier (`-` for articles without one). */
export const articleReferenceValue = (article: Pick<ArticleRecord, 'supplierId' | 'reference'>) =>
  article.reference ? `${article.supplierId ?? '-'} ${article.reference}` : undefined;

/** `LIBUSE#<componentId>#<ouvrageId>`: the ouvrage uses that article or ouvrage. */
export const usagePrefix = (componentId: string) => `LIBUSE#${componentId}#`;
export const usageKey = (companyId: string, componentId: string, ouvrageId: string): Key => ({
  pk: companyPk(companyId),
  sk: `${usagePrefix(componentId)}${ouvrageId}`,
});

/** `LIBSUP#<supplierId>#<articleId>`: the articles of a supplier (its deletion counts them). */
export const supplierArticlesPrefix = (supplierId: string) => `LIBSUP#${supplierId}#`;

export const articles = entityRepository<ArticleRecord>({
  type: 'ARTICLE',
  notFoundMessage: libraryMessages.articleNotFound,
  unique: [{ field: 'REFERENCE', value: articleReferenceValue, message: libraryMessages.referenceTaken }],
  // A supplier's deletion counts its articles (the stamp makes it race-free, reference-stamps.ts).
  references: [{ field: 'supplierId', targetType: 'SUPPLIER', message: libraryMessages.supplierGone }],
  links: [
    (companyId, article) => searchIndexItems(companyId, 'a', article),
    (companyId, article) => listIndexItem(companyId, 'a', article),
    (companyId, article) =>
      article.supplierId
        ? { pk: companyPk(companyId), sk: `${supplierArticlesPrefix(article.supplierId)}${article.id}` }
        : undefined,
  ],
});

export const ouvrages = entityRepository<OuvrageRecord>({
  type: 'OUVRAGE',
  notFoundMessage: libraryMessages.ouvrageNotFound,
  unique: [{ field: 'CODE', value: (ouvrage) => ouvrage.code, message: libraryMessages.codeTaken }],
  // The components' articles are stamped by the repository (a 400 on the component when one is
  // gone); sub-ouvrages are stamped by the ouvrage service, on the version it read (structure).
  references: [
    {
      field: 'components',
      targetType: 'ARTICLE',
      message: libraryMessages.componentArticleGone,
      targets: (ouvrage) =>
        ouvrage.components.flatMap((component, index) =>
          component.articleId ? [{ id: component.articleId, path: `components.${index}.articleId` }] : [],
        ),
    },
  ],
  links: [
    (companyId, ouvrage) => searchIndexItems(companyId, 'o', ouvrage),
    (companyId, ouvrage) => listIndexItem(companyId, 'o', ouvrage),
    (companyId, ouvrage) =>
      [...new Set(ouvrage.components.map((component) => component.articleId ?? component.ouvrageId ?? ''))]
        .filter((id) => id !== '')
        .map((id) => usageKey(companyId, id, ouvrage.id)),
  ],
});

/** `LIBFAM#<family key>`: the counters of one family. */
export const familyCounterKey = (companyId: string, family: string | undefined): Key => ({
  pk: companyPk(companyId),
  sk: `LIBFAM#${familyKey(family)}`,
});

/** A family's counters move: +1 / −1 article or ouvrage, by family path. */
export type FamilyDelta = Map<string, { path: string | undefined; articles: number; ouvrages: number }>;

/** Adds a record's move from `before` to `after` family (either absent: created, deleted) to `delta`. */
export function addFamilyMove(
  delta: FamilyDelta,
  kind: 'articles' | 'ouvrages',
  before: { family?: string | undefined } | undefined,
  after: { family?: string | undefined } | undefined,
): FamilyDelta {
  const move = (family: string | undefined, by: number) => {
    const keyOf = familyKey(family);
    const entry = delta.get(keyOf) ?? { path: family, articles: 0, ouvrages: 0 };
    entry[kind] += by;
    if (family) entry.path = family;
    delta.set(keyOf, entry);
  };
  if (before) move(before.family, -1);
  if (after) move(after.family, 1);
  return delta;
}

/** One `ADD` per family whose counters move (none for a record that stays in its family). */
export function familyCounterItems(companyId: string, delta: FamilyDelta): TransactItem[] {
  return [...delta.values()]
    .filter((entry) => entry.articles !== 0 || entry.ouvrages !== 0)
    .map((entry) => ({
      Update: {
        TableName: tableName(),
        Key: familyCounterKey(companyId, entry.path),
        UpdateExpression: entry.path
          ? 'ADD articles :articles, ouvrages :ouvrages SET #path = :path'
          : 'ADD articles :articles, ouvrages :ouvrages',
        ...(entry.path ? { ExpressionAttributeNames: { '#path': 'path' } } : {}),
        ExpressionAttributeValues: {
          ':articles': entry.articles,
          ':ouvrages': entry.ouvrages,
          ...(entry.path ? { ':path': entry.path } : {}),
        },
      },
    }));
}
