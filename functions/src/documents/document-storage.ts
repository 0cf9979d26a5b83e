/**
 * The documents bucket: object keys, writes and checks. Keys are built here from the company and the
 * document id only, never from a file name. The presigned requests are in `presigned-upload.ts` and
 * `presigned-download.ts`. The SDK's packages are imported on first use (`lib/s3.ts`), so a function
 * that reaches this module but touches the bucket on a few paths only does not load them at start.
 */
import { PDF_PREVIEW_KEY_PREFIX } from '@btp/shared/document-bucket';
import { awsErrorToHttp } from '../lib/aws-errors.js';
import { documentsBucket, s3 } from '../lib/s3.js';

/** `companies/<companyId>/documents/<documentId>`: the company's prefix, then the document id. */
export function documentObjectKey(companyId: string, documentId: string): string {
  return `companies/${companyId}/documents/${documentId}`;
}

/**
 * `previews/<companyId>/<previewId>.pdf`: the "BROUILLON" PDF of a draft (or another file made for
 * one request: a chantier's cost sheet, `.csv` too), never listed; the bucket's lifecycle rule
 * deletes the prefix after a day (infra/lib/documents.ts).
 */
export function previewObjectKey(
  companyId: string,
  previewId: string,
  extension: 'pdf' | 'csv' = 'pdf',
): string {
  return `${PDF_PREVIEW_KEY_PREFIX}${companyId}/${previewId}.${extension}`;
}

/** Runs a bucket call, its failures mapped to HTTP errors. */
export async function send<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // Throttling, a timeout or an unreachable bucket is a 503; anything else a logged 500.
    throw awsErrorToHttp(error) ?? error;
  }
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || status === 404;
}

/** Stores a file received by the API. */
export async function putDocumentObject(key: string, body: Buffer, contentType: string): Promise<void> {
  await send(async () => {
    const { client, sdk } = await s3();
    return client.send(
      new sdk.PutObjectCommand({
        Bucket: documentsBucket(),
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: body.byteLength,
      }),
    );
  });
}

/** The stored object's size in bytes, or `undefined` when there is no such object. */
export async function documentObjectSize(key: string): Promise<number | undefined> {
  const { client, sdk } = await s3();
  try {
    const head = await client.send(new sdk.HeadObjectCommand({ Bucket: documentsBucket(), Key: key }));
    return head.ContentLength ?? 0;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw awsErrorToHttp(error) ?? error;
  }
}

/** The first `count` bytes of a stored object (fewer when it is shorter). */
export async function documentObjectStart(key: string, count: number): Promise<Uint8Array> {
  return send(async () => {
    const { client, sdk } = await s3();
    const object = await client.send(
      new sdk.GetObjectCommand({ Bucket: documentsBucket(), Key: key, Range: `bytes=0-${count - 1}` }),
    );
    const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
    // A server that ignores `Range` sends the whole object.
    return bytes.subarray(0, count);
  });
}

/**
 * A stored object's bytes, or `undefined` when there is no such object or it is larger than
 * `maxBytes` (then not read).
 */
export async function readDocumentObject(key: string, maxBytes: number): Promise<Uint8Array | undefined> {
  const { client, sdk } = await s3();
  try {
    const object = await client.send(new sdk.GetObjectCommand({ Bucket: documentsBucket(), Key: key }));
    if ((object.ContentLength ?? 0) > maxBytes) {
      // Not read: the connection is released.
      (object.Body as { destroy?: () => void } | undefined)?.destroy?.();
      return undefined;
    }
    return (await object.Body?.transformToByteArray()) ?? new Uint8Array();
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw awsErrorToHttp(error) ?? error;
  }
}

/** Deletes an object (no error when it is already gone). */
export async function deleteDocumentObject(key: string): Promise<void> {
  await send(async () => {
    const { client, sdk } = await s3();
    return client.send(new sdk.DeleteObjectCommand({ Bucket: documentsBucket(), Key: key }));
  });
}
