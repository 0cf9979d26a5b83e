/**
 * The query of `GET /api/quotes/{id}/pdf` and `GET /api/invoices/{id}/pdf` parsed by hand, without
 * zod (issue 27, `bench:lambda`: the two routes start without zod's code). It answers as the zod
 * schema `pdfUrlQuery` (`document-pdf.ts`) does: `document-pdf-query.test.ts` compares them on
 * seeded random queries.
 */
import { defaultedEnumParser, queryParser } from './query-parser.js';

/** `attachment`: saved under its name (the default); `inline`: shown in a browser tab ("Aperçu"). */
export const pdfDispositions = ['attachment', 'inline'] as const;
export type PdfDisposition = (typeof pdfDispositions)[number];

export const pdfDispositionMessage = 'La valeur de disposition doit être « inline » ou « attachment ».';

/** `?disposition=inline|attachment`, `attachment` when absent. */
export const pdfUrlQueryParser = queryParser({
  disposition: defaultedEnumParser(pdfDispositions, 'attachment', pdfDispositionMessage),
});
