import {
  identityMessages,
  normaliseIdentifier,
  sirenOfSiret,
  siretProblem,
} from '@btp/shared/legal-identity';

/** A SIREN as printed: "552 100 554". */
export function formatSiren(siren: string): string {
  return siren.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');
}

/** What the SIRET field says while it is typed. */
export interface SiretCheck {
  /** The shared rule's French message, once it is fair to give it. */
  message?: string;
  /** The SIREN the server will derive, once the SIRET is valid. */
  siren?: string;
}

/**
 * The SIRET checked as it is typed, with the shared rule (`legal-identity.ts`, the server's): a
 * character that is not a digit is refused at once; the key once the 14 digits are there; too few
 * digits only once the person has left the field (`left`), not while they are still typing.
 */
export function checkSiret(value: unknown, left: boolean): SiretCheck {
  if (typeof value !== 'string') return {};
  const siret = normaliseIdentifier(value);
  if (siret === '') return {};
  if (!/^\d*$/.test(siret) || siret.length > 14) return { message: identityMessages.siretFormat };
  if (siret.length < 14) return left ? { message: identityMessages.siretFormat } : {};
  const message = siretProblem(siret);
  if (message !== undefined) return { message };
  const siren = sirenOfSiret(siret);
  return siren === undefined ? {} : { siren };
}
