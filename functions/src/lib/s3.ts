/**
 * The documents bucket without the SDK's S3 client (issue 27, `bench:lambda`): the few operations
 * the functions use (PutObject, HeadObject, GetObject whole or ranged, DeleteObject, the multipart
 * upload's four calls) and the two presigners (a GET, a POST form), signed with AWS's own Signature
 * V4 signer, `@smithy/signature-v4` (the one the SDK signs with), SHA-256 from `node:crypto`, sent
 * with Node's `http`/`https` (`s3-http.ts`: S3's errors; `aws-http.ts`: keep-alive, timeout, retries,
 * shared with `secrets-manager.ts`). The SDK's
 * `@aws-sdk/client-s3` (its endpoint rule set, XML serde and middleware stack) cost a cold start as
 * much as the DynamoDB client; this costs ~17 kB (docs/architecture.md "The documents bucket without
 * the SDK's S3 client").
 *
 * Addresses are the SDK's: virtual-hosted `https://<bucket>.s3.<region>.amazonaws.com/<key>` on
 * AWS, path-style `<S3_ENDPOINT>/<bucket>/<key>` locally, the key URI-encoded per segment. Each
 * request is the one the SDK's `S3Client` sends, but for its telemetry headers and a large body's
 * `Expect: 100-continue`: the same query (its operation hint `x-id` included), headers, body and
 * signature (`s3-sdk-equality.test.ts`).
 * Credentials: the ones Lambda's runtime puts in the environment; locally the S3 server's own.
 */
import { createHash, createHmac, type BinaryLike } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { type AwsCredentials, environmentCredentials, Sha256 } from './aws-http.js';
import { config } from './config.js';
import { type S3HttpRequest, type S3HttpResponse, s3ErrorOf, s3Send, xmlText } from './s3-http.js';

/**
 * The key pair of the local S3-compatible server (s3rver): it knows only its built-in account, so
 * requests signed with any other key (the local stack's DynamoDB one) are refused there.
 */
const localS3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Where and as whom the bucket is reached; read from the environment, or given by a test. */
export interface S3Target {
  region: string;
  /** Local only: the S3-compatible server's address (then path-style). */
  endpoint?: string | undefined;
  credentials: AwsCredentials;
}

/** The environment's target: on Lambda the runtime's credentials, locally (`S3_ENDPOINT`) s3rver's. */
export function s3Target(): S3Target {
  const { AWS_REGION, S3_ENDPOINT } = config();
  if (S3_ENDPOINT) return { region: AWS_REGION, endpoint: S3_ENDPOINT, credentials: localS3Credentials };
  return { region: AWS_REGION, credentials: environmentCredentials() };
}

const sha256Hex = (data: BinaryLike) => createHash('sha256').update(data).digest('hex');
const EMPTY_SHA256 = sha256Hex('');

/** RFC 3986 escaping, as S3 and the SDK want it (`encodeURIComponent` leaves `!'()*`). */
const escapeUri = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A bucket name that can be a host name (else path-style, as the SDK does). */
const virtualHostable = (bucket: string) => /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(bucket);

/** The bucket's base URL, without a trailing slash: where keys are appended. */
function bucketBase(target: S3Target, bucket: string): URL {
  if (target.endpoint) return new URL(`${target.endpoint.replace(/\/+$/, '')}/${bucket}`);
  if (virtualHostable(bucket)) return new URL(`https://${bucket}.s3.${target.region}.amazonaws.com`);
  return new URL(`https://s3.${target.region}.amazonaws.com/${bucket}`);
}

/** The object's path: the bucket's (path-style) then the key, each segment escaped. */
function objectPath(base: URL, key: string): string {
  const prefix = base.pathname === '/' ? '' : base.pathname;
  return `${prefix}/${key.split('/').map(escapeUri).join('/')}`;
}

const queryString = (query: Record<string, string>) =>
  Object.keys(query)
    .sort()
    .map((name) => `${escapeUri(name)}=${escapeUri(query[name] ?? '')}`)
    .join('&');

/** The signer's view of a request. */
interface Unsigned {
  method: S3HttpRequest['method'];
  protocol: string;
  hostname: string;
  port?: number | undefined;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: Buffer | undefined;
}

function unsigned(
  target: S3Target,
  bucket: string,
  key: string,
  method: S3HttpRequest['method'],
  query: Record<string, string> = {},
): Unsigned {
  const base = bucketBase(target, bucket);
  return {
    method,
    protocol: base.protocol,
    hostname: base.hostname,
    port: base.port ? Number(base.port) : undefined,
    path: objectPath(base, key),
    query,
    headers: { host: base.host },
  };
}

const signerOf = (target: S3Target) =>
  new SignatureV4({
    service: 's3',
    region: target.region,
    credentials: target.credentials,
    sha256: Sha256,
    // S3 signs the path as sent (each segment escaped once), and the payload hash is set below.
    uriEscapePath: false,
    applyChecksum: false,
  });

