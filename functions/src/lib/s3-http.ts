/**
 * The documents bucket's HTTP requests (`lib/s3.ts` signs them): Node's `http`/`https` with a
 * keep-alive agent, a timeout per attempt, three attempts like the SDK's `maxAttempts: 3` (network
 * errors, timeouts, 5xx, 429 and `SlowDown`, with exponential backoff and full jitter), and S3's XML
 * error body read into an `Error` named after its `<Code>` with `$metadata.httpStatusCode`, the shape
 * of the SDK's errors that `isNotFound` and `awsErrorToHttp` (`lib/aws-errors.ts`) read.
 */
import { Agent as HttpAgent, type IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** A signed request, ready to send. */
export interface S3HttpRequest {
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
  url: URL;
  headers: Record<string, string>;
  body?: Buffer | undefined;
}

/** An answer whose body is read (or dropped unread) by the caller. */
export interface S3HttpResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  read(): Promise<Buffer>;
  /** Drops the body unread and releases the connection. */
  discard(): void;
}

/** Sends one attempt of a request. */
export type S3Transport = (request: S3HttpRequest) => Promise<S3HttpResponse>;

/** Attempts per request (the SDK's `maxAttempts: 3`). */
export const S3_MAX_ATTEMPTS = 3;
/** How long one attempt may wait for the answer's headers, or go silent while sending or reading. */
export const S3_ATTEMPT_TIMEOUT_MS = 30_000;
/** The first retry's backoff ceiling; it doubles each attempt (full jitter below it). */
const BACKOFF_BASE_MS = 100;

const agents = {
  'http:': new HttpAgent({ keepAlive: true, maxSockets: 50 }),
  'https:': new HttpsAgent({ keepAlive: true, maxSockets: 50 }),
};

/** An error answered by S3 (or a timeout): `name` is S3's code, as the SDK's errors. */
export class S3ServiceError extends Error {
  readonly $metadata: { httpStatusCode?: number | undefined };
  constructor(name: string, message: string, httpStatusCode: number | undefined) {
    super(message);
    this.name = name;
    this.$metadata = { httpStatusCode };
  }
}

/** Node's `http`/`https`: the transport of every request but in tests that replace it. */
export const nodeTransport: S3Transport = (request) =>
  new Promise((resolve, reject) => {
    const send = request.url.protocol === 'http:' ? httpRequest : httpsRequest;
    const outgoing = send(request.url, {
      method: request.method,
      headers: request.headers,
      agent: agents[request.url.protocol === 'http:' ? 'http:' : 'https:'],
      timeout: S3_ATTEMPT_TIMEOUT_MS,
    });
    outgoing.on('timeout', () =>
      outgoing.destroy(new S3ServiceError('TimeoutError', 'S3 request timed out', undefined)),
    );
    outgoing.on('error', reject);
    outgoing.on('response', (incoming: IncomingMessage) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      resolve({
        status: incoming.statusCode ?? 0,
        headers,
        read: () =>
          new Promise<Buffer>((done, fail) => {
            const chunks: Buffer[] = [];
            incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
            incoming.on('end', () => done(Buffer.concat(chunks)));
            incoming.on('error', fail);
            incoming.on('close', () => {
              if (!incoming.complete) fail(new S3ServiceError('TimeoutError', 'S3 answer cut', undefined));
            });
          }),
        discard: () => incoming.destroy(),
      });
    });
    outgoing.end(request.body);
  });

let transport: S3Transport = nodeTransport;

/**
 * Tests only: replaces the transport (an in-memory bucket, a fault), or puts Node's back when
 * `undefined`. No route calls it.
 */
export function setS3TransportForTests(replacement: S3Transport | undefined): void {
  transport = replacement ?? nodeTransport;
}

const xmlEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of the first `<tag>` of an XML answer of S3's (trusted, flat), entities decoded. */
export function xmlText(xml: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml);
  return match?.[1]?.replace(/&(amp|lt|gt|quot|apos);/g, (_, entity: string) => xmlEntities[entity] ?? '');
}

/** The names the SDK gives an answer without a body (a HEAD's): from its status. */
const bodilessNames: Record<number, string> = {
  400: 'BadRequest',
  403: 'Forbidden',
  404: 'NotFound',
  412: 'PreconditionFailed',
  503: 'ServiceUnavailable',
};

/** S3's error as an `Error`: its `<Code>`, or without a body a name from the status. */
export function s3ErrorOf(status: number, body: string): S3ServiceError {
  const code = xmlText(body, 'Code') ?? bodilessNames[status] ?? 'UnknownError';
  return new S3ServiceError(code, xmlText(body, 'Message') ?? `S3 answered ${status}`, status);
}

function retryable(error: unknown): boolean {
  if (error instanceof S3ServiceError) {
    const status = error.$metadata.httpStatusCode;
    return (
      status === undefined ||
      status >= 500 ||
      status === 429 ||
      error.name === 'SlowDown' ||
      error.name === 'RequestTimeout'
    );
  }
  // A network failure (ECONNRESET, ECONNREFUSED, …) before an answer.
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a request (`sign` is called again for each attempt: a fresh date), up to three attempts; an
 * answer of 300 or more is thrown as S3's error, its body read. Answers 2xx with the body unread.
 */
export async function s3Send(sign: () => Promise<S3HttpRequest>): Promise<S3HttpResponse> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await transport(await sign());
      if (response.status < 300) return response;
      // A HEAD's answer has no body: its error is named from the status.
      throw s3ErrorOf(response.status, await readText(response));
    } catch (error) {
      if (attempt >= S3_MAX_ATTEMPTS || !retryable(error)) throw error;
      await pause(Math.random() * BACKOFF_BASE_MS * 2 ** (attempt - 1));
    }
  }
}

async function readText(response: S3HttpResponse): Promise<string> {
  return (await response.read().catch(() => Buffer.alloc(0))).toString('utf8');
}
