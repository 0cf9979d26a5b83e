/**
 * The GED: documents whose files live in the documents bucket under
 * `companies/<companyId>/documents/<documentId>`. Two upload paths: a multipart request through the
 * API (files up to 4 MiB), or a presigned POST straight to the bucket (up to 50 MiB,
 * `document-upload-url.ts`) followed by `complete`, which checks the stored object before the
 * document is listed. Downloads are in `document-download.ts`; the list reads the table only. Each
 * presigner lives apart so that a function loads only the SDK packages its route uses.
 */
import { MULTIPART_UPLOAD_MAX_BYTES } from '@btp/shared/document-upload';
import { MAX_DOCUMENT_BYTES } from '@btp/shared/document-bucket';
import type { DocumentRecord } from '@btp/shared/entities/document';
import { documentUploadFormParser, type DocumentUploadFormData } from '@btp/shared/entities/document-input';
import type { QueryIssue } from '@btp/shared/query-parser';
import type { Fields } from '../data/entity-repository.js';
import {
  documents,
  pendingDocuments,
  promotePendingDocument,
  type PendingDocument,
} from '../data/entities/documents.js';
import { companyKey } from '../accounts/companies.js';
import { invoices } from '../data/entities/invoices.js';
import { quotes } from '../data/entities/quotes.js';
import { newId } from '../data/ids.js';
import type { TransactItem } from '../data/transactions.js';
import { tableName } from '../lib/dynamo.js';
import { badRequest, conflict, HttpError, notFound, type ErrorDetail } from '../lib/http-errors.js';
import { logger } from '../lib/logger.js';
import { linkChecks, linksOf } from './document-links.js';
import {
  deleteDocumentObject,
  documentObjectKey,
  documentObjectSize,
  documentObjectStart,
  putDocumentObject,
} from './document-storage.js';
import { acceptedFileType, assertContentMatches, SNIFF_BYTES } from './file-types.js';
import { sanitiseFileName } from './file-names.js';
import { parseMultipartForm } from './multipart-form.js';

export const messages = {
  fileRequired: 'Le fichier est requis',
  fileEmpty: 'Le fichier est vide',
  multipartTooLarge:
    'Le fichier dépasse 4 Mo, la taille maximale de cet envoi : utilisez un lien d’envoi direct.',
  tooLarge: 'Le fichier dépasse la taille maximale de 50 Mo.',
  largerThanDeclared: "Le fichier reçu est plus volumineux que la taille annoncée : recommencez l'envoi.",
  smallerThanDeclared:
    "Le fichier reçu est incomplet (plus petit que la taille annoncée) : recommencez l'envoi.",
  notFound: 'Document introuvable.',
  notReceived: "Le fichier n'a pas encore été reçu : terminez son envoi puis recommencez.",
  archivedQuote:
    "Ce document est le PDF d'un devis envoyé : il est conservé tel qu'il a été envoyé et ne peut pas être supprimé.",
  archivedInvoice:
    "Ce document est le PDF d'une facture ou d'un avoir émis : il est conservé tel qu'il a été envoyé (obligation légale) et ne peut pas être supprimé.",
  companyLogo:
    "Ce document est le logo de l'entreprise : choisissez un autre logo (ou aucun) dans Administration → Paramètres avant de le supprimer.",
} as const;

/** A multipart body larger than this is refused before it is read: the file cannot fit. */
const maxMultipartBodyBytes = MULTIPART_UPLOAD_MAX_BYTES + 2 * 1024 * 1024;

const payloadTooLarge = (message: string) => new HttpError(413, 'payload_too_large', message);

