/**
 * How a stored file is shown (spec section 9): its size, its age, and the family of its MIME type
 * that picks an icon and a colour. The Documents screen and the dashboard's 'Documents Récents'
 * block show files the same way.
 */

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;
const BYTES_PER_UNIT = 1024;

// Built on first use, not at import: creating an Intl formatter loads locale data (~10 ms), which
// every importer would pay up front (each Lambda function's cold start).
let sizeNumber: Intl.NumberFormat | undefined;

/**
 * A size in bytes as a person reads it: units B, KB, MB, GB in steps of 1024, at most 2 decimals
 * with the French decimal comma ('1,5 MB'); '0 B' for 0 and for a missing or invalid size.
 */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let unit = Math.min(Math.floor(Math.log(bytes) / Math.log(BYTES_PER_UNIT)), SIZE_UNITS.length - 1);
  let value = Math.round((bytes / BYTES_PER_UNIT ** unit) * 100) / 100;
  // 1,048,575 bytes is 1023.999 KB, which rounds to 1024 KB: that is 1 MB.
  if (value >= BYTES_PER_UNIT && unit < SIZE_UNITS.length - 1) {
    unit += 1;
    value = Math.round((bytes / BYTES_PER_UNIT ** unit) * 100) / 100;
  }
  sizeNumber ??= new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2, useGrouping: false });
  return `${sizeNumber.format(value)} ${SIZE_UNITS[unit]}`;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long ago a file was stored (spec section 9): under 1 hour 'Il y a moins d'1h', under 24 hours
 * 'Il y a {n}h', otherwise 'Il y a {n}j' (whole hours or days, rounded down). A date in the future
 * (a clock ahead of this one) reads as under 1 hour.
 */
export function fileAgeLabel(createdAt: string | Date, now: Date = new Date()): string {
  const elapsed = now.getTime() - new Date(createdAt).getTime();
  if (!Number.isFinite(elapsed) || elapsed < HOUR_MS) return "Il y a moins d'1h";
  if (elapsed < DAY_MS) return `Il y a ${Math.floor(elapsed / HOUR_MS)}h`;
  return `Il y a ${Math.floor(elapsed / DAY_MS)}j`;
}

/** The families of files that get their own icon and colour (spec section 2, Documents Récents). */
export type FileKind = 'pdf' | 'spreadsheet' | 'image' | 'other';

/** The family of a MIME type: PDF, spreadsheet (Excel and others), image, or anything else. */
export function fileKindOf(mimeType: string | null | undefined): FileKind {
  const type = (mimeType ?? '').trim().toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (
    type.includes('spreadsheet') ||
    type.includes('excel') ||
    type === 'text/csv' ||
    type === 'application/vnd.oasis.opendocument.spreadsheet'
  ) {
    return 'spreadsheet';
  }
  return 'other';
}

/** Whether a browser shows the file itself ('Voir'): PDFs and images. */
export function opensInBrowser(mimeType: string | null | undefined): boolean {
  const kind = fileKindOf(mimeType);
  return kind === 'pdf' || kind === 'image';
}
