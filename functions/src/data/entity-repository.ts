import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { awsErrorToHttp } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { badRequest, conflict, notFound, type HttpError } from '../lib/http-errors.js';
import { batchGetConsistent } from './batch-get.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { newId, nowIso } from './ids.js';
import { referenceStamp, referenceStampAttribute, stampedDeleteCondition } from './reference-stamps.js';
import { companyMarkerKey, companyPk, recordKey, sortKeyPrefix, withoutKeys, type Key } from './keys.js';
import { withFigureImage } from './figure-images.js';
import { transactWrite, type TransactItem } from './transactions.js';

/** Attributes every business record carries (API.md "Records"). */
export interface BaseRecord {
  id: string;
  companyId: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export type Fields<R extends BaseRecord> = Omit<R, keyof BaseRecord>;

/** A field whose value is unique within a company (client names, quote numbers…). */
export interface UniqueRule<R> {
  field: string;
  value(record: R): string | undefined | null;
  /** The French 409 message, e.g. 'Un client porte déjà ce nom.' */
  message: string;
}

/**
 * A field holding the id of another record of the company (a project's `clientId`) whose deletion
 * checks what still uses it (see `reference-stamps.ts`): every write that sets or changes the field
 * stamps that record in its own transaction, which also proves the record is in the company.
 */
export interface ReferenceRule<R> {
  field: keyof R & string;
  /** Sort-key prefix of the referenced record, e.g. `CLIENT`. */
  targetType: string;
  /** French 400 message on the field when that record is not (or no longer) in the company. */
  message: string;
  /**
   * For a field holding a list (a quote's lines naming suppliers): the ids it links to, each with
   * the path of the first entry naming it (the 400's `details`). Without it, `record[field]`.
   */
  targets?: (record: R) => { id: string; path: string }[];
}

/**
 * A link item a record keeps in its company's partition (an invoice's `INVOICE_OF_QUOTE#…`, so
 * the invoices of a quote are read without reading every invoice): its key for a record (or
 * several: a library record's search-index items), or `undefined` when the record has none. The
 * repository writes it with the record, moves it when an update changes it and deletes it with the
 * record, in the same transaction. A link may carry attributes besides its key (what a search
 * reads): an update that changes them rewrites it.
 */
export type LinkRule<R> = (companyId: string, record: R) => Key | readonly Key[] | undefined;

export interface EntityDefinition<R extends BaseRecord> {
  /** Sort-key prefix, e.g. `CLIENT`. */
  type: string;
  /** French 404 message, e.g. 'Client introuvable.' */
  notFoundMessage: string;
  unique?: UniqueRule<R>[];
  references?: ReferenceRule<R>[];
  links?: LinkRule<R>[];
}

export interface ListOptions {
  /** 1–1000; at most 1000 when absent. */
  limit?: number;
  cursor?: string;
}

/**
 * An attribute of a record to read (`name`), or a part of a map attribute (`situation.index`): a
 * projection of the part leaves the rest of the map unread.
 */
export type AttributePath<R> = (keyof R & string) | `${keyof R & string}.${string}`;

/**
 * A DynamoDB projection of these attributes (plus `id`): reads that need a few fields of many
 * records (dashboard sums, related names, lists without quote lines) transfer and unmarshall only
 * those, which is most of a large read's time. A dotted path names a part of a map attribute.
 */
export function projectionOf(attributes: readonly string[] | undefined): {
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
} {
  if (!attributes) return {};
  const names: string[] = [];
  const placeholder = (name: string) => {
    const index = names.includes(name) ? names.indexOf(name) : names.push(name) - 1;
    return `#p${index}`;
  };
  const paths = [...new Set(['id', ...attributes])].map((path) => path.split('.').map(placeholder).join('.'));
  return {
    ProjectionExpression: paths.join(', '),
    ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#p${index}`, name])),
  };
}

/**
 * The stored attributes a list reads: the fields of its item's schema (`shape`), without those the
 * service adds when answering (`computed`: relations such as `client`, derived amounts).
 */
export function storedAttributesOf<R>(shape: object, computed: readonly string[]): AttributePath<R>[] {
  return Object.keys(shape).filter((name) => !computed.includes(name)) as AttributePath<R>[];
}

export interface Page<T> {
  items: T[];
  /** Present when more items remain (the `x-next-cursor` header). */
  nextCursor?: string;
}

export const maxListLimit = 1000;

export const staleVersionMessage =
  'Cet enregistrement a été modifié entre-temps : rechargez-le puis recommencez.';

/** More items for an update's transaction, made from the record as written (after `extraItems`). */
export interface ExtraItemsOf<R> {
  extraItemsOf?(next: R, current: R): TransactItem[];
}

export interface WriteOptions {
  /** More items written in the same transaction (counters, related records). */
  extraItems?: TransactItem[];
  /** Explains a failed condition on one of `extraItems` (index within them). */
  explainExtra?(index: number): HttpError | undefined;
}

/**
 * Create / get / list / update / delete for one business entity, always inside the caller's
 * company partition: `companyId` comes first in every call and from the session only.
 * Uniqueness markers are written in the same transaction as the record; updates are guarded by
 * `version` (a lost update is a 409, never silent).
 */
export function entityRepository<R extends BaseRecord>(definition: EntityDefinition<R>) {
  const { type } = definition;
  const rules = definition.unique ?? [];
  const references = definition.references ?? [];
  const links = definition.links ?? [];
  const key = (companyId: string, id: string): Key => recordKey(companyId, type, id);

  /** The keys of the link items of a record (`LinkRule`). */
  function linkKeys(companyId: string, record: R): Key[] {
    return links.flatMap((rule) => rule(companyId, record) ?? []);
  }
  const putLink = (link: Key): TransactItem => ({ Put: { TableName: tableName(), Item: link } });
  const deleteLink = (link: Key): TransactItem => ({
    Delete: { TableName: tableName(), Key: { pk: link.pk, sk: link.sk } },
  });
  const sameLink = (a: Key, b: Key) => JSON.stringify(a) === JSON.stringify(b);

  /**
   * The items that move a record's links from `before` to `after` (either absent: created,
   * deleted): a link gone is deleted, a new one put, one whose attributes changed put again.
   */
  function linkItems(companyId: string, before: R | undefined, after: R | undefined): TransactItem[] {
    const from = new Map((before ? linkKeys(companyId, before) : []).map((link) => [link.sk, link]));
    const to = after ? linkKeys(companyId, after) : [];
    const kept = new Set(to.map((link) => link.sk));
    return [
      ...[...from.values()].filter((link) => !kept.has(link.sk)).map(deleteLink),
      ...to
        .filter((link) => {
          const old = from.get(link.sk);
          return old === undefined || !sameLink(old, link);
        })
        .map(putLink),
    ];
  }

  /** The stamps on the records `record` refers to, for links that `previous` did not have already. */
  function stampItems(
    companyId: string,
    record: R,
    previous?: R,
  ): { rule: ReferenceRule<R>; path: string; item: TransactItem }[] {
    const stamps: { rule: ReferenceRule<R>; path: string; item: TransactItem }[] = [];
    const targetsOf = (rule: ReferenceRule<R>, of: R): { id: string; path: string }[] => {
      if (rule.targets) return rule.targets(of);
      const target = of[rule.field];
      return typeof target === 'string' ? [{ id: target, path: rule.field }] : [];
    };
    for (const rule of references) {
      const before = new Set(previous ? targetsOf(rule, previous).map((target) => target.id) : []);
      const seen = new Set<string>();
      for (const { id, path } of targetsOf(rule, record)) {
        if (id === '' || before.has(id) || seen.has(id)) continue;
        seen.add(id);
        stamps.push({ rule, path, item: referenceStamp(recordKey(companyId, rule.targetType, id)) });
      }
    }
    return stamps;
  }
  const referenceGone = (stamp: { rule: ReferenceRule<R>; path: string }) =>
    badRequest(undefined, [{ path: stamp.path, message: stamp.rule.message }]);

  function markerItems(companyId: string, record: R): { rule: UniqueRule<R>; key: Key }[] {
    const markers: { rule: UniqueRule<R>; key: Key }[] = [];
    for (const rule of rules) {
      const value = rule.value(record);
      if (value != null && value.trim() !== '') {
        markers.push({ rule, key: companyMarkerKey(companyId, type, rule.field, value) });
      }
    }
    return markers;
  }

  const putMarker = (marker: Key, ownerId: string): TransactItem => ({
    Put: {
      TableName: tableName(),
      Item: { ...marker, ownerId },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
  const deleteMarker = (marker: Key, ownerId: string): TransactItem => ({
    Delete: {
      TableName: tableName(),
      Key: marker,
      ConditionExpression: 'attribute_not_exists(pk) OR ownerId = :owner',
      ExpressionAttributeValues: { ':owner': ownerId },
    },
  });

  async function get(companyId: string, id: string): Promise<R | undefined> {
    try {
      const { Item } = await db().send(
        new GetCommand({ TableName: tableName(), Key: key(companyId, id), ConsistentRead: true }),
      );
      return Item ? withoutKeys<R>(Item) : undefined;
    } catch (error) {
      throw awsErrorToHttp(error) ?? error;
    }
  }

  async function getOrThrow(companyId: string, id: string): Promise<R> {
    const record = await get(companyId, id);
    if (!record) throw notFound(definition.notFoundMessage);
    return record;
  }

  /**
   * The items that write a new record and reserve its unique values, for a transaction the caller
   * runs (e.g. with a number taken from a counter), and how to explain a failed one.
   */
  function createItems(companyId: string, fields: Fields<R>, id: string = newId()) {
    const now = nowIso();
    const record = { ...fields, id, companyId, createdAt: now, updatedAt: now, version: 1 } as R;
    const markers = markerItems(companyId, record);
    const items: TransactItem[] = [
      withFigureImage(
        {
          Put: {
            TableName: tableName(),
            Item: { ...key(companyId, record.id), ...record },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        { type, companyId, after: record },
      ),
      ...markers.map((marker) => putMarker(marker.key, record.id)),
    ];
    const stamps = stampItems(companyId, record);
    items.push(...stamps.map((stamp) => stamp.item));
    // Unconditional, last: they never explain a failure.
    items.push(...linkItems(companyId, undefined, record));
    const explain = (index: number): HttpError | undefined => {
      if (index === 0) return conflict();
      const marker = markers[index - 1];
      if (marker) return conflict(marker.rule.message);
      const stamp = stamps[index - 1 - markers.length];
      return stamp ? referenceGone(stamp) : undefined;
    };
    return { record, items, explain };
  }

  async function create(companyId: string, fields: Fields<R>, options: WriteOptions & { id?: string } = {}) {
    const { record, items, explain } = createItems(companyId, fields, options.id);
    await transactWrite([...items, ...(options.extraItems ?? [])], (index) =>
      index < items.length ? explain(index) : options.explainExtra?.(index - items.length),
    );
    return record;
  }

  /**
   * The item that replaces a record read at `current.version` by `next` (no unique value, no
   * reference and no link may change through it), for a transaction the caller runs.
   */
  function replaceItem(companyId: string, current: R, next: Fields<R>): { record: R; item: TransactItem } {
    const record = {
      ...next,
      id: current.id,
      companyId,
      createdAt: current.createdAt,
      updatedAt: nowIso(),
      version: current.version + 1,
    } as R;
    if (linkItems(companyId, current, record).length > 0) {
      throw new Error(`replaceItem cannot move the links of ${type}#${current.id}: use update`);
    }
    return {
      record,
      item: withFigureImage(
        {
          Put: {
            TableName: tableName(),
            Item: { ...key(companyId, current.id), ...record },
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': current.version },
          },
        },
        { type, companyId, before: current, after: record },
      ),
    };
  }

  /** A record with its reference stamp as stored (`undefined`: none), for a stamp-guarded write. */
  async function getWithStamp(companyId: string, id: string): Promise<{ record: R; stamp: unknown }> {
    let item: Record<string, unknown> | undefined;
    try {
      ({ Item: item } = await db().send(
        new GetCommand({ TableName: tableName(), Key: key(companyId, id), ConsistentRead: true }),
      ));
    } catch (error) {
      throw awsErrorToHttp(error) ?? error;
    }
    if (!item) throw notFound(definition.notFoundMessage);
    return { record: withoutKeys<R>(item), stamp: item[referenceStampAttribute] };
  }

  /**
   * Replaces the editable fields of a record. `expectedVersion` is the version the caller read:
   * when the record changed since, nothing is written and the answer is 409.
   */
  async function update(
    companyId: string,
    id: string,
    change: (current: R) => Fields<R>,
    options: WriteOptions & ExtraItemsOf<R> & { expectedVersion?: number } = {},
  ): Promise<R> {
    const current = await getOrThrow(companyId, id);
    if (options.expectedVersion !== undefined && options.expectedVersion !== current.version) {
      throw conflict(staleVersionMessage);
    }
    const { record, items, explain } = updateItems(companyId, current, change(current), options);
    await transactWrite(items, explain);
    return record;
  }

  /**
   * The items that replace `current` (as read) by `fields`, with its markers, reference stamps,
   * `extraItems` and links, for a transaction the caller runs (several records in one), and how to
   * explain a failed one. With `stamp` (as `getWithStamp` read it), the write is also conditioned
   * on the record's reference stamp: nothing started to refer to it since it was read.
   */
  function updateItems(
    companyId: string,
    current: R,
    fields: Fields<R>,
    options: WriteOptions & ExtraItemsOf<R> & { stamp?: { value: unknown } } = {},
  ): { record: R; items: TransactItem[]; explain: (index: number) => HttpError | undefined } {
    const id = current.id;
    const next = {
      ...fields,
      id,
      companyId,
      createdAt: current.createdAt,
      updatedAt: nowIso(),
      version: current.version + 1,
    } as R;
    const before = markerItems(companyId, current);
    const after = markerItems(companyId, next);
    const removed = before.filter((marker) => !after.some((other) => other.key.sk === marker.key.sk));
    const added = after.filter((marker) => !before.some((other) => other.key.sk === marker.key.sk));
    const stamps = stampItems(companyId, next, current);
    const condition = options.stamp
      ? stampedDeleteCondition(current.version, options.stamp.value)
      : {
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': current.version },
        };
    const items: TransactItem[] = [
      withFigureImage(
        { Put: { TableName: tableName(), Item: { ...key(companyId, id), ...next }, ...condition } },
        { type, companyId, before: current, after: next },
      ),
      ...removed.map((marker) => deleteMarker(marker.key, id)),
      ...added.map((marker) => putMarker(marker.key, id)),
      ...stamps.map((stamp) => stamp.item),
      ...(options.extraItems ?? []),
      ...(options.extraItemsOf?.(next, current) ?? []),
      // Unconditional, after `extraItems` (whose indexes `explainExtra` receives).
      ...linkItems(companyId, current, next),
    ];
    const explain = (index: number): HttpError | undefined => {
      if (index === 0) return conflict(staleVersionMessage);
      if (index <= removed.length) return conflict(staleVersionMessage);
      const marker = added[index - 1 - removed.length];
      if (marker) return conflict(marker.rule.message);
      const stamp = stamps[index - 1 - removed.length - added.length];
      if (stamp) return referenceGone(stamp);
      return options.explainExtra?.(index - 1 - removed.length - added.length - stamps.length);
    };
    return { record: next, items, explain };
  }

  /**
   * The items that delete `current` (as read, guarded by its version) with its markers and links,
   * for a transaction the caller runs, and how to explain a failed one (`extraItems` go between, at
   * the indexes `explainExtra` receives).
   */
  function deleteItems(
    companyId: string,
    current: R,
    options: WriteOptions = {},
  ): { items: TransactItem[]; explain: (index: number) => HttpError | undefined } {
    const markers = markerItems(companyId, current);
    const items: TransactItem[] = [
      withFigureImage(
        {
          Delete: {
            TableName: tableName(),
            Key: key(companyId, current.id),
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': current.version },
          },
        },
        { type, companyId, before: current },
      ),
      ...markers.map((marker) => deleteMarker(marker.key, current.id)),
      ...(options.extraItems ?? []),
      ...linkItems(companyId, current, undefined),
    ];
    const explain = (index: number): HttpError | undefined => {
      if (index <= markers.length) return conflict(staleVersionMessage);
      return options.explainExtra?.(index - 1 - markers.length);
    };
    return { items, explain };
  }

  /** Deletes a record and frees its unique values, together with `extraItems`. */
  async function remove(companyId: string, id: string, options: WriteOptions = {}): Promise<R> {
    const current = await getOrThrow(companyId, id);
    const { items, explain } = deleteItems(companyId, current, options);
    await transactWrite(items, explain);
    return current;
  }

  /**
   * Deletes a record unless something still uses it, without a window for a new use in between:
   * the record is read with its reference stamp, `inUse` looks for what refers to it (the 409 to
   * answer, or `undefined`), then the deletion is conditioned on the version and the stamp read.
   * A write that started to refer to the record meanwhile changed the stamp, so the deletion fails
   * and the check runs again (it then sees that write). Three rounds, then a 409.
   */
  async function removeUnlessUsed(
    companyId: string,
    id: string,
    inUse: () => Promise<HttpError | undefined>,
    /** More items of the deletion's transaction (unconditional ones: counters), from the record read. */
    extraItems: (current: R) => TransactItem[] = () => [],
  ): Promise<void> {
    for (let round = 0; round < 3; round += 1) {
      let item: Record<string, unknown> | undefined;
      try {
        ({ Item: item } = await db().send(
          new GetCommand({ TableName: tableName(), Key: key(companyId, id), ConsistentRead: true }),
        ));
      } catch (error) {
        throw awsErrorToHttp(error) ?? error;
      }
      if (!item) throw notFound(definition.notFoundMessage);
      const current = withoutKeys<R>(item);
      const refusal = await inUse();
      if (refusal) throw refusal;
      const markers = markerItems(companyId, current);
      const changed = conflict(staleVersionMessage);
      try {
        await transactWrite(
          [
            withFigureImage(
              {
                Delete: {
                  TableName: tableName(),
                  Key: key(companyId, id),
                  ...stampedDeleteCondition(current.version, item[referenceStampAttribute]),
                },
              },
              { type, companyId, before: current },
            ),
            ...markers.map((marker) => deleteMarker(marker.key, id)),
            ...linkItems(companyId, current, undefined),
            ...extraItems(current),
          ],
          (index) => (index === 0 ? changed : conflict(staleVersionMessage)),
        );
        return;
      } catch (error) {
        if (error !== changed) throw error;
      }
    }
    throw conflict(staleVersionMessage);
  }

  /**
   * Most recent first, `limit` at a time (at most 1000), resumed with `cursor`. With `attributes`,
   * only those (and `id`) are read.
   */
  async function list(
    companyId: string,
    options: ListOptions & { attributes?: readonly AttributePath<R>[] } = {},
  ): Promise<Page<R>> {
    const limit = Math.min(Math.max(options.limit ?? maxListLimit, 1), maxListLimit);
    const pk = companyPk(companyId);
    const prefix = `${type}#`;
    let startKey: Record<string, unknown> | undefined = decodeCursor(options.cursor, pk, prefix);
    const items: R[] = [];
    // One item more than asked tells whether another page exists, so `nextCursor` is only given
    // when more items remain (DynamoDB returns a continuation key whenever `Limit` is reached).
    try {
      do {
        const page = await db().send(
          new QueryCommand({
            TableName: tableName(),
            ...sortKeyPrefix(pk, prefix),
            ScanIndexForward: false,
            // A list refreshed right after a write must show it (read-your-writes on AWS, where a
            // plain Query may answer from a replica that has not seen the write yet).
            ConsistentRead: true,
            Limit: limit + 1 - items.length,
            ExclusiveStartKey: startKey,
            ...projectionOf(options.attributes),
          }),
        );
        for (const item of page.Items ?? []) items.push(withoutKeys<R>(item));
        startKey = page.LastEvaluatedKey;
      } while (startKey && items.length <= limit);
    } catch (error) {
      throw awsErrorToHttp(error) ?? error;
    }
    const more = items.length > limit;
    const pageItems = more ? items.slice(0, limit) : items;
    const last = pageItems.at(-1);
    return { items: pageItems, nextCursor: more && last ? encodeCursor(key(companyId, last.id)) : undefined };
  }

  /**
   * Every record of the company (all pages), for aggregates such as the dashboard; with
   * `attributes`, only those fields (and `id`) of each record.
   */
  async function listAll(companyId: string): Promise<R[]>;
  async function listAll<K extends keyof R & string>(
    companyId: string,
    attributes: readonly K[],
  ): Promise<Pick<R, K | 'id'>[]>;
  async function listAll(companyId: string, attributes?: readonly AttributePath<R>[]): Promise<R[]> {
    const all: R[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(companyId, { limit: maxListLimit, cursor, attributes });
      all.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return all;
  }

  /** The records with these ids (missing ones left out), keyed by id; only `attributes` when given. */
  async function getMany(
    companyId: string,
    ids: Iterable<string>,
    attributes?: readonly AttributePath<R>[],
  ): Promise<Map<string, R>> {
    const unique = [...new Set(ids)].filter(Boolean);
    const items = await batchGetConsistent(
      unique.map((id) => key(companyId, id)),
      projectionOf(attributes),
    );
    const found = new Map<string, R>();
    for (const item of items) {
      const record = withoutKeys<R>(item);
      found.set(record.id, record);
    }
    return found;
  }

  return {
    type,
    key,
    /** The items that delete a record's links, for a deletion the caller writes itself. */
    linkDeleteItems: (companyId: string, record: R): TransactItem[] =>
      linkItems(companyId, record, undefined),
    get,
    getOrThrow,
    getWithStamp,
    createItems,
    create,
    replaceItem,
    update,
    updateItems,
    deleteItems,
    remove,
    removeUnlessUsed,
    list,
    listAll,
    getMany,
  };
}

export type EntityRepository<R extends BaseRecord> = ReturnType<typeof entityRepository<R>>;
