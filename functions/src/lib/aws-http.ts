/**
 * What the functions' own AWS requests share (issue 27, `bench:lambda`: the documents bucket,
 * `lib/s3.ts`, and the two secrets, `lib/secrets-manager.ts`, are reached without the SDK's
 * clients): the Lambda runtime's credentials, SHA-256 in the shape AWS's Signature V4 signer
 * (`@smithy/signature-v4`) asks for, and the sending of a signed request with Node's `http`/`https`
 * (a keep-alive agent, a timeout per attempt, three attempts like the SDK's `maxAttempts: 3` with
 * exponential backoff and full jitter). Each service reads its own error body into an
 * {@link AwsServiceError}, the shape of the SDK's errors that `awsErrorToHttp`
 * (`lib/aws-errors.ts`) reads, and says which of its errors are worth another attempt.
 */
import { createHash, createHmac, type BinaryLike } from 'node:crypto';
import { Agent as HttpAgent, type IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string | undefined;
}

/** The credentials Lambda's runtime puts in the function's environment (its role's). */
export function environmentCredentials(): AwsCredentials {
  const env = process.env;
  return {
    accessKeyId: env.AWS_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? '',
    sessionToken: env.AWS_SESSION_TOKEN || undefined,
  };
}

type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytesOf = (data: SourceData): BinaryLike =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

/** SHA-256 (an HMAC when given a secret), in the shape the signer asks for. */
export class Sha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytesOf(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(this.hash.digest());
  }
}

/** A signed request, ready to send. */
export interface AwsHttpRequest {
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
  url: URL;
  headers: Record<string, string>;
  body?: Buffer | undefined;
}

/** An answer whose body is read (or dropped unread) by the caller. */
export interface AwsHttpResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  read(): Promise<Buffer>;
  /** Drops the body unread and releases the connection. */
  discard(): void;
}

/** Sends one attempt of a request. */
export type AwsTransport = (request: AwsHttpRequest) => Promise<AwsHttpResponse>;

/** Attempts per request (the SDK's `maxAttempts: 3`). */
export const AWS_MAX_ATTEMPTS = 3;
/** How long one attempt may wait for the answer's headers, or go silent while sending or reading. */
export const AWS_ATTEMPT_TIMEOUT_MS = 30_000;
/** The first retry's backoff ceiling; it doubles each attempt (full jitter below it). */
const BACKOFF_BASE_MS = 100;

const agents = {
  'http:': new HttpAgent({ keepAlive: true, maxSockets: 50 }),
  'https:': new HttpsAgent({ keepAlive: true, maxSockets: 50 }),
};

/** An error answered by an AWS service (or a timeout): `name` is the service's code, as the SDK's. */
export class AwsServiceError extends Error {
  readonly $metadata: { httpStatusCode?: number | undefined };
  constructor(name: string, message: string, httpStatusCode: number | undefined) {
    super(message);
    this.name = name;
    this.$metadata = { httpStatusCode };
  }
}

/**
 * Node's `http`/`https`: the transport of every request but in tests that replace it. An attempt
 * silent for `timeoutMs` fails with a `TimeoutError`.
 */
export function nodeTransport(
  request: AwsHttpRequest,
  timeoutMs = AWS_ATTEMPT_TIMEOUT_MS,
): Promise<AwsHttpResponse> {
  return new Promise((resolve, reject) => {
    const send = request.url.protocol === 'http:' ? httpRequest : httpsRequest;
    const host = request.url.host;
    const outgoing = send(request.url, {
      method: request.method,
      headers: request.headers,
      agent: agents[request.url.protocol === 'http:' ? 'http:' : 'https:'],
      timeout: timeoutMs,
    });
    outgoing.on('timeout', () =>
      outgoing.destroy(new AwsServiceError('TimeoutError', `${host} did not answer in time`, undefined)),
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
              if (!incoming.complete)
                fail(new AwsServiceError('TimeoutError', `${host}'s answer was cut`, undefined));
            });
          }),
        discard: () => incoming.destroy(),
      });
    });
    outgoing.end(request.body);
  });
}

/** How a service's answers are read: its error body as an error, and which errors to try again. */
export interface AwsServicePolicy {
  errorOf(status: number, headers: Record<string, string>, body: string): AwsServiceError;
  /** Besides a network error, a timeout, a 5xx and a 429, which its errors are worth another attempt. */
  retryableNames: ReadonlySet<string>;
}

function retryable(error: unknown, policy: AwsServicePolicy): boolean {
  if (error instanceof AwsServiceError) {
    const status = error.$metadata.httpStatusCode;
    return status === undefined || status >= 500 || status === 429 || policy.retryableNames.has(error.name);
  }
  // A network failure (ECONNRESET, ECONNREFUSED, …) before an answer.
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readText(response: AwsHttpResponse): Promise<string> {
  return (await response.read().catch(() => Buffer.alloc(0))).toString('utf8');
}

/**
 * Sends a request (`sign` is called again for each attempt: a fresh date) through `transport`, up
 * to three attempts; an answer of 300 or more is thrown as the service's error, its body read.
 * Answers 2xx with the body unread.
 */
export async function awsSend(
  transport: AwsTransport,
  sign: () => Promise<AwsHttpRequest>,
  policy: AwsServicePolicy,
): Promise<AwsHttpResponse> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await transport(await sign());
      if (response.status < 300) return response;
      throw policy.errorOf(response.status, response.headers, await readText(response));
    } catch (error) {
      if (attempt >= AWS_MAX_ATTEMPTS || !retryable(error, policy)) throw error;
      await pause(Math.random() * BACKOFF_BASE_MS * 2 ** (attempt - 1));
    }
  }
}
