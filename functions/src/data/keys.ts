/**
 * Key shapes of the single table (docs/data-model.md). Every business record lives in its
 * company's partition; a record of another company is simply not under the caller's key.
 */
import { createHash } from 'node:crypto';

export type Key = { pk: string; sk: string };

export const companyPk = (companyId: string): string => `COMPANY#${companyId}`;

/** The key of a business record of type `type` (e.g. `CLIENT`) in its company's partition. */
export const recordKey = (companyId: string, type: string, id: string): Key => ({
  pk: companyPk(companyId),
  sk: `${type}#${id}`,
});

/**
 * Normalises a value for a uniqueness check: trimmed, inner spaces collapsed, lower-cased, NFC,
 * so that "Dupont  SA" and "dupont sa" are the same name.
 */
export function normaliseUnique(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('fr-FR');
}

/** DynamoDB's limits on a key attribute, in bytes (UTF-8). */
export const maxPartitionKeyBytes = 2048;
export const maxSortKeyBytes = 1024;

/**
 * `prefix` followed by `value`, within `maxBytes`: a value too long for the key (a 2,000-character
 * name, a sign-in identifier of any length) is replaced by `#sha256:` and its SHA-256 in hex, so
 * it is still one key per value. A key that fits stays as it is, so every key written before keeps
 * its shape.
 */
export function boundedKey(prefix: string, value: string, maxBytes: number): string {
  const key = `${prefix}${value}`;
  if (Buffer.byteLength(key, 'utf8') <= maxBytes) return key;
  return `${prefix}#sha256:${createHash('sha256').update(value, 'utf8').digest('hex')}`;
}

/** Per-company uniqueness marker: `COMPANY#<id>` / `UNIQUE#<TYPE>_<FIELD>#<normalised value>`. */
export const companyMarkerKey = (companyId: string, type: string, field: string, value: string): Key => ({
  pk: companyPk(companyId),
  sk: boundedKey(`UNIQUE#${type}_${field}#`, normaliseUnique(value), maxSortKeyBytes),
});

/** Global uniqueness marker: `UNIQUE#<KIND>#<normalised value>` / `UNIQUE`. */
export const globalMarkerKey = (kind: string, value: string): Key => ({
  pk: boundedKey(`UNIQUE#${kind}#`, normaliseUnique(value), maxPartitionKeyBytes),
  sk: 'UNIQUE',
});

/** A number counter of a company (quote or invoice numbers), per year. */
export const counterKey = (companyId: string, kind: string, year: number): Key => ({
  pk: companyPk(companyId),
  sk: `COUNTER#${kind}#${year}`,
});

/** Attributes that belong to the table, not to the record handed to callers. */
const storageAttributes = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'expiresAt', 'refStamp']);

/** The record without its storage attributes. */
export function withoutKeys<T>(item: Record<string, unknown>): T {
  const record: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(item)) {
    if (!storageAttributes.has(name)) record[name] = value;
  }
  return record as T;
}

/**
 * The key condition of a `Query` for the items of a partition whose sort key starts with `prefix`,
 * written `sk BETWEEN prefix AND prefix + U+FFFF` rather than `begins_with(sk, prefix)`: the same
 * items on DynamoDB (every sort key after a prefix here is ASCII: ids, dates, type names, hex
 * digests), but DynamoDB Local answers `begins_with` by walking the partition from its end, so a
 * page of the 5 newest documents of a company with 100,000 invoices took 110 ms there instead of
 * 10 ms (docs/performance.md, bench:api).
 */
export function sortKeyPrefix(
  pk: string,
  prefix: string,
): { KeyConditionExpression: string; ExpressionAttributeValues: Record<string, string> } {
  return {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :skFrom AND :skTo',
    ExpressionAttributeValues: { ':pk': pk, ':skFrom': prefix, ':skTo': `${prefix}\uffff` },
  };
}
