/**
 * Tests only: the requests the SDK's clients send and the ones `lib/s3.ts` and
 * `lib/secrets-manager.ts` send, put side by side as the service reads them
 * (`lib/s3-sdk-equality.test.ts`, `lib/secrets-sdk-equality.test.ts`).
 */
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { AwsHttpRequest } from '../lib/aws-http.js';

/** What a service reads of a request: header names in lower case. */
export interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** The SDK's request as its handler gets it (`@smithy/protocol-http`'s `HttpRequest`). */
export interface SdkRequest {
  method: string;
  protocol: string;
  hostname: string;
  port?: number | undefined;
  path: string;
  query: Record<string, string | string[] | null>;
  headers: Record<string, string>;
  body?: string | Uint8Array | undefined;
}

const escapeUri = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The query as the SDK's Node handler writes it on the wire (`buildQueryString`: sorted, RFC 3986). */
const sdkQueryString = (query: SdkRequest['query']) =>
  Object.keys(query)
    .sort()
    .flatMap((name) => {
      const value = query[name];
      if (Array.isArray(value)) return value.map((each) => `${escapeUri(name)}=${escapeUri(each)}`);
      return [typeof value === 'string' ? `${escapeUri(name)}=${escapeUri(value)}` : escapeUri(name)];
    })
    .join('&');

const lowerCased = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), String(value)]));

/** The SDK's request as it leaves its handler. */
export function sentBySdk(request: SdkRequest): Sent {
  const query = sdkQueryString(request.query);
  const port = request.port === undefined ? '' : `:${request.port}`;
  return {
    method: request.method,
    url: `${request.protocol}//${request.hostname}${port}${request.path}${query ? `?${query}` : ''}`,
    headers: lowerCased(request.headers),
    body: request.body === undefined ? Buffer.alloc(0) : Buffer.from(request.body),
  };
}

/** Ours as it reaches the transport. */
export const sentByUs = (request: AwsHttpRequest): Sent => ({
  method: request.method,
  url: request.url.href,
  headers: lowerCased(request.headers),
  body: request.body ?? Buffer.alloc(0),
});

/** The headers a request's `Authorization` signs. */
export const signedHeadersOf = (sent: Sent | undefined) =>
  /SignedHeaders=([^,]+)/.exec(sent?.headers.authorization ?? '')?.[1]?.split(';') ?? [];

/**
 * The SDK's telemetry headers (`amz-sdk-invocation-id`, `amz-sdk-request`, `x-amz-user-agent`):
 * its own bookkeeping, which it signs because it signs every header it has, and no service reads.
 */
export const telemetry = ['amz-sdk-invocation-id', 'amz-sdk-request', 'x-amz-user-agent'];

/**
 * A step for the SDK's stack that removes its telemetry headers, recording their names in
 * `removed`; added with {@link beforeSigning}, after its retry step adds them, so that its signer
 * signs the headers ours sends.
 */
export const telemetryRemover =
  (removed: string[]) =>
  <Args extends { request: unknown }, Output>(next: (args: Args) => Promise<Output>) =>
  (args: Args) => {
    const headers = (args.request as { headers: Record<string, string> }).headers;
    for (const name of Object.keys(headers)) {
      if (telemetry.includes(name.toLowerCase())) {
        removed.push(name.toLowerCase());
        delete headers[name];
      }
    }
    return next(args);
  };

/** Where {@link telemetryRemover} goes in the SDK's stack: just before it signs. */
export const beforeSigning = {
  relation: 'before',
  toMiddleware: 'httpSigningMiddleware',
  name: 'withoutTelemetry',
} as const;

/** AWS's example key pair (its documentation's), with which both sides sign. */
export const exampleKeys = {
  accessKeyId: 'AKIAEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};

/** Each test of the file signs at `now`: only `Date` is faked (`x-amz-date`, the credential's day). */
export function signingAt(now: Date): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/**
 * Ours is the SDK's request, header by header, `Authorization` included (the same SignedHeaders and
 * Signature), but for the SDK's `user-agent`, which no one signs.
 */
export function expectTheSdksRequest(ours: Sent, sdk: Sent): void {
  expect(ours.method).toBe(sdk.method);
  expect(ours.url).toBe(sdk.url);
  expect(ours.body.equals(sdk.body)).toBe(true);
  expect(signedHeadersOf(ours)).toEqual(signedHeadersOf(sdk));
  expect(ours.headers.authorization).toBe(sdk.headers.authorization);
  const { 'user-agent': userAgent, ...sdkHeaders } = sdk.headers;
  expect(userAgent).toMatch(/^aws-sdk-js\//);
  expect(signedHeadersOf(sdk)).not.toContain('user-agent');
  expect(ours.headers).toEqual(sdkHeaders);
}
