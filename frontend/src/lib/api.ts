import { apiErrorBody, type ApiErrorBody } from '@btp/shared/system';

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

  constructor(status: number, bodyText: string, statusText = '') {
    super(`${status}: ${bodyText === '' ? statusText : bodyText}`);
    this.status = status;
    const body = parseErrorBody(bodyText);
    this.code = body?.error;
    this.serverMessage = body?.message;
    this.details = body?.details;
  }
}

/** The request never got an answer: offline, DNS failure, server down, CORS refusal. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(cause: unknown) {
    super('Impossible de joindre le serveur. Vérifiez votre connexion internet.', { cause });
  }
}

function parseErrorBody(bodyText: string): ApiErrorBody | undefined {
  try {
    const parsed = apiErrorBody.safeParse(JSON.parse(bodyText));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The French sentence the server gave for a failed call, if any: what a toast shows before its
 * own fallback text (`serverMessage(error) ?? 'Erreur lors de la création du client'`).
 */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  signal?: AbortSignal | undefined;
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
  const headers = new Headers({ Accept: 'application/json' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  // The API refuses writes without it (CSRF defence, API.md): a cross-site form cannot set it.
  if (method !== 'GET') headers.set('X-Requested-With', 'fetch');

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    // A cancelled query must stay recognisable as an abort for TanStack Query.
    if (options.signal?.aborted) throw error;
    throw new NetworkError(error);
  }

  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.statusText);
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
