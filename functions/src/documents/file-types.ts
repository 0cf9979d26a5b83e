/**
 * The file types the GED accepts (spec "Documents": .pdf, .doc, .docx, .xls, .xlsx, .jpg, .jpeg,
 * .png, .gif) and the three checks a file passes: its extension is one of them, the MIME type the
 * browser declared agrees with that extension, and its first bytes are those of such a file, so a
 * program or a PNG renamed `.pdf` is refused (415).
 */
import type { ACCEPTED_DOCUMENT_EXTENSIONS } from '@btp/shared/entities/document';
import { HttpError } from '../lib/http-errors.js';

export type AcceptedExtension = (typeof ACCEPTED_DOCUMENT_EXTENSIONS)[number];

/** Families of files recognised by their first bytes. */
type Signature = 'pdf' | 'png' | 'jpeg' | 'gif' | 'zip' | 'ole';

export interface AcceptedFileType {
  extension: AcceptedExtension;
  /** The type stored and served (`Content-Type` of the object and of downloads). */
  mimeType: string;
  /** Every MIME type a browser may declare for such a file. */
  mimeTypes: readonly string[];
  signature: Signature;
}

const wordX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const excelX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const types: Record<AcceptedExtension, Omit<AcceptedFileType, 'extension'>> = {
  '.pdf': {
    mimeType: 'application/pdf',
    mimeTypes: ['application/pdf', 'application/x-pdf'],
    signature: 'pdf',
  },
  '.doc': { mimeType: 'application/msword', mimeTypes: ['application/msword'], signature: 'ole' },
  '.docx': { mimeType: wordX, mimeTypes: [wordX], signature: 'zip' },
  '.xls': { mimeType: 'application/vnd.ms-excel', mimeTypes: ['application/vnd.ms-excel'], signature: 'ole' },
  '.xlsx': { mimeType: excelX, mimeTypes: [excelX], signature: 'zip' },
  '.jpg': { mimeType: 'image/jpeg', mimeTypes: ['image/jpeg', 'image/pjpeg'], signature: 'jpeg' },
  '.jpeg': { mimeType: 'image/jpeg', mimeTypes: ['image/jpeg', 'image/pjpeg'], signature: 'jpeg' },
  '.png': { mimeType: 'image/png', mimeTypes: ['image/png'], signature: 'png' },
  '.gif': { mimeType: 'image/gif', mimeTypes: ['image/gif'], signature: 'gif' },
};

/**
 * What a browser declares when it does not know a file's type (an empty `File.type` is sent as
 * `application/octet-stream`; Windows without Office knows no `.docx`): accepted with any accepted
 * extension, the stored type then comes from the extension and the content is still checked.
 */
const genericMimeTypes = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

export const unsupportedExtensionMessage =
  'Type de fichier non accepté : envoyez un PDF, un document Word (.doc, .docx), un classeur Excel (.xls, .xlsx) ou une image (.jpg, .jpeg, .png, .gif).';

export const mismatchedMimeTypeMessage = (extension: string) =>
  `Le type déclaré du fichier ne correspond pas à son extension ${extension} : vérifiez le fichier choisi.`;

export const mismatchedContentMessage = (extension: string) =>
  `Le contenu du fichier ne correspond pas à son extension ${extension} : seuls de vrais fichiers PDF, Word, Excel ou images sont acceptés.`;

const unsupported = (message: string) => new HttpError(415, 'unsupported_media_type', message);

/** The accepted type of a file name by its extension (any case), or `undefined`. */
export function fileTypeOf(fileName: string): AcceptedFileType | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return undefined;
  const extension = fileName.slice(dot).trim().toLowerCase();
  if (!(extension in types)) return undefined;
  const known = extension as AcceptedExtension;
  return { extension: known, ...types[known] };
}

/** `"Image/PNG; charset=binary"` → `"image/png"`. */
export function normaliseMimeType(mimeType: string | undefined): string {
  return (mimeType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * The accepted type of a file from its name and the MIME type declared with it, or a 415 when the
 * extension is not accepted or the declared type is another one than the extension's.
 */
export function acceptedFileType(fileName: string, declaredMimeType: string | undefined): AcceptedFileType {
  const type = fileTypeOf(fileName);
  if (!type) throw unsupported(unsupportedExtensionMessage);
  const declared = normaliseMimeType(declaredMimeType);
  if (!genericMimeTypes.has(declared) && !type.mimeTypes.includes(declared)) {
    throw unsupported(mismatchedMimeTypeMessage(type.extension));
  }
  return type;
}

/** How many first bytes `contentMatches` looks at (a PDF header may follow some bytes of junk). */
export const SNIFF_BYTES = 1024;

const startsWith = (bytes: Uint8Array, prefix: readonly number[]): boolean =>
  bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);

const ascii = (text: string): number[] => [...text].map((character) => character.charCodeAt(0));

function containsPdfHeader(bytes: Uint8Array): boolean {
  // Readers accept `%PDF-` anywhere in the first 1024 bytes.
  return Buffer.from(bytes.subarray(0, SNIFF_BYTES)).includes('%PDF-', 0, 'latin1');
}

const signatures: Record<Signature, (bytes: Uint8Array) => boolean> = {
  pdf: containsPdfHeader,
  png: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpeg: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]),
  gif: (bytes) => startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')),
  // .docx and .xlsx are ZIP archives (a local file header first).
  zip: (bytes) => startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]),
  // .doc and .xls are OLE2 compound files.
  ole: (bytes) => startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
};

/** Whether the first bytes of a file (at least `SNIFF_BYTES` when it is that long) fit its type. */
export function contentMatches(type: AcceptedFileType, firstBytes: Uint8Array): boolean {
  return signatures[type.signature](firstBytes);
}

/** A 415 unless the file's first bytes fit its type. */
export function assertContentMatches(type: AcceptedFileType, firstBytes: Uint8Array): void {
  if (!contentMatches(type, firstBytes)) throw unsupported(mismatchedContentMessage(type.extension));
}