function issueDetails(issues: readonly QueryIssue[]): ErrorDetail[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** The record's fields besides the file facts: name (the file name by default), type, links, tags, description. */
export function describedFields(data: DocumentUploadFormData, originalName: string) {
  return {
    name: data.name ?? originalName,
    type: data.type,
    ...linksOf(data),
    tags: data.tags,
    description: data.description,
  };
}

/** Removes an object that no record will point to; a failure leaves it behind, logged. */
async function discardObject(key: string, reason: string): Promise<void> {
  try {
    await deleteDocumentObject(key);
  } catch (error) {
    logger.warn('Objet de document laissé dans le bucket', { key, reason, error });
  }
}

/** The form values of a multipart body: the last value of each field, every `tags` value. */
function formValues(fields: Map<string, string[]>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, all] of fields) {
    // `tags` may be repeated, each value possibly comma-separated.
    values[name] = name === 'tags' ? all.flatMap((value) => value.split(',')) : all.at(-1);
  }
  return values;
}

/**
 * `POST /api/documents/upload` (multipart: `file`, `type`, `description`, optional `name`, `tags`,
 * links). Checks in order: size (413), form fields and file presence (400), extension and declared
 * type (415), content (415); then stores the object and writes the record, the links checked in
 * the same transaction (the object is removed again if the record cannot be written).
 */
export async function uploadDocument(
  companyId: string,
  request: { body: string | undefined; isBase64Encoded: boolean; contentType: string | undefined },
): Promise<DocumentRecord> {
  const raw =
    request.body === undefined
      ? Buffer.alloc(0)
      : Buffer.from(request.body, request.isBase64Encoded ? 'base64' : 'utf8');
  if (raw.byteLength > maxMultipartBodyBytes) throw payloadTooLarge(messages.multipartTooLarge);
  const form = await parseMultipartForm(raw, request.contentType, {
    fileField: 'file',
    maxFileBytes: MULTIPART_UPLOAD_MAX_BYTES,
  });
  const { file } = form;
  if (file?.tooLarge) throw payloadTooLarge(messages.multipartTooLarge);

  // The form's fields, read by hand with the upload link's rules (`document-input.ts`): no zod here.
  const parsed = documentUploadFormParser.safeParse(formValues(form.fields));
  const issues = parsed.success ? [] : issueDetails(parsed.error.issues);
  if (!file) issues.push({ path: 'file', message: messages.fileRequired });
  else if (file.data.byteLength === 0) issues.push({ path: 'file', message: messages.fileEmpty });
  if (!parsed.success || !file || issues.length > 0) throw badRequest(undefined, issues);

  const originalName = sanitiseFileName(file.fileName);
  const fileType = acceptedFileType(originalName, file.mimeType);
  assertContentMatches(fileType, file.data.subarray(0, SNIFF_BYTES));

  const id = newId();
  const key = documentObjectKey(companyId, id);
  await putDocumentObject(key, file.data, fileType.mimeType);
  const fields: Fields<DocumentRecord> = {
    ...describedFields(parsed.data, originalName),
    originalName,
    mimeType: fileType.mimeType,
    size: file.data.byteLength,
    path: key,
  };
  try {
    return await documents.create(companyId, fields, { id, ...linkChecks(companyId, fields, 'upload') });
  } catch (error) {
    await discardObject(key, 'record not written');
    throw error;
  }
}

/** Forgets a refused upload: its object, then its pending record (failures logged only). */
async function discardUpload(companyId: string, pending: PendingDocument, reason: string): Promise<void> {
  await discardObject(documentObjectKey(companyId, pending.id), reason);
  try {
    await pendingDocuments.remove(companyId, pending.id);
  } catch (error) {
    logger.warn('Envoi en attente non supprimé (il expirera de lui-même)', { id: pending.id, reason, error });
  }
}

/**
 * `POST /api/documents/{id}/complete`: the stored object must exist (409 otherwise, the upload may
 * be retried), weigh at most 50 MB and exactly the announced size, and start like a file of its
 * extension; a refused object is deleted with its pending record. Then the document is listed.
 * Completing a document already completed answers it again.
 */
