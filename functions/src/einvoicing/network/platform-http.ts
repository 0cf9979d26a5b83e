/**
 * The HTTP layer under the Flow and Directory clients (docs/einvoicing-network.md, "The client"):
 *
 * - **OAuth2 client credentials** (RFC 6749 § 4.4): the company's client id and secret for a
 *   Bearer token, cached until shortly before it expires, one request for concurrent callers; a 401
 *   on a call drops the token and tries once more with a fresh one.
 * - **`Request-Id`** (a UUID) on every call, the same on each attempt of one call.
 * - **Retries** on 429, 5xx, timeouts and unreachable hosts: at most `attempts` tries, waiting the
 *   answer's `Retry-After` (seconds or a date) or else an exponential backoff with full jitter,
 *   never past the call's `deadlineMs` (an API call has 29 s on Lambda), each attempt cut after
 *   `timeoutMs`.
 * - **Nothing secret leaves**: the secret and the token are sent only in their headers, never put
 *   in an error or a log line; a failure is a {@link PlatformError} with a French message.
 */
import { randomUUID } from 'node:crypto';
import { logger } from '../../lib/logger.js';
import { PlatformError, safeErrorCode, type PlatformErrorKind } from './platform-errors.js';

/** Where a platform's services live. */
export interface PlatformEndpoints {
  /** The Flow Service's root (the `/v1/...` paths are added): `https://api.flow.pa.fr/flow-service`. */
  flowServiceUrl: string;
  /** The Directory Service's root: `https://api.directory.pa.fr/directory-service`. */
  directoryServiceUrl: string;
  /** The OAuth2 token endpoint. */
  tokenUrl: string;
}

/**
 * The endpoints of a platform that follows the annexes' default layout under one address: the
 * services' default names (`flow-service`, `directory-service`) and `auth/token`. The local
 * platform (`http://localhost:3000/_pa`) is laid out so.
 */
export function endpointsUnder(platformUrl: string): PlatformEndpoints {
  const base = platformUrl.replace(/\/+$/, '');
  return {
    flowServiceUrl: `${base}/flow-service`,
    directoryServiceUrl: `${base}/directory-service`,
    tokenUrl: `${base}/auth/token`,
  };
}

export interface PlatformCredentials {
  clientId: string;
  clientSecret: string;
}

export interface RetryPolicy {
  /** Tries of one call, the first included (default 4). */
  attempts: number;
  /** The first backoff's ceiling, ms (default 250); it doubles at each retry. */
  baseDelayMs: number;
  /** The largest backoff, ms (default 4 000). */
  maxDelayMs: number;
}

export interface PlatformHttpOptions extends PlatformEndpoints {
  credentials: PlatformCredentials;
  /** How the client authenticates at the token endpoint: HTTP Basic (default, RFC 6749 § 2.3.1) or in the form. */
  tokenAuth?: 'basic' | 'form';
  /** `Organization-Id`, for a platform serving several organisations under one account. */
  organizationId?: string;
  /** Each attempt's time limit, ms (default 8 000). */
  timeoutMs?: number;
  /** A call's whole time, retries and waits included, ms (default 25 000). */
  deadlineMs?: number;
  retry?: Partial<RetryPolicy>;
  /** The HTTP client (default: the global `fetch`); tests pass one that records the exchanges. */
  fetch?: typeof fetch;
  /** Random in [0, 1) for the jitter (default `Math.random`). */
  random?: () => number;
  /** Waits `ms` (default `setTimeout`). */
  sleep?: (ms: number) => Promise<void>;
  /** Now in ms (default `Date.now`), for the token's expiry and the deadline. */
  now?: () => number;
}

/** One call to a service. */
export interface PlatformRequest {
  /** The annex's operation id, for logs and errors. */
  operation: string;
  service: 'flow' | 'directory';
  method: 'GET' | 'POST' | 'DELETE';
  /** Below the service's root, starting with `/v1/`, already encoded. */
  path: string;
  query?: Record<string, string | undefined>;
  json?: unknown;
  /** A body already encoded, with its content type (a multipart form). */
  body?: { data: Uint8Array; contentType: string };
  accept?: string;
  /**
   * Called before each retry that follows a failure after which the platform may have done the
   * work (a timeout, a lost connection, a 5xx): a value other than `undefined` ends the call with
   * it (a flow found already submitted), `undefined` lets it retry.
   */
  beforeRetry?: () => Promise<unknown>;
}

/** What a call that `beforeRetry` ended answers instead of a Response. */
export interface Recovered {
  recovered: unknown;
}

const defaultRetry: RetryPolicy = { attempts: 4, baseDelayMs: 250, maxDelayMs: 4_000 };

