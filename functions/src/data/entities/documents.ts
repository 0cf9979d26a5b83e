import type { DocumentRecord } from '@btp/shared/entities/document';
import { tableName } from '../../lib/dynamo.js';
import type { HttpError } from '../../lib/http-errors.js';
import { conflict } from '../../lib/http-errors.js';
import { entityRepository, staleVersionMessage, type Fields } from '../entity-repository.js';
import { transactWrite, type TransactItem } from '../transactions.js';

/**
 * Documents whose file is stored (they are the ones listed): `COMPANY#<c>` / `DOCUMENT#<id>`. The
 * file is the object `path` of the documents bucket.
 */
export const documents = entityRepository<DocumentRecord>({
  type: 'DOCUMENT',
  notFoundMessage: 'Document introuvable.',
});

/** A document announced by `POST /api/documents/upload-url` whose file is not confirmed yet. */
export type PendingDocument = DocumentRecord & {
  /** TTL (epoch seconds): an upload never completed disappears; stripped when read. */
  expiresAt?: number;
};

/** How long an announced upload may wait for its `complete` call, in seconds. */
export const pendingDocumentTtlSeconds = 24 * 60 * 60;

/**
 * Announced uploads: `COMPANY#<c>` / `DOCUMENT_UPLOAD#<id>`, a prefix of their own so that the
 * documents list (sort keys from `DOCUMENT#` to `DOCUMENT#\uffff`) never sees them. The id is the future document's.
 */
export const pendingDocuments = entityRepository<PendingDocument>({
  type: 'DOCUMENT_UPLOAD',
  notFoundMessage: 'Document introuvable.',
});

/**
 * Makes an announced upload a document, with the same id, in one transaction: the pending record
 * is deleted (guarded by the version read) and the document written; `extraItems` (condition
 * checks on linked records) are part of the same transaction and `explainExtra` names their
 * failure. The document's `createdAt` is the moment it becomes visible.
 */
export async function promotePendingDocument(
  companyId: string,
  pending: PendingDocument,
  options: { extraItems?: TransactItem[]; explainExtra?(index: number): HttpError | undefined } = {},
): Promise<DocumentRecord> {
  const {
    id,
    companyId: _company,
    createdAt: _created,
    updatedAt: _updated,
    version: _version,
    expiresAt: _expires,
    ...fields
  } = pending;
  const { record, items, explain } = documents.createItems(companyId, fields as Fields<DocumentRecord>, id);
  const removePending: TransactItem = {
    Delete: {
      TableName: tableName(),
      Key: pendingDocuments.key(companyId, id),
      ConditionExpression: 'version = :version',
      ExpressionAttributeValues: { ':version': pending.version },
    },
  };
  const extra = options.extraItems ?? [];
  await transactWrite([removePending, ...items, ...extra], (index) => {
    if (index === 0) return conflict(staleVersionMessage);
    if (index <= items.length) return explain(index - 1);
    return options.explainExtra?.(index - 1 - items.length);
  });
  return record;
}
