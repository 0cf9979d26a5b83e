/**
 * The failures of a call to the company's plateforme agréée (PA), each with a French sentence a
 * person can read (Paramètres, the Facturation card) and whether trying again later may succeed.
 * The message never names the platform's address, a token, a secret or what the platform answered
 * beyond its short error code.
 */

/** What went wrong, in the terms the product acts on. */
export type PlatformErrorKind =
  /** The client id or secret is refused (token endpoint, or a 401 with a fresh token). */
  | 'credentials'
  /** Authenticated, but the platform refuses this operation for this account (403). */
  | 'forbidden'
  /** The platform refuses the request itself (400, 413, 422): trying again changes nothing. */
  | 'refused'
  /** The flow or directory entry does not exist (404). */
  | 'not_found'
  /** Too many requests (429), still so after the retries. */
  | 'rate_limited'
  /** The platform answered 5xx, or could not be reached, after the retries. */
  | 'unavailable'
  /** The platform did not answer within the time given to each attempt, after the retries. */
  | 'timeout'
  /** The platform answered something the standard does not describe. */
  | 'protocol'
  /** What was asked is invalid before anything is sent (a SIREN of 8 digits…). */
  | 'invalid_input';

export const platformMessages: Record<PlatformErrorKind, string> = {
  credentials:
    'Identifiants de la plateforme refusés : vérifiez l’identifiant client et le secret dans Paramètres.',
  forbidden: 'La plateforme refuse cette opération pour ce compte : contactez votre plateforme.',
  refused: 'La plateforme a refusé la demande.',
  not_found: 'Introuvable sur la plateforme.',
  rate_limited: 'La plateforme reçoit trop de demandes : un nouvel essai sera fait plus tard.',
  unavailable: 'La plateforme ne répond pas : un nouvel essai sera fait plus tard.',
  timeout: 'La plateforme n’a pas répondu à temps : un nouvel essai sera fait plus tard.',
  protocol: 'La plateforme a donné une réponse inattendue : contactez votre plateforme si cela persiste.',
  invalid_input: 'Demande invalide pour la plateforme.',
};

/** The kinds after which the same call may succeed later (the PA down, busy or slow). */
const retryableKinds = new Set<PlatformErrorKind>(['rate_limited', 'unavailable', 'timeout']);

/** A short error code as platforms write them (`MISSING_REQUIRED_FIELD`); anything else dropped. */
export function safeErrorCode(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_.-]{1,60}$/.test(value) ? value : undefined;
}

export class PlatformError extends Error {
  readonly kind: PlatformErrorKind;
  /** The operation of the annex (`createFlow`, `getCompanyBySiren`, `token`…). */
  readonly operation: string;
  /** The HTTP status of the last answer, when there was one. */
  readonly status?: number;
  /** The platform's `errorCode` (or OAuth `error`), when it gave a short one. */
  readonly errorCode?: string;
  /** The `Request-Id` the call carried, to quote to the platform's support. */
  readonly requestId?: string;

  constructor(
    kind: PlatformErrorKind,
    details: {
      operation: string;
      status?: number;
      errorCode?: string;
      requestId?: string;
      message?: string;
      cause?: unknown;
    },
  ) {
    const code = details.errorCode ? ` (${details.errorCode})` : '';
    super(details.message ?? `${platformMessages[kind]}${kind === 'refused' ? code : ''}`, {
      cause: details.cause,
    });
    this.name = 'PlatformError';
    this.kind = kind;
    this.operation = details.operation;
    if (details.status !== undefined) this.status = details.status;
    if (details.errorCode !== undefined) this.errorCode = details.errorCode;
    if (details.requestId !== undefined) this.requestId = details.requestId;
  }

  /** Whether trying the same call again later may succeed. */
  get retryable(): boolean {
    return retryableKinds.has(this.kind);
  }
}
