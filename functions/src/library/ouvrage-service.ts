/**
 * Ouvrages of the price library (docs/library.md "Ouvrages"): their components, déboursé, levels
 * and cycles, and the reads they answer with (`cost-book.ts`).
 */
import type {
  LibraryQuery,
  Ouvrage,
  OuvrageComponentData,
  OuvrageCreateData,
  OuvrageUpdateData,
} from '@btp/shared/entities/library';
import { MAX_OUVRAGE_LEVELS } from '@btp/shared/entities/library-basics';
import { LIBRARY_SEARCH_DEFAULT_LIMIT } from '@btp/shared/entities/library-query';
import { randomUUID } from 'node:crypto';
import { staleVersionMessage, type Fields, type Page } from '../data/entity-repository.js';
import {
  addFamilyMove,
  familyCounterItems,
  libraryMessages,
  ouvrages,
  type OuvrageRecord,
} from '../data/entities/library.js';
import { usersOf } from '../data/library-queries.js';
import { maxTransactionItems, transactWrite, type TransactItem } from '../data/transactions.js';
import { referenceStampAttribute } from '../data/reference-stamps.js';
import { tableName } from '../lib/dynamo.js';
import { badRequest, conflict, messages, type ErrorDetail, type HttpError } from '../lib/http-errors.js';
import { usedByMessage } from './article-service.js';
import { costBookOf, ouvrageAnswer, readCostBook, type CostBook } from './cost-book.js';
import { listHits, searchHits } from './library-search.js';

export const ouvrageMessages = {
  contains: (designation: string) =>
    `Cet ouvrage contient déjà « ${designation} » : un ouvrage ne peut pas se contenir lui-même.`,
  itself: 'Un ouvrage ne peut pas se contenir lui-même.',
  tooDeep: (designation: string) =>
    `Un ouvrage compte au plus ${MAX_OUVRAGE_LEVELS} niveaux (ouvrages dans des ouvrages) : « ${designation} » en ajouterait un ${MAX_OUVRAGE_LEVELS + 1}e.`,
  tooLarge:
    'Cet ouvrage est trop grand pour être enregistré en une fois : réduisez le nombre de ses composants.',
  tooManyUsers:
    "Cet ouvrage est utilisé par trop d'ouvrages pour recevoir un niveau de plus : ajoutez ce composant à une copie.",
};

/** The fields stored from a body. */
function ouvrageFields(data: OuvrageCreateData): Fields<OuvrageRecord> {
  const { components, ...rest } = data;
  return {
    ...rest,
    components: components.map((component) => ({
      ...(component.articleId ? { articleId: component.articleId } : {}),
      ...(component.ouvrageId ? { ouvrageId: component.ouvrageId } : {}),
      quantity: component.quantity,
      ...(component.lossRate && component.lossRate !== '0.00' ? { lossRate: component.lossRate } : {}),
    })),
  };
}

const componentPath = (component: OuvrageComponentData, index: number) =>
  `components.${index}.${component.ouvrageId ? 'ouvrageId' : 'articleId'}`;

/** Whether `target` is `from` or lies below it in the book's ouvrages. */
function reaches(book: CostBook, from: string, target: string, depth = 0): boolean {
  if (from === target) return true;
  if (depth > MAX_OUVRAGE_LEVELS + 1) return false;
  const ouvrage = book.ouvrages.get(from);
  return (ouvrage?.components ?? []).some(
    (component) => component.ouvrageId !== undefined && reaches(book, component.ouvrageId, target, depth + 1),
  );
}

/** Every ouvrage below the components (their sub-ouvrages, theirs), with the version read. */
function ouvragesBelow(book: CostBook, components: readonly OuvrageComponentData[]): Map<string, number> {
  const below = new Map<string, number>();
  const visit = (id: string, depth: number) => {
    const ouvrage = book.ouvrages.get(id);
    if (!ouvrage || below.has(id) || depth > MAX_OUVRAGE_LEVELS + 1) return;
    below.set(id, ouvrage.version);
    for (const component of ouvrage.components)
      if (component.ouvrageId) visit(component.ouvrageId, depth + 1);
  };
  for (const component of components) if (component.ouvrageId) visit(component.ouvrageId, 0);
  return below;
}

/**
 * Checks the components of an ouvrage (`selfId` when it exists) against the library as read:
 * each found, no cycle, at most `MAX_OUVRAGE_LEVELS` levels with `heightAbove` levels of ouvrages
 * above it. Answers its levels; throws the 400 naming the first component at fault.
 */
