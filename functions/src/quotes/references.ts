import { badRequest, messages, type ErrorDetail } from '../lib/http-errors.js';

/** A link a body makes to another record, to be found in the caller's company. */
export interface ReferenceLookup<R> {
  /** Field path in the body, for the 400's `details` (e.g. `clientId`). */
  path: string;
  /** Absent links are not checked. */
  id: string | null | undefined;
  repository: { get(companyId: string, id: string): Promise<R | undefined> };
  /** French message when the record is not in the company. */
  message: string;
}

type Found<L> = { [K in keyof L]: L[K] extends ReferenceLookup<infer R> ? R | undefined : never };

export { referenceMessages } from '../data/entities/reference-messages.js';

/**
 * Finds the records a body links to, inside the caller's company only: a link to a record that
 * does not exist or belongs to another company is a 400 on that field (the id reveals nothing).
 * Returns the records found, in the order of `lookups` (`undefined` for absent links).
 */
export async function findReferences<const L extends readonly ReferenceLookup<unknown>[]>(
  companyId: string,
  lookups: L,
): Promise<Found<L>> {
  const found = await Promise.all(
    lookups.map(async (lookup) => (lookup.id ? lookup.repository.get(companyId, lookup.id) : undefined)),
  );
  const details: ErrorDetail[] = [];
  lookups.forEach((lookup, index) => {
    if (lookup.id && found[index] === undefined) details.push({ path: lookup.path, message: lookup.message });
  });
  if (details.length > 0) throw badRequest(messages.validation, details);
  return found as Found<L>;
}

/** Whether an optional value differs between the record as stored and the body (absent = absent). */
export function differs(stored: unknown, next: unknown): boolean {
  return (stored ?? undefined) !== (next ?? undefined);
}

/** "1 facture" / "3 factures". */
export function countOf(count: number, singular: string, plural: string): string {
  return `${count} ${count > 1 ? plural : singular}`;
}
