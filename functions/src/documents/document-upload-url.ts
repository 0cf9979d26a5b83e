/**
 * The presigned upload path of the GED (`document-service.ts`): its own module so that only the
 * upload-url function loads the presigned-POST package.
 */
import { MAX_DOCUMENT_BYTES } from '@btp/shared/document-bucket';
import type { DocumentUploadUrlData } from '@btp/shared/entities/document';
import type { Fields } from '../data/entity-repository.js';
import {
  pendingDocuments,
  pendingDocumentTtlSeconds,
  type PendingDocument,
} from '../data/entities/documents.js';
import { newId } from '../data/ids.js';
import { badRequest, payloadTooLarge } from '../lib/http-errors.js';
import { linkChecks } from './document-links.js';
import { describedFields, messages } from './document-service.js';
import { documentObjectKey } from './document-storage.js';
import { acceptedFileType } from './file-types.js';
import { sanitiseFileName } from './file-names.js';
import { presignedUpload, type PresignedUpload } from './presigned-upload.js';

/**
 * `POST /api/documents/upload-url`: announces a file (name, type, size) and answers a presigned
 * POST for its object. The document is written as pending (not listed) until `complete`. A size
 * over 50 MB is a 413 (API.md: a file over its limit), checked before the file's type.
 */
export async function createUploadUrl(
  companyId: string,
  input: DocumentUploadUrlData,
): Promise<{ documentId: string; upload: PresignedUpload }> {
  if (input.size > MAX_DOCUMENT_BYTES) throw payloadTooLarge(messages.tooLarge);
  if (input.size === 0) throw badRequest(undefined, [{ path: 'size', message: messages.fileEmpty }]);
  const originalName = sanitiseFileName(input.fileName);
  const fileType = acceptedFileType(originalName, input.mimeType);
  const id = newId();
  const key = documentObjectKey(companyId, id);
  const fields: Fields<PendingDocument> = {
    ...describedFields(input, originalName),
    originalName,
    mimeType: fileType.mimeType,
    size: input.size,
    path: key,
    expiresAt: Math.floor(Date.now() / 1000) + pendingDocumentTtlSeconds,
  };
  // Signed first (no request to S3): a bucket missing from the configuration leaves no record.
  const upload = await presignedUpload(key, fileType.mimeType);
  await pendingDocuments.create(companyId, fields, { id, ...linkChecks(companyId, fields, 'upload') });
  return { documentId: id, upload };
}
