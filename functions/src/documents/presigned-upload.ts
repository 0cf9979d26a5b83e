/** The presigned POST a browser sends a document's file with, straight to the documents bucket. */
import { MAX_DOCUMENT_BYTES } from '@btp/shared/document-bucket';
import { documentsBucket, presignPost } from '../lib/s3.js';
import { send } from './document-storage.js';

/** How long a presigned POST may be used, in seconds. */
export const UPLOAD_URL_TTL_SECONDS = 10 * 60;

export interface PresignedUpload {
  /** Where the browser posts the form. */
  url: string;
  /** Form fields to send, in this order, before the `file` field. */
  fields: Record<string, string>;
}

/**
 * A presigned POST for exactly this key and `Content-Type`, whose policy refuses an empty file or
 * one over `maxBytes` (a document's 50 MB by default), valid 10 minutes. (The local S3 server does
 * not enforce the policy: the step that reads the file checks the stored object again.)
 */
export async function presignedUpload(
  key: string,
  contentType: string,
  maxBytes: number = MAX_DOCUMENT_BYTES,
): Promise<PresignedUpload> {
  return send(() =>
    presignPost(documentsBucket(), key, {
      conditions: [
        ['content-length-range', 1, maxBytes],
        ['eq', '$Content-Type', contentType],
      ],
      fields: { 'Content-Type': contentType },
      expires: UPLOAD_URL_TTL_SECONDS,
    }),
  );
}
