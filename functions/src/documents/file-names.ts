/**
 * A document's original file name is kept for display and for the name a download is saved under;
 * it never becomes part of an object key. These rules make it safe to show and to put in a
 * `Content-Disposition` header.
 */

/** The longest file name kept, in characters (most file systems' limit). */
export const MAX_FILE_NAME_LENGTH = 255;

/** Fallback when nothing printable is left of a name. */
const defaultName = 'document';

// C0 and C1 control characters, and the bidirectional formatting characters that can make
// "facture‮fdp.exe" read as "facture‭exe.pdf".
// oxlint-disable-next-line no-control-regex
const unsafeCharacters = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The file name as kept: its last path segment only (`C:\fakepath\plan.pdf` and `../../plan.pdf`
 * are `plan.pdf`), NFC, without control or bidirectional characters, trimmed, at most 255
 * characters with the extension kept when it has to be shortened.
 */
export function sanitiseFileName(raw: string): string {
  const lastSegment = raw.split(/[/\\]/).at(-1) ?? '';
  let name = lastSegment.normalize('NFC').replace(unsafeCharacters, '').trim();
  if (name === '' || name === '.' || name === '..') return defaultName;
  const characters = [...name];
  if (characters.length > MAX_FILE_NAME_LENGTH) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 ? [...name.slice(dot)] : [];
    const keptExtension = extension.length <= 16 ? extension : [];
    name = [...characters.slice(0, MAX_FILE_NAME_LENGTH - keptExtension.length), ...keptExtension]
      .join('')
      .replace(/\s+(?=\.[^.]*$)/, '');
  }
  return name;
}

/** RFC 5987 `value-chars`: UTF-8 percent-encoded, only `attr-char` left as they are. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** An ASCII stand-in for old clients: accents dropped, anything else unsafe in a quoted string replaced. */
function asciiFallback(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
}

/**
 * The `Content-Disposition` of a download: `attachment` (saved under its name) or `inline`
 * (shown by the browser), with an ASCII `filename` and the exact name in `filename*` (RFC 6266 and
 * RFC 5987): "Devis été.pdf" gives
 * `attachment; filename="Devis ete.pdf"; filename*=UTF-8''Devis%20%C3%A9t%C3%A9.pdf`. Only ASCII is returned, as HTTP headers require.
 */
export function contentDisposition(fileName: string, disposition: 'attachment' | 'inline'): string {
  const name = sanitiseFileName(fileName);
  return `${disposition}; filename="${asciiFallback(name)}"; filename*=UTF-8''${rfc5987(name)}`;
}