function checkComponents(
  book: CostBook,
  components: readonly OuvrageComponentData[],
  selfId: string | undefined,
  heightAbove: number,
): number {
  const details: ErrorDetail[] = [];
  let levels = 1;
  components.forEach((component, index) => {
    const path = componentPath(component, index);
    if (component.articleId) {
      if (!book.articles.has(component.articleId)) {
        details.push({ path, message: libraryMessages.componentArticleGone });
      }
      return;
    }
    const id = component.ouvrageId as string;
    const sub = book.ouvrages.get(id);
    if (!sub) {
      details.push({ path, message: libraryMessages.componentOuvrageGone });
      return;
    }
    if (selfId !== undefined && id === selfId) {
      details.push({ path, message: ouvrageMessages.itself });
      return;
    }
    if (selfId !== undefined && reaches(book, id, selfId)) {
      details.push({ path, message: ouvrageMessages.contains(sub.designation) });
      return;
    }
    const subLevels = book.levels(id);
    if (subLevels + 1 + heightAbove > MAX_OUVRAGE_LEVELS) {
      details.push({ path, message: ouvrageMessages.tooDeep(sub.designation) });
      return;
    }
    levels = Math.max(levels, subLevels + 1);
  });
  if (details.length > 0) throw badRequest(messages.validation, details);
  return levels;
}

/** The guard items of an ouvrage's write on the ouvrages below it (docs/library.md "Concurrency"). */
function belowGuards(
  companyId: string,
  book: CostBook,
  components: readonly OuvrageComponentData[],
  previous: readonly OuvrageComponentData[],
): TransactItem[] {
  const before = new Set(previous.flatMap((component) => (component.ouvrageId ? [component.ouvrageId] : [])));
  const direct = new Set(
    components.flatMap((component) => (component.ouvrageId ? [component.ouvrageId] : [])),
  );
  return [...ouvragesBelow(book, components)].map(([id, version]): TransactItem => {
    const Key = ouvrages.key(companyId, id);
    // A sub-ouvrage it starts to use is stamped (its deletion then sees this use); any other
    // ouvrage below is only checked: none changed since it was read.
    if (direct.has(id) && !before.has(id)) {
      return {
        Update: {
          TableName: tableName(),
          Key,
          UpdateExpression: 'SET #stamp = :stamp',
          ConditionExpression: 'version = :version',
          ExpressionAttributeNames: { '#stamp': referenceStampAttribute },
          ExpressionAttributeValues: { ':stamp': randomUUID(), ':version': version },
        },
      };
    }
    return {
      ConditionCheck: {
        TableName: tableName(),
        Key,
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': version },
      },
    };
  });
}

/** The ouvrages above one (those that contain it, theirs…), with their reference stamps, by distance. */
async function ouvragesAbove(
  companyId: string,
  id: string,
): Promise<{ height: number; stamps: Map<string, unknown> }> {
  const stamps = new Map<string, unknown>();
  let frontier = [id];
  let height = 0;
  for (let distance = 1; distance <= MAX_OUVRAGE_LEVELS && frontier.length > 0; distance += 1) {
    const parents = new Set<string>();
    for (const child of frontier)
      for (const parent of await usersOf(companyId, child, 50)) parents.add(parent);
    const fresh = [...parents].filter((parent) => !stamps.has(parent) && parent !== id);
    if (fresh.length === 0) break;
    height = distance;
    if (stamps.size + fresh.length > 30) throw badRequest(ouvrageMessages.tooManyUsers);
    for (const parent of fresh) {
      const { stamp } = await ouvrages.getWithStamp(companyId, parent).catch(() => ({ stamp: null }));
      stamps.set(parent, stamp);
    }
    frontier = fresh;
  }
  return { height, stamps };
}

function aboveGuards(companyId: string, stamps: Map<string, unknown>): TransactItem[] {
  return [...stamps].map(([id, stamp]) => ({
    ConditionCheck: {
      TableName: tableName(),
      Key: ouvrages.key(companyId, id),
      ConditionExpression:
        typeof stamp === 'string'
          ? '#stamp = :stamp'
          : 'attribute_exists(pk) AND attribute_not_exists(#stamp)',
      ExpressionAttributeNames: { '#stamp': referenceStampAttribute },
      ...(typeof stamp === 'string' ? { ExpressionAttributeValues: { ':stamp': stamp } } : {}),
    },
  }));
}

const booksComponents = (components: readonly OuvrageComponentData[]) => ({
  articleIds: components.flatMap((component) => (component.articleId ? [component.articleId] : [])),
  ouvrageIds: components.flatMap((component) => (component.ouvrageId ? [component.ouvrageId] : [])),
});

async function write(items: TransactItem[], explain: (index: number) => HttpError | undefined) {
  if (items.length > maxTransactionItems) throw badRequest(ouvrageMessages.tooLarge);
  await transactWrite(items, explain);
}

