import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
  type S3ClientConfig,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { comparedTargets, sdkS3ClientOn } from '../test-support/s3-sdk.js';
import {
  beforeSigning,
  expectTheSdksRequest,
  type SdkRequest,
  type Sent,
  sentBySdk,
  sentByUs,
  signedHeadersOf,
  signingAt,
  telemetry,
  telemetryRemover,
} from '../test-support/sdk-requests.js';
import {
  abortMultipartUpload,
  completeMultipartUpload,
  createMultipartUpload,
  deleteObject,
  getObject,
  headObjectSize,
  putObject,
  type S3Target,
  uploadPart,
} from './s3.js';
import { setS3TransportForTests } from './s3-http.js';

/**
 * The documents bucket's header-signed requests (`lib/s3.ts`) are the ones the SDK's `S3Client` sends
 * (as `lib/s3.ts` configured it before it signed by itself), as S3 sees them: for the same operation,
 * key, credentials and clock, the same method, URL (host, escaped path, query), body bytes and
 * headers, the `Authorization` header included (its SignedHeaders and Signature). Nothing here
 * reaches S3: the SDK's request is captured by its request handler (answered a canned 200), ours at
 * the transport seam (`setS3TransportForTests`). The presigned GET and POST: `s3-presign.test.ts`.
 *
 * What the SDK sends that ours does not, and why S3 does not need it (each asserted below):
 * - `amz-sdk-invocation-id`, `amz-sdk-request` (its retry bookkeeping) and `x-amz-user-agent`: the
 *   SDK's telemetry, which it signs because it signs every header it has. S3 requires `host`,
 *   `x-amz-date`, `x-amz-content-sha256` (and `x-amz-security-token` when sent) to be signed and
 *   checks the Signature over the headers SignedHeaders names, whatever they are; it reads none of
 *   these three. To compare Signatures, a step just before the SDK's signing removes them (and
 *   records which it removed); the SDK's own signer then signs exactly the headers ours sends, and a
 *   request of the SDK left whole signs those same headers plus these three.
 * - `user-agent`: never signed (the signer's always-unsignable headers); S3 ignores it.
 * - `Expect: 100-continue`, from 2 MiB of body (a multipart upload's parts are 8 MiB): unsigned,
 *   so it changes no signature. It only lets S3 refuse a request before its body is sent (a wrong
 *   signature, a missing bucket); ours sends the body at once, and S3 then answers the same error
 *   after it. Decision: not sent (Node's `http` would also have to wait for the `continue` event).
 *
 * What both do alike, asserted by the equality of the whole request (decisions kept):
 * - `content-length`, signed, on every PUT (PutObject, UploadPart; an empty object says 0) and on
 *   CompleteMultipartUpload; CreateMultipartUpload has no body: neither signs a length, and Node
 *   sends `Content-Length: 0` itself (not chunked), for the SDK's handler as for ours.
 * - `?uploads=` (an empty value, as the SDK's query builder writes it) on CreateMultipartUpload;
 *   `x-id=<operation>`, the SDK's operation hint, on the five operations where the SDK adds it.
 * - `content-type: application/xml` on CompleteMultipartUpload, whose body is the SDK's bytes (the
 *   XML declaration, an ETag's quotes as `&quot;`); `application/octet-stream` on UploadPart.
 * - `range: bytes=0-N` on a ranged GetObject, signed.
 * - `x-amz-content-sha256`: the body's SHA-256 (the empty one without a body), never
 *   `UNSIGNED-PAYLOAD`; no checksum header (the SDK set to `WHEN_REQUIRED`).
 */
const now = new Date('2026-11-29T21:42:05.000Z');
const documentsBucket = 'btp-gestion-documents-9f8e7d';
/** A name that cannot be a host name: path-style on AWS too. */
const dottedBucket = 'btp.documents.example';
const keys = [
  'companies/0196f2c4-0000-7000-8000-00000000000a/documents/0196f2c4-0000-7000-8000-00000000000b',
  'previews/c/Facture n°12 été (copie).pdf',
  "imports/c/relevé+mars/x y/!*'()~ü.csv",
];
const uploadId = 'VXBsb2FkIElEIGZvciA2aWpKYWdv+/=';
const contents = Buffer.from('%PDF-1.7 relevé été');

