import type { ApiErrorBody } from '@btp/shared/system';

import { takeEarlyResponse } from './early-responses';

/**
 * A non-successful HTTP answer. `message` is `"<status>: <body text>"`, or the status text when the
 * body is empty (spec section 8); `serverMessage` is the French sentence of the API error body
 * (`{"error", "message", "details"?}`), the text toasts show.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The `error` code of the body, e.g. `validation_error`, when the body is an API error body. */
  readonly code: string | undefined;
  readonly serverMessage: string | undefined;
  /** Per-field messages of a `validation_error`. */
  readonly details: ApiErrorBody['details'];
  /**
   * The request's id, which a person quotes to support ("Référence : …") and which the server's
   * logs carry as `correlation_id`: the `x-request-id` header of the API's answers, else API
   * Gateway's `apigw-requestid` (its own answers, e.g. a function that timed out), else the
   * `reference` of the error body.
   */
  readonly reference: string | undefined;

  constructor(status: number, bodyText: string, statusText = '', headers?: Headers) {
    super(`${status}: ${bodyText === '' ? statusText : bodyText}`);
    this.status = status;
    const json = parseJson(bodyText);
    const body = errorBodyOf(json);
    this.code = body?.error;
    this.serverMessage = body?.message;
    this.details = body?.details;
    this.reference =
      headers?.get('x-request-id') ?? headers?.get('apigw-requestid') ?? bodyReference(json) ?? undefined;
  }
}

/** The request never got an answer: offline, DNS failure, server down, CORS refusal. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(cause: unknown) {
    super('Impossible de joindre le serveur. Vérifiez votre connexion internet.', { cause });
  }
}

/**
 * The API error body (`apiErrorBody` of shared/src/system.ts) read with a plain guard, since every
 * screen loads this module and the first one stays without zod (issue 18): `undefined` unless
 * `error` and `message` are text and `details`, when present, a list of `{path, message}` texts.
 */
function errorBodyOf(json: unknown): ApiErrorBody | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { error, message, details } = json as Record<string, unknown>;
  if (typeof error !== 'string' || typeof message !== 'string') return undefined;
  if (details === undefined) return { error, message };
  const valid =
    Array.isArray(details) &&
    details.every(
      (detail: unknown) =>
        typeof detail === 'object' &&
        detail !== null &&
        typeof (detail as { path?: unknown }).path === 'string' &&
        typeof (detail as { message?: unknown }).message === 'string',
    );
  if (!valid) return undefined;
  return {
    error,
    message,
    details: (details as { path: string; message: string }[]).map(({ path, message: text }) => ({
      path,
      message: text,
    })),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The `reference` of an error body (API answers of 500 and above). */
function bodyReference(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null || !('reference' in json)) return undefined;
  return typeof json.reference === 'string' && json.reference !== '' ? json.reference : undefined;
}

/**
 * The French sentence the server gave for a failed call, if any: what a toast shows before its
 * own fallback text (`serverMessage(error) ?? 'Erreur lors de la création du client'`).
 */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/** The reference of a failed call a person can quote to support, if the server gave one. */
export function errorReference(error: unknown): string | undefined {
  return error instanceof ApiError ? error.reference : undefined;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  signal?: AbortSignal | undefined;
  /** More headers (e.g. `Idempotency-Key` of a send). */
  headers?: Record<string, string>;
}

/**
 * Calls the API of the same origin and answers the parsed JSON body (`undefined` when empty, e.g.
 * 204); callers parse it with the shared zod schema of the operation.
 */
async function request(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions,
): Promise<unknown> {
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  // The API refuses writes without it (CSRF defence, API.md): a cross-site form cannot set it.
  if (method !== 'GET') headers.set('X-Requested-With', 'fetch');

  let response: Response;
  try {
    // A read the route preloader already made (lib/early-responses.ts) is answered from it, once.
    const early = method === 'GET' ? await takeEarlyResponse(path) : null;
    response =
      early ??
      (await fetch(path, {
        method,
        headers,
        credentials: 'include',
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: options.signal ?? null,
      }));
  } catch (error) {
    // A cancelled query must stay recognisable as an abort for TanStack Query.
    if (options.signal?.aborted) throw error;
    throw new NetworkError(error);
  }

  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.statusText, response.headers);
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

/** The one way the SPA talks to the API. */
export const api = {
  get: (path: string, options: RequestOptions = {}) => request('GET', path, undefined, options),
  post: (path: string, body?: unknown, options: RequestOptions = {}) => request('POST', path, body, options),
  put: (path: string, body?: unknown, options: RequestOptions = {}) => request('PUT', path, body, options),
  patch: (path: string, body?: unknown, options: RequestOptions = {}) =>
    request('PATCH', path, body, options),
  delete: (path: string, options: RequestOptions = {}) => request('DELETE', path, undefined, options),
};
