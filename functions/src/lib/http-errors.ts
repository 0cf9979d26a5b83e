/**
 * The contract's errors (API.md "Errors"). Only errors below 500 show their message to the
 * caller; everything else is logged and answered as a generic 500.
 */
export interface ErrorDetail {
  path: string;
  message: string;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HttpError';
  }

  /** Whether the message may be shown to the caller. */
  get expose(): boolean {
    return this.statusCode < 500 || this.statusCode === 503;
  }
}

export const messages = {
  invalidJson: "Le corps de la requête n'est pas un JSON valide.",
  notAnObject: 'Le corps de la requête doit être un objet JSON : {"champ": valeur, …}.',
  tooDeep: 'Le corps de la requête est trop imbriqué : au plus 32 niveaux.',
  storageRefused:
    'Ces données ne peuvent pas être enregistrées : elles sont trop volumineuses ou trop imbriquées.',
  validation: 'Certaines données sont invalides.',
  csrf: 'Requête refusée : en-tête de sécurité manquant.',
  notFound: 'Ressource introuvable.',
  unknownRoute: "Cette adresse de l'API n'existe pas.",
  payloadTooLarge: 'La requête est trop volumineuse.',
  unsupportedMediaType: 'Type de contenu non pris en charge : envoyez du JSON.',
  conflict: 'Cette opération est en conflit avec une autre modification.',
  internal: 'Une erreur interne est survenue. Veuillez réessayer.',
  unavailable: 'Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.',
  unauthenticated: 'Vous devez être connecté : votre session a expiré ou n’existe pas.',
  forbidden: "Vous n'avez pas les droits nécessaires.",
  superAdminOnly: 'Cette section est réservée aux super administrateurs.',
} as const;

export const badRequest = (message: string = messages.validation, details?: ErrorDetail[]) =>
  new HttpError(400, 'validation_error', message, details);
/** DynamoDB refused the data itself (too large, too deeply nested, a key too long): logged. */
export const storageRefused = (cause: unknown) =>
  new HttpError(400, 'validation_error', messages.storageRefused, undefined, { cause });
export const payloadTooLarge = (message: string = messages.payloadTooLarge) =>
  new HttpError(413, 'payload_too_large', message);
export const notFound = (message: string = messages.notFound) => new HttpError(404, 'not_found', message);
export const conflict = (message: string = messages.conflict) => new HttpError(409, 'conflict', message);
export const forbidden = (message: string = messages.forbidden) => new HttpError(403, 'forbidden', message);
export const unavailable = (cause?: unknown) =>
  new HttpError(503, 'unavailable', messages.unavailable, undefined, { cause });