/** A token is renewed this long before it expires (or a tenth of its life when that is shorter). */
const tokenMarginMs = 60_000;
/** A token answered without `expires_in` is kept this long. */
const defaultTokenLifeMs = 5 * 60_000;

/** The wait a `Retry-After` header asks for, ms (seconds or an HTTP date); undefined without one. */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** One failed attempt: what it was, and whether the platform may have done the work anyway. */
interface AttemptFailure {
  kind: PlatformErrorKind;
  status?: number;
  errorCode?: string;
  retryAfterMs?: number;
  /** Whether the platform may have handled the request (so a retry may repeat it). */
  ambiguous: boolean;
  cause?: unknown;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** The `errorCode` of an error body (the annexes' `Error`) or an OAuth `error`, if short and plain. */
async function errorCodeOf(response: Response): Promise<string | undefined> {
  try {
    const text = await response.text();
    const body = JSON.parse(text) as { errorCode?: unknown; error?: unknown };
    return safeErrorCode(body.errorCode) ?? safeErrorCode(body.error);
  } catch {
    return undefined;
  }
}

export class PlatformHttp {
  private readonly options: PlatformHttpOptions;
  private readonly retry: RetryPolicy;
  private readonly fetch: typeof fetch;
  private readonly random: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private token: { value: string; renewAt: number } | undefined;
  private pendingToken: Promise<string> | undefined;

  constructor(options: PlatformHttpOptions) {
    this.options = options;
    this.retry = { ...defaultRetry, ...options.retry };
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.random = options.random ?? Math.random;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.now = options.now ?? Date.now;
  }

  /** The service root of a request. */
  private root(service: PlatformRequest['service']): string {
    const root = service === 'flow' ? this.options.flowServiceUrl : this.options.directoryServiceUrl;
    return root.replace(/\/+$/, '');
  }

  /** The backoff before retry number `retry` (1 for the first), ms: full jitter under a doubling ceiling. */
  private backoff(retry: number): number {
    const ceiling = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (retry - 1));
    return Math.floor(this.random() * ceiling);
  }

  /** Forgets the cached token (another one is asked for at the next call). */
  dropToken(): void {
    this.token = undefined;
  }

  /** A valid Bearer token: the cached one, or a new one (one request for concurrent callers). */
  async accessToken(deadline: number): Promise<string> {
    if (this.token && this.now() < this.token.renewAt) return this.token.value;
    this.pendingToken ??= this.requestToken(deadline).finally(() => {
      this.pendingToken = undefined;
    });
    return this.pendingToken;
  }

  private async requestToken(deadline: number): Promise<string> {
    const { clientId, clientSecret } = this.options.credentials;
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    if (this.options.tokenAuth === 'form') {
      form.set('client_id', clientId);
      form.set('client_secret', clientSecret);
    } else {
      const encode = (value: string) => encodeURIComponent(value);
      headers.authorization = `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString('base64')}`;
    }
    const requestId = randomUUID();
    const response = await this.withRetries(
      'token',
      requestId,
      deadline,
      (signal) =>
        this.fetch(this.options.tokenUrl, { method: 'POST', headers, body: form.toString(), signal }),
      undefined,
    );
    if (!(response instanceof Response))
      throw new PlatformError('protocol', { operation: 'token', requestId });
    let body: { access_token?: unknown; token_type?: unknown; expires_in?: unknown };
    try {
      body = (await response.json()) as typeof body;
    } catch {
      // No cause: a parser's message quotes the text it choked on, here perhaps a token.
      throw new PlatformError('protocol', { operation: 'token', requestId, status: response.status });
    }
    if (typeof body.access_token !== 'string' || body.access_token === '') {
      throw new PlatformError('protocol', { operation: 'token', requestId, status: response.status });
    }
    if (typeof body.token_type === 'string' && body.token_type.toLowerCase() !== 'bearer') {
      throw new PlatformError('protocol', { operation: 'token', requestId, status: response.status });
    }
    const lifeMs =
      typeof body.expires_in === 'number' && body.expires_in > 0
        ? body.expires_in * 1000
        : defaultTokenLifeMs;
    this.token = {
      value: body.access_token,
      renewAt: this.now() + lifeMs - Math.min(tokenMarginMs, lifeMs / 10),
    };
    return body.access_token;
  }

  /**
   * Sends one call: the token, `Request-Id`, retries. Answers the platform's 2xx Response (its
   * body unread), or what `beforeRetry` recovered.
   * @throws PlatformError on every other outcome
   */
  async send(request: PlatformRequest): Promise<Response | Recovered> {
    const deadline = this.now() + (this.options.deadlineMs ?? 25_000);
    const requestId = randomUUID();
    const url = new URL(`${this.root(request.service)}${request.path}`);
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, value);
    }
    let refreshed = false;
    for (;;) {
      const token = await this.accessToken(deadline);
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        'request-id': requestId,
        accept: request.accept ?? 'application/json',
      };
      if (this.options.organizationId) headers['organization-id'] = this.options.organizationId;
      let body: string | Uint8Array | undefined;
      if (request.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(request.json);
      } else if (request.body) {
        headers['content-type'] = request.body.contentType;
        body = request.body.data;
      }
      try {
        return await this.withRetries(
          request.operation,
          requestId,
          deadline,
          (signal) => this.fetch(url, { method: request.method, headers, body, signal }),
          request.beforeRetry,
        );
      } catch (error) {
        // A token the platform no longer accepts (revoked, or its clock ahead of ours): once more
        // with a new one; a second 401 means the credentials themselves are refused.
        if (
          error instanceof PlatformError &&
          error.kind === 'credentials' &&
          error.status === 401 &&
          !refreshed
        ) {
          refreshed = true;
          if (this.token?.value === token) this.dropToken();
          continue;
        }
        throw error;
      }
    }
  }

  /** What one attempt's outcome means. */
  private async failureOf(response: Response, operation: string): Promise<AttemptFailure> {
    const status = response.status;
    const errorCode = await errorCodeOf(response);
    if (status === 429) {
      return {
        kind: 'rate_limited',
        status,
        errorCode,
        retryAfterMs: retryAfterMs(response.headers.get('retry-after'), this.now()),
        ambiguous: false,
      };
    }
    if (status >= 500) {
      return {
        kind: 'unavailable',
        status,
        errorCode,
        retryAfterMs: retryAfterMs(response.headers.get('retry-after'), this.now()),
        // A 503 says the request was not taken; after any other 5xx it may have been.
        ambiguous: status !== 503,
      };
    }
    // The token endpoint answers a refused client id or secret with 400 or 401 (RFC 6749 § 5.2).
    if (status === 401 || (status === 400 && operation === 'token')) {
      return { kind: 'credentials', status, errorCode, ambiguous: false };
    }
    if (status === 403) return { kind: 'forbidden', status, errorCode, ambiguous: false };
    if (status === 404) return { kind: 'not_found', status, errorCode, ambiguous: false };
    if (status >= 400) return { kind: 'refused', status, errorCode, ambiguous: false };
    return { kind: 'protocol', status, errorCode, ambiguous: false };
  }

  /** The attempts of one call, with their waits. */
  private async withRetries(
    operation: string,
    requestId: string,
    deadline: number,
    attempt: (signal: AbortSignal) => Promise<Response>,
    beforeRetry: (() => Promise<unknown>) | undefined,
  ): Promise<Response | Recovered> {
    const timeoutMs = this.options.timeoutMs ?? 8_000;
    for (let number = 1; ; number += 1) {
      let failure: AttemptFailure;
      const left = deadline - this.now();
      try {
        const response = await attempt(AbortSignal.timeout(Math.max(1, Math.min(timeoutMs, left))));
        if (response.ok) return response;
        failure = await this.failureOf(response, operation);
      } catch (error) {
        if (isTimeout(error)) failure = { kind: 'timeout', ambiguous: true, cause: error };
        // `fetch failed`: refused, reset or unknown host; the request may have been sent.
        else failure = { kind: 'unavailable', ambiguous: true, cause: error };
      }
      const retryable =
        failure.kind === 'rate_limited' || failure.kind === 'unavailable' || failure.kind === 'timeout';
      const waitMs = failure.retryAfterMs ?? this.backoff(number);
      const canRetry = retryable && number < this.retry.attempts && this.now() + waitMs < deadline;
      if (!canRetry) {
        throw new PlatformError(failure.kind, {
          operation,
          requestId,
          ...(failure.status === undefined ? {} : { status: failure.status }),
          ...(failure.errorCode === undefined ? {} : { errorCode: failure.errorCode }),
          cause: failure.cause,
        });
      }
      logger.warn('Plateforme agréée : nouvel essai', {
        operation,
        requestId,
        attempt: number,
        reason: failure.status ?? failure.kind,
        waitMs,
      });
      await this.sleep(waitMs);
      if (failure.ambiguous && beforeRetry) {
        try {
          const recovered = await beforeRetry();
          if (recovered !== undefined) return { recovered };
        } catch {
          // The check failed as well (the platform still down): the retry says what happens.
        }
      }
    }
  }
}
