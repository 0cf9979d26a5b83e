/**
 * The documents bucket's HTTP requests (`lib/s3.ts` signs them), sent by `lib/aws-http.ts` (Node's
 * `http`/`https` with a keep-alive agent, a timeout per attempt, three attempts like the SDK's
 * `maxAttempts: 3`: network errors, timeouts, 5xx, 429 and here `SlowDown`, with exponential backoff
 * and full jitter), and S3's XML error body read into an `Error` named after its `<Code>` with
 * `$metadata.httpStatusCode`, the shape of the SDK's errors that `isNotFound` and `awsErrorToHttp`
 * (`lib/aws-errors.ts`) read.
 */
import {
  type AwsHttpRequest,
  type AwsHttpResponse,
  type AwsServicePolicy,
  AwsServiceError,
  type AwsTransport,
  awsSend,
  nodeTransport,
} from './aws-http.js';

export { nodeTransport };
/** A signed request, ready to send. */
export type S3HttpRequest = AwsHttpRequest;
/** An answer whose body is read (or dropped unread) by the caller. */
export type S3HttpResponse = AwsHttpResponse;
/** Sends one attempt of a request. */
export type S3Transport = AwsTransport;

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
export function s3ErrorOf(status: number, body: string): AwsServiceError {
  const code = xmlText(body, 'Code') ?? bodilessNames[status] ?? 'UnknownError';
  return new AwsServiceError(code, xmlText(body, 'Message') ?? `S3 answered ${status}`, status);
}

const s3Policy: AwsServicePolicy = {
  errorOf: (status, _headers, body) => s3ErrorOf(status, body),
  retryableNames: new Set(['SlowDown', 'RequestTimeout']),
};

/**
 * Sends a request (`sign` is called again for each attempt: a fresh date), up to three attempts; an
 * answer of 300 or more is thrown as S3's error, its body read (a HEAD's answer has no body: its
 * error is named from the status). Answers 2xx with the body unread.
 */
export function s3Send(sign: () => Promise<S3HttpRequest>): Promise<S3HttpResponse> {
  return awsSend(transport, sign, s3Policy);
}