/** S3's answer to an operation (the XML the two multipart calls read; an object's bytes). */
function answerOf(method: string, url: string): Buffer {
  if (method === 'POST' && url.includes('uploads=')) {
    return Buffer.from(
      `<InitiateMultipartUploadResult><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
    );
  }
  if (method === 'POST') {
    return Buffer.from('<CompleteMultipartUploadResult><ETag>"f00d"</ETag></CompleteMultipartUploadResult>');
  }
  return method === 'GET' ? contents : Buffer.alloc(0);
}

/** The request the SDK sends for `command`, and the telemetry headers removed before signing. */
async function sdkRequest(
  target: S3Target,
  send: (client: S3Client) => Promise<unknown>,
  withoutTelemetry: boolean,
): Promise<{ sent: Sent; removed: string[] }> {
  const requests: Sent[] = [];
  const requestHandler: NonNullable<S3ClientConfig['requestHandler']> = {
    handle: (request: SdkRequest) => {
      const sent = sentBySdk(request);
      requests.push(sent);
      const body = answerOf(sent.method, sent.url);
      return Promise.resolve({
        response: {
          statusCode: 200,
          headers: { etag: '"0123456789abcdef"', 'content-length': String(body.byteLength) },
          body: Readable.from([body]),
        },
      });
    },
    updateHttpClientConfig: () => undefined,
    httpHandlerConfigs: () => ({}),
  };
  const client = sdkS3ClientOn(target, { requestHandler });
  const removed: string[] = [];
  if (withoutTelemetry) client.middlewareStack.addRelativeTo(telemetryRemover(removed), beforeSigning);
  await send(client);
  expect(requests).toHaveLength(1);
  return { sent: requests[0] as Sent, removed: removed.sort() };
}

/** The request `lib/s3.ts` sends for an operation. */
async function ourRequest(operation: () => Promise<unknown>): Promise<Sent> {
  const requests: Sent[] = [];
  setS3TransportForTests((request) => {
    const sent = sentByUs(request);
    requests.push(sent);
    const body = answerOf(sent.method, sent.url);
    return Promise.resolve({
      status: 200,
      headers: { etag: '"0123456789abcdef"', 'content-length': String(body.byteLength) },
      read: () => Promise.resolve(body),
      discard: () => undefined,
    });
  });
  try {
    await operation();
  } finally {
    setS3TransportForTests(undefined);
  }
  expect(requests).toHaveLength(1);
  return requests[0] as Sent;
}

const parts = [
  { ETag: '"9b2cf535f27731c974343645a3985328"', PartNumber: 1 },
  { ETag: '"a&b<c>\'d\'"', PartNumber: 2 },
];

interface Operation {
  name: string;
  sdk: (client: S3Client, bucket: string, key: string) => Promise<unknown>;
  ours: (bucket: string, key: string, target: S3Target) => Promise<unknown>;
}

const operations: Operation[] = [
  {
    name: 'PutObject',
    sdk: (client, bucket, key) =>
      client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: contents, ContentType: 'application/pdf' }),
      ),
    ours: (bucket, key, target) => putObject(bucket, key, contents, 'application/pdf', target),
  },
  {
    name: 'PutObject of an empty file',
    sdk: (client, bucket, key) =>
      client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: Buffer.alloc(0), ContentType: 'text/csv' }),
      ),
    ours: (bucket, key, target) => putObject(bucket, key, Buffer.alloc(0), 'text/csv', target),
  },
  {
    name: 'HeadObject',
    sdk: (client, bucket, key) => client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })),
    ours: (bucket, key, target) => headObjectSize(bucket, key, target),
  },
  {
    name: 'GetObject',
    sdk: async (client, bucket, key) =>
      (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body?.transformToByteArray(),
    ours: (bucket, key, target) => getObject(bucket, key, {}, target),
  },
  {
    name: 'GetObject of the first bytes (Range)',
    sdk: async (client, bucket, key) =>
      (
        await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: 'bytes=0-4' }))
      ).Body?.transformToByteArray(),
    ours: (bucket, key, target) => getObject(bucket, key, { range: { count: 5 } }, target),
  },
  {
    name: 'DeleteObject',
    sdk: (client, bucket, key) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })),
    ours: (bucket, key, target) => deleteObject(bucket, key, target),
  },
  {
    name: 'CreateMultipartUpload',
    sdk: (client, bucket, key) =>
      client.send(
        new CreateMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          ContentType: 'text/plain; charset=utf-8',
        }),
      ),
    ours: (bucket, key, target) => createMultipartUpload(bucket, key, 'text/plain; charset=utf-8', target),
  },
  {
    name: 'UploadPart',
    sdk: (client, bucket, key) =>
      client.send(
        new UploadPartCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber: 2,
          Body: contents,
        }),
      ),
    ours: (bucket, key, target) => uploadPart(bucket, key, uploadId, 2, contents, target),
  },
  {
    name: 'CompleteMultipartUpload',
    sdk: (client, bucket, key) =>
      client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      ),
    ours: (bucket, key, target) => completeMultipartUpload(bucket, key, uploadId, parts, target),
  },
  {
    name: 'AbortMultipartUpload',
    sdk: (client, bucket, key) =>
      client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId })),
    ours: (bucket, key, target) => abortMultipartUpload(bucket, key, uploadId, target),
  },
];

/** Each key in the documents bucket, and one in a bucket whose name cannot be a host name. */
const cases = [
  ...keys.map((key) => ({ bucket: documentsBucket, key })),
  { bucket: dottedBucket, key: keys[1] ?? '' },
];

signingAt(now);

describe.each(Object.entries(comparedTargets))('on %s', (_, target) => {
  describe.each(cases)('in $bucket, for the key $key', ({ bucket, key }) => {
    it.each(operations)('sends $name as the SDK does', async ({ sdk, ours }) => {
      const ourSent = await ourRequest(() => ours(bucket, key, target));
      const sdkSent = (await sdkRequest(target, (client) => sdk(client, bucket, key), true)).sent;

      // What S3 reads, one by one (the whole request below).
      for (const name of ['host', 'x-amz-content-sha256', 'x-amz-date', 'x-amz-security-token']) {
        expect(ourSent.headers[name], name).toBe(sdkSent.headers[name]);
      }
      for (const name of ['content-type', 'content-length', 'range']) {
        expect(ourSent.headers[name], name).toBe(sdkSent.headers[name]);
      }
      // The whole request: the SDK's adds only its `user-agent`, which no one signs.
      expectTheSdksRequest(ourSent, sdkSent);
      expect(ourSent.headers['x-amz-date']).toBe('20261129T214205Z');
      expect(ourSent.headers['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$/);
    });

    it.each(operations)(
      'signs for $name what the SDK signs, but for its telemetry',
      async ({ sdk, ours }) => {
        const ourSent = await ourRequest(() => ours(bucket, key, target));
        const whole = await sdkRequest(target, (client) => sdk(client, bucket, key), false);
        const stripped = await sdkRequest(target, (client) => sdk(client, bucket, key), true);
        expect(stripped.removed).toEqual(telemetry);
        expect(signedHeadersOf(whole.sent)).toEqual([...signedHeadersOf(ourSent), ...telemetry].sort());
        // Hence a different Signature, for the same request otherwise.
        expect(whole.sent.headers.authorization).not.toBe(ourSent.headers.authorization);
        expect(whole.sent.url).toBe(ourSent.url);
      },
    );
  });

  it('sends a part of 8 MiB as the SDK does, but for its unsigned `Expect: 100-continue`', async () => {
    const part = Buffer.alloc(8 * 1024 * 1024, 'é');
    const key = keys[1] ?? '';
    const ourSent = await ourRequest(() => uploadPart(documentsBucket, key, uploadId, 3, part, target));
    const sdkSent = (
      await sdkRequest(
        target,
        (client) =>
          client.send(
            new UploadPartCommand({
              Bucket: documentsBucket,
              Key: key,
              UploadId: uploadId,
              PartNumber: 3,
              Body: part,
            }),
          ),
        true,
      )
    ).sent;
    const { 'user-agent': _agent, expect: expectContinue, ...sdkHeaders } = sdkSent.headers;
    expect(expectContinue).toBe('100-continue');
    expect(signedHeadersOf(sdkSent)).not.toContain('expect');
    expect(ourSent.headers).toEqual(sdkHeaders);
    expect(ourSent.headers['content-length']).toBe(String(part.byteLength));
    expect(ourSent.body.equals(sdkSent.body)).toBe(true);
  });
});
