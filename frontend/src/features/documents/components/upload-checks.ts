import { uploadPathFor } from '@btp/shared/document-upload';
import { ACCEPTED_DOCUMENT_EXTENSIONS, hasAcceptedDocumentExtension } from '@btp/shared/entities/document';
import { formatFileSize } from '@btp/shared/file-display';

/** The `accept` of the file picker: the spec's extensions. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_DOCUMENT_EXTENSIONS.join(',');

/** The limit as the spec states it (section 9). */
export const MAX_SIZE_TEXT = 'Taille maximale : 50MB';

/** The server's own sentence for a refused extension (docs/api/documents.md). */
export const UNSUPPORTED_FILE_MESSAGE =
  'Type de fichier non accepté : envoyez un PDF, un document Word (.doc, .docx), un classeur Excel (.xls, .xlsx) ou une image (.jpg, .jpeg, .png, .gif).';

/**
 * Why a chosen file cannot be sent, checked before any byte leaves the browser (issue 7): none
 * chosen, an extension the spec does not accept, an empty file, or more than 50 MB.
 */
export function fileProblem(file: Pick<File, 'name' | 'size'> | undefined): string | undefined {
  if (file === undefined) return 'Le fichier est requis';
  if (!hasAcceptedDocumentExtension(file.name)) return UNSUPPORTED_FILE_MESSAGE;
  if (file.size === 0) return 'Le fichier est vide';
  if (uploadPathFor(file.size) === 'too_large') {
    return `Le fichier (${formatFileSize(file.size)}) dépasse la taille maximale de 50MB.`;
  }
  return undefined;
}
