/**
 * Documents (GED, spec section 3): a file in the documents bucket with its metadata and optional
 * links to a project, client, supplier, quote or invoice.
 */
import { documentTypes } from '../enums.js';
import {
  defaultedField,
  enumField,
  integerField,
  longTextField,
  optionalField,
  optionalIdField,
  requiredText,
  tagListField,
  textField,
} from '../fields.js';
import { MAX_DOCUMENT_BYTES } from '../document-bucket.js';
import { companyRecordFields, updateVersionFields } from '../record.js';
import * as z from '../lazy-zod.js';
import '../zod-fr.js';

export { MAX_DOCUMENT_BYTES };

/** Accepted file extensions (spec "Documents"), lower-case with their dot. */
export const ACCEPTED_DOCUMENT_EXTENSIONS = [
  '.pdf',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.jpg',
  '.jpeg',
  '.png',
  '.gif',
] as const;

/** Whether a file name ends with an accepted extension (any case). */
export function hasAcceptedDocumentExtension(fileName: string): boolean {
  const lower = fileName.trim().toLowerCase();
  return ACCEPTED_DOCUMENT_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

const sizeMessage = "La taille doit être un nombre entier d'octets positif ou nul";

/** Links to other records of the company, each optional. */
const documentLinkFields = {
  projectId: optionalIdField,
  clientId: optionalIdField,
  supplierId: optionalIdField,
  quoteId: optionalIdField,
  invoiceId: optionalIdField,
};

/** Metadata a person may edit after the upload. */
const documentEditableFields = {
  name: requiredText('Le nom est requis'),
  type: enumField(documentTypes, 'Le type de document est requis'),
  ...documentLinkFields,
  /** Trimmed, blank entries and repeats dropped, at most 50; `[]` when absent. */
  tags: defaultedField(tagListField, []),
  description: longTextField,
};

/** The fields of a document: the editable ones plus the facts of its file. */
export const documentFields = {
  ...documentEditableFields,
  originalName: requiredText('Le nom du fichier est requis'),
  mimeType: textField,
  /** Bytes. */
  size: optionalField(integerField({ min: 0, max: Number.MAX_SAFE_INTEGER, message: sizeMessage })),
};

/** A document as the API returns it. */
export const documentSchema = z.object({
  ...companyRecordFields,
  ...documentFields,
  /** Object key in the documents bucket. */
  path: textField,
});
/** Named so as not to shadow the DOM's `Document` in the SPA. */
export type DocumentRecord = z.infer<typeof documentSchema>;

/** A document record's creation data (the upload routes build it from the file and the form). */
export const documentCreateInput = z.object(documentFields);
export type DocumentCreateInput = z.input<typeof documentCreateInput>;
export type DocumentCreateData = z.output<typeof documentCreateInput>;

/**
 * A document update: name, type, links, tags and description, plus the `version` read. The facts of
 * the stored file (originalName, mimeType, size, path) cannot change and are ignored.
 */
export const documentUpdateInput = z.object({ ...documentEditableFields, ...updateVersionFields });
export type DocumentUpdateInput = z.input<typeof documentUpdateInput>;
export type DocumentUpdateData = z.output<typeof documentUpdateInput>;

/**
 * `POST /api/documents/upload-url` body. The size must be a whole number of bytes; its limit
 * ({@link MAX_DOCUMENT_BYTES}) is the route's, which answers 413 above it (API.md: a file over its
 * limit), as it answers 415 for an extension not accepted (`hasAcceptedDocumentExtension`). `name`
 * defaults to the file name.
 */
export const documentUploadUrlInput = z.object({
  fileName: requiredText('Le nom du fichier est requis'),
  mimeType: requiredText('Le type de fichier est requis'),
  size: integerField({
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
    message: "La taille du fichier doit être un nombre entier d'octets positif ou nul",
    required: 'La taille du fichier est requise',
  }),
  name: textField,
  type: enumField(documentTypes, 'Le type de document est requis'),
  ...documentLinkFields,
  tags: defaultedField(tagListField, []),
  description: longTextField,
});
export type DocumentUploadUrlInput = z.input<typeof documentUploadUrlInput>;
export type DocumentUploadUrlData = z.output<typeof documentUploadUrlInput>;