const urlOf = (request: Unsigned) => {
  const query = queryString(request.query);
  const port = request.port === undefined ? '' : `:${request.port}`;
  return new URL(`${request.protocol}//${request.hostname}${port}${request.path}${query ? `?${query}` : ''}`);
};

/** Signs and sends a request to the documents bucket (retried), and answers S3's 2xx response. */
async function call(
  target: S3Target,
  bucket: string,
  key: string,
  method: S3HttpRequest['method'],
  options: { query?: Record<string, string>; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<S3HttpResponse> {
  const request = unsigned(target, bucket, key, method, options.query);
  // A PUT always says its length (an empty one too: S3 refuses a chunked upload), signed as the SDK
  // does; a POST without a body (CreateMultipartUpload) sends none, and Node says `Content-Length: 0`
  // unsigned, as for the SDK (`lib/s3-sdk-equality.test.ts`).
  const body = options.body ?? (method === 'PUT' ? Buffer.alloc(0) : undefined);
  Object.assign(request.headers, options.headers, {
    'x-amz-content-sha256': body ? sha256Hex(body) : EMPTY_SHA256,
    ...(body ? { 'content-length': String(body.byteLength) } : {}),
  });
  const signer = signerOf(target);
  return s3Send(async () => {
    const signed = (await signer.sign(request)) as Unsigned;
    return { method, url: urlOf(signed), headers: signed.headers, body };
  });
}

/** PutObject. */
export async function putObject(
  bucket: string,
  key: string,
  body: Buffer,
  contentType: string,
  target = s3Target(),
): Promise<void> {
  (
    await call(target, bucket, key, 'PUT', {
      query: { 'x-id': 'PutObject' },
      body,
      headers: { 'content-type': contentType },
    })
  ).discard();
}

/** HeadObject: the object's size, or `undefined` when there is none (a 404). */
export async function headObjectSize(
  bucket: string,
  key: string,
  target = s3Target(),
): Promise<number | undefined> {
  try {
    const response = await call(target, bucket, key, 'HEAD');
    response.discard();
    return Number(response.headers['content-length'] ?? 0);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/**
 * GetObject: the object's bytes (the first `count` with `range`), or `undefined` when it is larger
 * than `maxBytes` (then not read: the connection is released). A missing object is S3's `NoSuchKey`.
 */
export async function getObject(
  bucket: string,
  key: string,
  options: { maxBytes?: number; range?: { count: number } } = {},
  target = s3Target(),
): Promise<Uint8Array | undefined> {
  const headers: Record<string, string> = options.range
    ? { range: `bytes=0-${options.range.count - 1}` }
    : {};
  const response = await call(target, bucket, key, 'GET', { query: { 'x-id': 'GetObject' }, headers });
  if (options.maxBytes !== undefined && Number(response.headers['content-length'] ?? 0) > options.maxBytes) {
    response.discard();
    return undefined;
  }
  const bytes = new Uint8Array(await response.read());
  // A server that ignores `Range` sends the whole object.
  return options.range ? bytes.subarray(0, options.range.count) : bytes;
}

/** DeleteObject (no error when it is already gone). */
export async function deleteObject(bucket: string, key: string, target = s3Target()): Promise<void> {
  (await call(target, bucket, key, 'DELETE', { query: { 'x-id': 'DeleteObject' } })).discard();
}

/** CreateMultipartUpload: the upload's id. */
export async function createMultipartUpload(
  bucket: string,
  key: string,
  contentType: string,
  target = s3Target(),
): Promise<string> {
  const response = await call(target, bucket, key, 'POST', {
    query: { uploads: '' },
    headers: { 'content-type': contentType },
  });
  const uploadId = xmlText((await response.read()).toString('utf8'), 'UploadId');
  if (!uploadId) throw new Error('S3 answered CreateMultipartUpload without an UploadId');
  return uploadId;
}

/** UploadPart: the part's ETag. */
export async function uploadPart(
  bucket: string,
  key: string,
  uploadId: string,
  partNumber: number,
  body: Buffer,
  target = s3Target(),
): Promise<string> {
  const response = await call(target, bucket, key, 'PUT', {
    query: { partNumber: String(partNumber), uploadId, 'x-id': 'UploadPart' },
    // The SDK's type for a part's bytes (S3 keeps the one given to CreateMultipartUpload).
    headers: { 'content-type': 'application/octet-stream' },
    body,
  });
  response.discard();
  return response.headers.etag ?? '';
}

/** The SDK's escaping of an element's text (`@aws-sdk/xml-builder`): an ETag's quotes too. */
const xmlEntityOf: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&apos;',
  '<': '&lt;',
  '>': '&gt;',
  '\r': '&#x0D;',
  '\n': '&#x0A;',
  '\u0085': '&#x85;',
  '\u2028': '&#x2028;',
};
const xmlEscape = (text: string) => text.replace(/[&"'<>\r\n\u0085\u2028]/g, (c) => xmlEntityOf[c] ?? c);

/** CompleteMultipartUpload (S3 may answer 200 with an error in the body: thrown as S3's error). */
export async function completeMultipartUpload(
  bucket: string,
  key: string,
  uploadId: string,
  parts: { ETag: string; PartNumber: number }[],
  target = s3Target(),
): Promise<void> {
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    parts
      .map(
        (part) =>
          `<Part><ETag>${xmlEscape(part.ETag)}</ETag><PartNumber>${part.PartNumber}</PartNumber></Part>`,
      )
      .join('') +
    '</CompleteMultipartUpload>';
  const response = await call(target, bucket, key, 'POST', {
    query: { uploadId },
    headers: { 'content-type': 'application/xml' },
    body: Buffer.from(xml, 'utf8'),
  });
  const answer = (await response.read()).toString('utf8');
  if (answer.includes('<Error>')) throw s3ErrorOf(500, answer);
}

/** AbortMultipartUpload. */
export async function abortMultipartUpload(
  bucket: string,
  key: string,
  uploadId: string,
  target = s3Target(),
): Promise<void> {
  (
    await call(target, bucket, key, 'DELETE', { query: { uploadId, 'x-id': 'AbortMultipartUpload' } })
  ).discard();
}

/** A missing object: S3's `NoSuchKey`, a HEAD's bodiless `NotFound`, any 404. */
export function isNotFound(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || status === 404;
}

/**
 * A presigned GET valid `expiresIn` seconds (the SDK's `getSignedUrl` of a `GetObjectCommand`, the
 * same URL): `query` holds the answer's overrides (`response-content-disposition`, …).
 */
export async function presignGetObject(
  bucket: string,
  key: string,
  query: Record<string, string>,
  expiresIn: number,
  options: { target?: S3Target; signingDate?: Date } = {},
): Promise<string> {
  const target = options.target ?? s3Target();
  const request = unsigned(target, bucket, key, 'GET', { ...query, 'x-id': 'GetObject' });
  request.headers['X-Amz-Content-Sha256'] = 'UNSIGNED-PAYLOAD';
  const signed = (await signerOf(target).presign(request, {
    expiresIn,
    unsignableHeaders: new Set(['content-type']),
    unhoistableHeaders: new Set(),
    ...(options.signingDate ? { signingDate: options.signingDate } : {}),
  })) as Unsigned;
  return urlOf(signed).href;
}

/** A presigned POST: where the browser posts the form, and the fields to send before `file`. */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

const iso8601 = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A presigned POST (the SDK's `createPresignedPost`, the same fields): a policy of `conditions`,
 * the given `fields`, the bucket and the key, valid `expires` seconds.
 */
export async function presignPost(
  bucket: string,
  key: string,
  input: { conditions: unknown[]; fields?: Record<string, string>; expires: number },
  options: { target?: S3Target; now?: Date } = {},
): Promise<PresignedPost> {
  const target = options.target ?? s3Target();
  const { credentials, region } = target;
  const now = options.now ?? new Date();
  const signingDate = iso8601(now).replace(/[-:]/g, '');
  const shortDate = signingDate.slice(0, 8);
  const fields: Record<string, string> = {
    ...input.fields,
    bucket,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${credentials.accessKeyId}/${shortDate}/${region}/s3/aws4_request`,
    'X-Amz-Date': signingDate,
    ...(credentials.sessionToken ? { 'X-Amz-Security-Token': credentials.sessionToken } : {}),
  };
  const conditions = new Set(input.conditions.map((condition) => JSON.stringify(condition)));
  for (const [name, value] of Object.entries(fields)) conditions.add(JSON.stringify({ [name]: value }));
  conditions.add(JSON.stringify({ key }));
  const policy = Buffer.from(
    JSON.stringify({
      expiration: iso8601(new Date(now.valueOf() + input.expires * 1000)),
      conditions: [...conditions].map((condition) => JSON.parse(condition) as unknown),
    }),
    'utf8',
  ).toString('base64');
  let signingKey: BinaryLike = `AWS4${credentials.secretAccessKey}`;
  for (const part of [shortDate, region, 's3', 'aws4_request']) {
    signingKey = createHmac('sha256', signingKey).update(part).digest();
  }
  const signature = createHmac('sha256', signingKey).update(policy).digest('hex');
  return {
    // `https://<bucket>.s3.<region>.amazonaws.com/` on AWS, `<S3_ENDPOINT>/<bucket>` locally.
    url: bucketBase(target, bucket).href,
    fields: { ...fields, key, Policy: policy, 'X-Amz-Signature': signature },
  };
}

export class MissingBucketError extends Error {
  constructor() {
    super(
      'DOCUMENTS_BUCKET manquant : les routes des documents ont besoin du nom du bucket des documents dans leur environnement.',
    );
    this.name = 'MissingBucketError';
  }
}

/** The documents bucket's name; throws (a 500, logged) when a document route runs without it. */
export function documentsBucket(): string {
  const bucket = config().DOCUMENTS_BUCKET;
  if (!bucket) throw new MissingBucketError();
  return bucket;
}
