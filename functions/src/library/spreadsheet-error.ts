/**
 * The error of a file refused as a price list (`price-list-file.ts`, `xlsx-rows.ts`), apart from
 * the readers so that the routes that only test for it (`price-list-import.ts`) do not load them:
 * the CSV decoders and the XLSX reader load on the path that reads a file.
 */

/** A file refused as a spreadsheet: the French reason, shown as is. */
export class SpreadsheetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpreadsheetError';
  }
}
