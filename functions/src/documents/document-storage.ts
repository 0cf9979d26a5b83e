/**
 * The documents bucket: object keys, writes and checks. Keys are built here from the company and the
 * document id only, never from a file name. The presigned requests are in `presigned-upload.ts` and
 * `presigned-download.ts`; the requests themselves in `lib/s3.ts` (signed by hand, without the SDK's
 * S3 client).
 */
import { PDF_PREVIEW_KEY_PREFIX } from '@btp/shared/document-bucket';
import { awsErrorToHttp } from '../lib/aws-errors.js';
import {
  deleteObject,
  documentsBucket,
  getObject,
  headObjectSize,
  isNotFound,
  putObject,
} from '../lib/s3.js';

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

/** Stores a file received by the API. */
export async function putDocumentObject(key: string, body: Buffer, contentType: string): Promise<void> {
  await send(() => putObject(documentsBucket(), key, body, contentType));
}

/** The stored object's size in bytes, or `undefined` when there is no such object. */
export async function documentObjectSize(key: string): Promise<number | undefined> {
  return send(() => headObjectSize(documentsBucket(), key));
}

/** The first `count` bytes of a stored object (fewer when it is shorter). */
export async function documentObjectStart(key: string, count: number): Promise<Uint8Array> {
  return send(
    async () => (await getObject(documentsBucket(), key, { range: { count } })) ?? new Uint8Array(),
  );
}

/**
 * A stored object's bytes, or `undefined` when there is no such object or it is larger than
 * `maxBytes` (then not read).
 */
export async function readDocumentObject(key: string, maxBytes: number): Promise<Uint8Array | undefined> {
  return send(async () => {
    try {
      return await getObject(documentsBucket(), key, { maxBytes });
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  });
}

/** Deletes an object (no error when it is already gone). */
export async function deleteDocumentObject(key: string): Promise<void> {
  await send(() => deleteObject(documentsBucket(), key));
}
