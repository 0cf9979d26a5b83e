/**
 * A client record's derived fields, apart from the client schemas (`client.ts`) so that the data
 * layer and the list route read records without loading zod (issue 27, `bench:lambda`).
 */
import { defaultClientKind, type ClientKind } from '../enums.js';
import { sirenOfSiret } from '../legal-identity.js';

/**
 * A client record as stored, as the API answers it: `kind` is `company` for records saved before
 * clients had a kind, and `siren` is the SIRET's first 9 digits (absent unless the SIRET is valid).
 */
export function clientWithDerivedFields<T extends { kind?: ClientKind; siret?: string; siren?: string }>(
  record: T,
): T & { kind: ClientKind; siren?: string } {
  const derived: Record<string, unknown> = { ...record, kind: record.kind ?? defaultClientKind };
  const siren = sirenOfSiret(record.siret);
  if (siren === undefined) delete derived.siren;
  else derived.siren = siren;
  return derived as T & { kind: ClientKind; siren?: string };
}
