/** The API's error answer (docs/api.md "Errors"). */
export interface ErrorBody {
  error: string;
  message: string;
  details?: { path: string; message: string }[];
}

/** The French message of each field an error answer names, by the field's path. */
export function detailsOf(body: unknown): Record<string, string> {
  return Object.fromEntries(
    ((body as ErrorBody).details ?? []).map((detail) => [detail.path, detail.message]),
  );
}

/** This year in France, as the document numbers carry it (DEV-<year>-0001). */
export const currentYear = new Intl.DateTimeFormat('fr-FR', {
  year: 'numeric',
  timeZone: 'Europe/Paris',
}).format(new Date());

/**
 * The text of a PDF as a reader would copy it, every page, whitespace folded to single spaces, read
 * with pdf.js (the library Firefox shows PDFs with).
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages.join('\n').replace(/\s+/g, ' ');
  } finally {
    await document.destroy();
  }
}
