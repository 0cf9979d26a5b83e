/**
 * The documents bucket's limits and prefixes, without zod (issue 27, `bench:lambda`): the
 * functions' storage modules read them, and `entities/document.ts` and `document-pdf.ts`
 * re-export them beside their schemas.
 */

/** Stated maximum of an uploaded file (spec section 9): 50 MB, in bytes. */
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;

/**
 * The documents bucket's prefix of drafts' previews (`previews/<companyId>/<id>.pdf`): made for one
 * request, never listed, expired by the bucket's lifecycle rule after a day (infra/lib/documents.ts).
 */
export const PDF_PREVIEW_KEY_PREFIX = 'previews/';
