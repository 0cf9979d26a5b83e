/**
 * Writing a record's `emailStatus` once its e-mail went (or failed), and reading the bytes of its
 * archived PDF to attach.
 */
import type { EmailStatus } from '@btp/shared/sending';
import type { BaseRecord, EntityRepository, Fields } from '../data/entity-repository.js';
import { documentObjectKey, readDocumentObject } from '../documents/document-storage.js';
import { HttpError } from '../lib/http-errors.js';

const maxStatusAttempts = 5;

/** The largest PDF attached, in bytes (what the documents bucket accepts). */
const maxPdfBytes = 50 * 1024 * 1024;

/**
 * Records `status` on the record, again on the new version when another write came between (a
 * payment, an acceptance): the e-mail is gone, so its status must be kept whatever else changed.
 */
export async function recordEmailStatus<R extends BaseRecord & { emailStatus?: EmailStatus }>(
  repository: EntityRepository<R>,
  companyId: string,
  id: string,
  status: EmailStatus,
): Promise<R> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await repository.update(
        companyId,
        id,
        (current) => ({ ...current, emailStatus: status }) as Fields<R>,
      );
    } catch (error) {
      if (!(error instanceof HttpError && error.statusCode === 409) || attempt >= maxStatusAttempts)
        throw error;
    }
  }
}

/** The bytes of an archived PDF (a document of the company); throws when the object is missing. */
export async function archivedPdf(companyId: string, documentId: string): Promise<Buffer> {
  const bytes = await readDocumentObject(documentObjectKey(companyId, documentId), maxPdfBytes);
  if (!bytes) throw new Error(`Archived PDF ${documentId} not found`);
  return Buffer.from(bytes);
}
