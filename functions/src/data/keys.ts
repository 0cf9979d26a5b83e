/**
 * Key shapes of the single table (docs/data-model.md). Every business record lives in its
 * company's partition; a record of another company is simply not under the caller's key.
 */
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

/** Per-company uniqueness marker: `COMPANY#<id>` / `UNIQUE#<TYPE>_<FIELD>#<normalised value>`. */
export const companyMarkerKey = (companyId: string, type: string, field: string, value: string): Key => ({
  pk: companyPk(companyId),
  sk: `UNIQUE#${type}_${field}#${normaliseUnique(value)}`,
});

/** Global uniqueness marker: `UNIQUE#<KIND>#<normalised value>` / `UNIQUE`. */
export const globalMarkerKey = (kind: string, value: string): Key => ({
  pk: `UNIQUE#${kind}#${normaliseUnique(value)}`,
  sk: 'UNIQUE',
});

/** A number counter of a company (quote or invoice numbers), per year. */
export const counterKey = (companyId: string, kind: string, year: number): Key => ({
  pk: companyPk(companyId),
  sk: `COUNTER#${kind}#${year}`,
});

/** Attributes that belong to the table, not to the record handed to callers. */
const storageAttributes = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'expiresAt']);

/** The record without its storage attributes. */
export function withoutKeys<T>(item: Record<string, unknown>): T {
  const record: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(item)) {
    if (!storageAttributes.has(name)) record[name] = value;
  }
  return record as T;
}
