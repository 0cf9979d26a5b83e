/**
 * The documents bucket: object keys, writes, checks and presigned requests. Keys are built here
 * from the company and the document id only, never from a file name.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { MAX_DOCUMENT_BYTES } from '@btp/shared/entities/document';
import { awsErrorToHttp } from '../lib/aws-errors.js';
import { documentsBucket, s3 } from '../lib/s3.js';
import { contentDisposition } from './file-names.js';

/** How long a presigned POST may be used, in seconds. */
export const UPLOAD_URL_TTL_SECONDS = 10 * 60;

/** How long a presigned download URL is valid, in seconds. */
export const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;

/** `companies/<companyId>/documents/<documentId>`: the company's prefix, then the document id. */
export function documentObjectKey(companyId: string, documentId: string): string {
  return `companies/${companyId}/documents/${documentId}`;
}

async function send<T>(call: () => Promise<T>): Promise<T> {
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
  await send(() =>
    s3().send(
      new PutObjectCommand({
        Bucket: documentsBucket(),
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: body.byteLength,
      }),
    ),
  );
}

/** The stored object's size in bytes, or `undefined` when there is no such object. */
export async function documentObjectSize(key: string): Promise<number | undefined> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: documentsBucket(), Key: key }));
    return head.ContentLength ?? 0;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw awsErrorToHttp(error) ?? error;
  }
}

/** The first `count` bytes of a stored object (fewer when it is shorter). */
export async function documentObjectStart(key: string, count: number): Promise<Uint8Array> {
  return send(async () => {
    const object = await s3().send(
      new GetObjectCommand({ Bucket: documentsBucket(), Key: key, Range: `bytes=0-${count - 1}` }),
    );
    const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
    // A server that ignores `Range` sends the whole object.
    return bytes.subarray(0, count);
  });
}

/** Deletes an object (no error when it is already gone). */
export async function deleteDocumentObject(key: string): Promise<void> {
  await send(() => s3().send(new DeleteObjectCommand({ Bucket: documentsBucket(), Key: key })));
}

export interface PresignedUpload {
  /** Where the browser posts the form. */
  url: string;
  /** Form fields to send, in this order, before the `file` field. */
  fields: Record<string, string>;
}

/**
 * A presigned POST for exactly this key and `Content-Type`, whose policy refuses an empty file or
 * one over 50 MB, valid 10 minutes. (The local S3 server does not enforce the policy: the
 * `complete` step checks the stored object again.)
 */
export async function presignedUpload(key: string, contentType: string): Promise<PresignedUpload> {
  return send(async () => {
    const { url, fields } = await createPresignedPost(s3(), {
      Bucket: documentsBucket(),
      Key: key,
      Conditions: [
        ['content-length-range', 1, MAX_DOCUMENT_BYTES],
        ['eq', '$Content-Type', contentType],
      ],
      Fields: { 'Content-Type': contentType },
      Expires: UPLOAD_URL_TTL_SECONDS,
    });
    return { url, fields };
  });
}

/**
 * A presigned GET valid 5 minutes whose answer carries the document's type and its original name:
 * `attachment` to save it, `inline` to show it in the browser.
 */
export async function presignedDownload(
  key: string,
  file: { fileName: string; mimeType: string; inline: boolean },
): Promise<string> {
  return send(() =>
    getSignedUrl(
      s3(),
      new GetObjectCommand({
        Bucket: documentsBucket(),
        Key: key,
        ResponseContentDisposition: contentDisposition(file.fileName, file.inline ? 'inline' : 'attachment'),
        ResponseContentType: file.mimeType,
      }),
      { expiresIn: DOWNLOAD_URL_TTL_SECONDS },
    ),
  );
}