export async function completeUpload(companyId: string, id: string): Promise<DocumentRecord> {
  const pending = await pendingDocuments.get(companyId, id);
  if (!pending) return documents.getOrThrow(companyId, id);

  const key = documentObjectKey(companyId, id);
  const size = await documentObjectSize(key);
  if (size === undefined) throw conflict(messages.notReceived);
  if (size > MAX_DOCUMENT_BYTES) {
    await discardUpload(companyId, pending, 'over 50 MB');
    throw payloadTooLarge(messages.tooLarge);
  }
  const declared = pending.size ?? 0;
  if (size > declared) {
    await discardUpload(companyId, pending, 'larger than declared');
    throw payloadTooLarge(messages.largerThanDeclared);
  }
  if (size < declared) {
    await discardUpload(companyId, pending, 'smaller than declared');
    throw badRequest(messages.smallerThanDeclared, [{ path: 'size', message: messages.smallerThanDeclared }]);
  }
  const fileType = acceptedFileType(pending.originalName, pending.mimeType);
  try {
    assertContentMatches(fileType, await documentObjectStart(key, SNIFF_BYTES));
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 415) {
      await discardUpload(companyId, pending, 'content does not match its extension');
    }
    throw error;
  }

  const checks = linkChecks(companyId, pending, 'complete');
  let linkGone = false;
  try {
    return await promotePendingDocument(companyId, pending, {
      extraItems: checks.extraItems,
      explainExtra: (index) => {
        linkGone = true;
        return checks.explainExtra(index);
      },
    });
  } catch (error) {
    if (linkGone) {
      await discardUpload(companyId, pending, 'linked record gone');
      throw error;
    }
    // A concurrent `complete` may have won the race: its document is the answer.
    if (error instanceof HttpError && error.statusCode === 409) {
      const completed = await documents.get(companyId, id);
      if (completed) return completed;
    }
    throw error;
  }
}

/**
 * The checks, in the deletion's transaction, that a document is not the archived PDF of the quote
 * or invoice it is linked to (that record's `pdfDocumentId`) nor the company's logo (its
 * `logoDocumentId`: a deleted logo would leave the profile naming nothing, and the PDFs without
 * their logo unbeknown to anyone), and the 409 when it is. `PUT /api/company` checks, in its own
 * transaction, that the logo it names exists: so the two never cross.
 */
function deletionChecks(companyId: string, document: DocumentRecord) {
  const linked = [
    document.quoteId
      ? {
          key: quotes.key(companyId, document.quoteId),
          field: 'pdfDocumentId',
          message: messages.archivedQuote,
        }
      : undefined,
    document.invoiceId
      ? {
          key: invoices.key(companyId, document.invoiceId),
          field: 'pdfDocumentId',
          message: messages.archivedInvoice,
        }
      : undefined,
    { key: companyKey(companyId), field: 'logoDocumentId', message: messages.companyLogo },
  ].filter((check) => check !== undefined);
  return {
    extraItems: linked.map(({ key, field }): TransactItem => ({
      ConditionCheck: {
        TableName: tableName(),
        Key: key,
        ConditionExpression: 'attribute_not_exists(#field) OR #field <> :document',
        ExpressionAttributeNames: { '#field': field },
        ExpressionAttributeValues: { ':document': document.id },
      },
    })),
    explainExtra: (index: number) => {
      const check = linked[index];
      return check ? conflict(check.message) : undefined;
    },
  };
}

/**
 * `DELETE /api/documents/{id}`: the record first, then the object. A failure between the two
 * leaves an object no record points to (invisible, logged), never a listed document without its
 * file. An upload not yet completed can be cancelled the same way. The PDF archived when a quote
 * was sent or an invoice issued is kept as sent: 409 (DOCUMENTS.md § 5); so is the company's logo
 * while its profile names it (409: choose another logo, or none, first).
 */
export async function deleteDocument(companyId: string, id: string): Promise<void> {
  const document = await documents.get(companyId, id);
  if (document) {
    await documents.remove(companyId, id, deletionChecks(companyId, document));
    await discardObject(documentObjectKey(companyId, id), 'document deleted');
    return;
  }
  const pending = await pendingDocuments.get(companyId, id);
  if (!pending) throw notFound(messages.notFound);
  await pendingDocuments.remove(companyId, id);
  await discardObject(documentObjectKey(companyId, id), 'upload cancelled');
}