/** `POST /api/library/ouvrages`. */
export async function createOuvrage(companyId: string, data: OuvrageCreateData): Promise<Ouvrage> {
  const fields = ouvrageFields(data);
  const book = await readCostBook(companyId, booksComponents(fields.components));
  checkComponents(book, fields.components, undefined, 0);
  const { record, items, explain } = ouvrages.createItems(companyId, fields);
  const guards = [
    ...belowGuards(companyId, book, fields.components, []),
    ...familyCounterItems(companyId, addFamilyMove(new Map(), 'ouvrages', undefined, fields)),
  ];
  await write([...items, ...guards], (index) =>
    index < items.length ? explain(index) : conflict(staleVersionMessage),
  );
  return ouvrageAnswer(record, costBookOf(book.articles, new Map([...book.ouvrages, [record.id, record]])));
}

/**
 * `PUT /api/library/ouvrages/{id}`: the whole editable record, guarded by `version`. An update
 * that adds a level is also guarded by the stamps of the ouvrages above it.
 */
export async function updateOuvrage(
  companyId: string,
  id: string,
  data: OuvrageUpdateData,
): Promise<Ouvrage> {
  const { version, ...body } = data;
  const fields = ouvrageFields(body);
  const { record: current, stamp } = await ouvrages.getWithStamp(companyId, id);
  if (version !== undefined && version !== current.version) throw conflict(staleVersionMessage);
  const book = await readCostBook(companyId, booksComponents(fields.components), { ouvrages: [current] });
  // Levels now, from the library as read (the stored components may name records since deleted).
  const levelsBefore = book.levels(id);
  checkComponents(book, fields.components, id, 0);
  const levelsAfter =
    1 +
    Math.max(
      0,
      ...fields.components.map((component) => (component.ouvrageId ? book.levels(component.ouvrageId) : 0)),
    );
  let above = { height: 0, stamps: new Map<string, unknown>() };
  if (levelsAfter > levelsBefore) {
    above = await ouvragesAbove(companyId, id);
    checkComponents(book, fields.components, id, above.height);
  }
  const deepening = levelsAfter > levelsBefore;
  const extra = [
    ...belowGuards(companyId, book, fields.components, current.components),
    ...(deepening ? aboveGuards(companyId, above.stamps) : []),
    ...familyCounterItems(companyId, addFamilyMove(new Map(), 'ouvrages', current, fields)),
  ];
  const { record, items, explain } = ouvrages.updateItems(companyId, current, fields, {
    extraItems: extra,
    explainExtra: () => conflict(staleVersionMessage),
    ...(deepening ? { stamp: { value: stamp } } : {}),
  });
  await write(items, explain);
  return ouvrageAnswer(record, costBookOf(book.articles, new Map([...book.ouvrages, [record.id, record]])));
}

/** `GET /api/library/ouvrages/{id}`: with its components and déboursé from current costs. */
export async function getOuvrage(companyId: string, id: string): Promise<Ouvrage> {
  const record = await ouvrages.getOrThrow(companyId, id);
  const book = await readCostBook(companyId, {}, { ouvrages: [record] });
  return ouvrageAnswer(record, book);
}

/** `DELETE /api/library/ouvrages/{id}`: refused (409 naming an ouvrage) while another ouvrage uses it. */
export async function deleteOuvrage(companyId: string, id: string): Promise<void> {
  await ouvrages.removeUnlessUsed(
    companyId,
    id,
    async () => {
      const message = await usedByMessage(companyId, id, 'Cet ouvrage');
      return message ? conflict(message) : undefined;
    },
    (current) => familyCounterItems(companyId, addFamilyMove(new Map(), 'ouvrages', current, undefined)),
  );
}

/** Ouvrages by id, as answered, in the order of `ids` (missing ones left out). */
export async function ouvragesInOrder(companyId: string, ids: string[]): Promise<Ouvrage[]> {
  const book = await readCostBook(companyId, { ouvrageIds: ids });
  return ids.flatMap((id) => {
    const record = book.ouvrages.get(id);
    return record ? [ouvrageAnswer(record, book)] : [];
  });
}

/** `GET /api/library/ouvrages`: as `GET /api/library/articles`, for ouvrages. */
export async function listOuvrages(companyId: string, query: LibraryQuery): Promise<Page<Ouvrage>> {
  const limit = query.limit ?? (query.q ? LIBRARY_SEARCH_DEFAULT_LIMIT : 50);
  const page = query.q
    ? await searchHits(companyId, {
        q: query.q,
        kind: 'ouvrage',
        family: query.family,
        limit,
        cursor: query.cursor,
      })
    : await listHits(companyId, { kind: 'ouvrage', family: query.family, limit, cursor: query.cursor });
  return {
    items: await ouvragesInOrder(
      companyId,
      page.hits.map((hit) => hit.id),
    ),
    nextCursor: page.nextCursor,
  };
}
