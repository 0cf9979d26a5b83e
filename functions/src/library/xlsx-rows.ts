/**
 * The rows of one sheet of an XLSX workbook, as text, read from its bytes with a bound on
 * everything a hostile file could make large (docs/library.md "Supplier price-list import"):
 *
 * - the zip's central directory is read first (yauzl): too many entries, a declared size over
 *   `maxEntryBytes` or a compression ratio over `maxRatio` is refused before anything is inflated,
 *   and inflating stops at the declared size (yauzl checks the real size against it);
 * - the XML is read as a stream (saxes), never as a tree; a DOCTYPE is refused (no DTD, no entity);
 * - the sheet's `dimension`, its rows and columns, the shared strings' count and length are bounded.
 *
 * Only what a price list needs is read: shared strings, inline strings, numbers and booleans.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { SpreadsheetError } from './spreadsheet-error.js';

export { SpreadsheetError };

export interface XlsxLimits {
  maxEntries: number;
  /** Declared uncompressed size of one entry, in bytes. */
  maxEntryBytes: number;
  /** Uncompressed / compressed of an entry over 1 MB. */
  maxRatio: number;
  maxRows: number;
  maxColumns: number;
  maxSharedStrings: number;
  /** Characters of all the shared strings together. */
  maxSharedStringChars: number;
}

export const defaultXlsxLimits: XlsxLimits = {
  maxEntries: 1_000,
  maxEntryBytes: 100 * 1024 * 1024,
  maxRatio: 200,
  maxRows: 100_000,
  maxColumns: 200,
  maxSharedStrings: 1_000_000,
  maxSharedStringChars: 50 * 1024 * 1024,
};

export const xlsxMessages = {
  notZip: "Ce fichier XLSX est illisible : ce n'est pas un classeur Excel valide.",
  tooManyEntries: 'Ce classeur contient trop de fichiers internes : il est refusé.',
  tooLarge:
    'Ce classeur se décompresse en un volume anormal (bombe de décompression) : il est refusé sans être ouvert.',
  noSheet: 'Ce classeur ne contient aucune feuille lisible.',
  doctype: 'Ce classeur contient une déclaration DOCTYPE (DTD) : il est refusé.',
  badXml: "Ce classeur est illisible : l'une de ses feuilles n'est pas du XML valide.",
  dimension: (rows: number, columns: number) =>
    `Cette feuille annonce ${rows} lignes et ${columns} colonnes : au plus 100 000 lignes et 200 colonnes.`,
  tooManyRows: 'Cette feuille a plus de 100 000 lignes : découpez le tarif en plusieurs fichiers.',
  tooManyColumns: 'Cette feuille a plus de 200 colonnes.',
  sharedStrings: 'Ce classeur contient trop de textes (plus d’un million, ou plus de 50 Mo) : il est refusé.',
};

/** One row read: its number in the sheet (1-based) and its cells by column index (0 = A). */
export interface SheetRow {
  row: number;
  cells: string[];
}

export interface XlsxSheet {
  name: string;
  rows: SheetRow[];
}

function openZip(bytes: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) reject(new SpreadsheetError(xlsxMessages.notZip));
      else resolve(zip);
    });
  });
}

/** Every entry of the central directory, checked against the limits before any inflating. */
async function entriesOf(zip: ZipFile, limits: XlsxLimits): Promise<Map<string, Entry>> {
  if (zip.entryCount > limits.maxEntries) throw new SpreadsheetError(xlsxMessages.tooManyEntries);
  const entries = new Map<string, Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      const declared = entry.uncompressedSize;
      const ratio = entry.compressedSize > 0 ? declared / entry.compressedSize : declared > 0 ? Infinity : 0;
      if (declared > limits.maxEntryBytes || (declared > 1024 * 1024 && ratio > limits.maxRatio)) {
        reject(new SpreadsheetError(xlsxMessages.tooLarge));
        zip.close();
        return;
      }
      entries.set(entry.fileName.replace(/^\/+/, ''), entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', () => reject(new SpreadsheetError(xlsxMessages.notZip)));
    zip.readEntry();
  });
  return entries;
}

/** Streams an entry through a strict XML parser (no DOCTYPE). */
function parseEntry(
  zip: ZipFile,
  entry: Entry,
  handlers: {
    open?(tag: SaxesTagPlain): void;
    close?(name: string): void;
    text?(text: string): void;
  },
): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(new SpreadsheetError(xlsxMessages.notZip));
        return;
      }
      const parser = new SaxesParser({ xmlns: false });
      let failed = false;
      const fail = (reason: Error) => {
        if (failed) return;
        failed = true;
        stream.destroy();
        reject(reason instanceof SpreadsheetError ? reason : new SpreadsheetError(xlsxMessages.badXml));
      };
      parser.on('doctype', () => fail(new SpreadsheetError(xlsxMessages.doctype)));
      parser.on('error', () => fail(new SpreadsheetError(xlsxMessages.badXml)));
      if (handlers.open) {
        const open = handlers.open;
        parser.on('opentag', (tag) => {
          try {
            open(tag);
          } catch (reason) {
            fail(reason as Error);
          }
        });
      }
      if (handlers.close) {
        const close = handlers.close;
        parser.on('closetag', (tag) => {
          try {
            close(tag.name);
          } catch (reason) {
            fail(reason as Error);
          }
        });
      }
      if (handlers.text) {
        const text = handlers.text;
        parser.on('text', (value) => {
          try {
            text(value);
          } catch (reason) {
            fail(reason as Error);
          }
        });
      }
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        if (failed) return;
        try {
          parser.write(chunk);
        } catch (reason) {
          fail(reason as Error);
        }
      });
      stream.on('error', () => fail(new SpreadsheetError(xlsxMessages.tooLarge)));
      stream.on('end', () => {
        if (failed) return;
        try {
          parser.close();
          resolve();
        } catch (reason) {
          fail(reason as Error);
        }
      });
    });
  });
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** "BC" → 54 (0-based column of a cell reference's letters). */
function columnIndex(reference: string): number {
  const letters = /^[A-Z]+/i.exec(reference)?.[0]?.toUpperCase() ?? '';
  let index = 0;
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/** A number as people write it: 1.4800000000000001 → "1.48" (15 significant digits, no exponent). */
export function numberText(value: string): string {
  const number = Number(value);
  if (!Number.isFinite(number)) return value;
  if (Number.isInteger(number) && Math.abs(number) < 1e15) return String(number);
  const text = number.toPrecision(15);
  if (/e/i.test(text)) return value;
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

async function sharedStrings(zip: ZipFile, entry: Entry | undefined, limits: XlsxLimits): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  let current: string | undefined;
  let inText = false;
  let inPhonetic = false;
  let chars = 0;
  await parseEntry(zip, entry, {
    open(tag) {
      const name = localName(tag.name);
      if (name === 'si') current = '';
      else if (name === 'rPh') inPhonetic = true;
      else if (name === 't' && !inPhonetic) inText = true;
    },
    close(name) {
      const local = localName(name);
      if (local === 'si') {
        strings.push(current ?? '');
        current = undefined;
        if (strings.length > limits.maxSharedStrings) throw new SpreadsheetError(xlsxMessages.sharedStrings);
      } else if (local === 'rPh') inPhonetic = false;
      else if (local === 't') inText = false;
    },
    text(value) {
      if (!inText || current === undefined) return;
      chars += value.length;
      if (chars > limits.maxSharedStringChars) throw new SpreadsheetError(xlsxMessages.sharedStrings);
      current += value;
    },
  });
  return strings;
}

/** The sheets of the workbook in order: name and entry path. */
async function sheetsOf(
  zip: ZipFile,
  entries: Map<string, Entry>,
): Promise<{ name: string; path: string }[]> {
  const workbook = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (!workbook) throw new SpreadsheetError(xlsxMessages.notZip);
  const sheets: { name: string; id: string }[] = [];
  await parseEntry(zip, workbook, {
    open(tag) {
      if (localName(tag.name) !== 'sheet') return;
      const id = Object.entries(tag.attributes).find(([key]) => localName(key) === 'id')?.[1];
      sheets.push({ name: String(tag.attributes.name ?? ''), id: String(id ?? '') });
    },
  });
  const targets = new Map<string, string>();
  if (rels) {
    await parseEntry(zip, rels, {
      open(tag) {
        if (localName(tag.name) !== 'Relationship') return;
        targets.set(String(tag.attributes.Id ?? ''), String(tag.attributes.Target ?? ''));
      },
    });
  }
  return sheets.flatMap((sheet, index) => {
    const target = targets.get(sheet.id) ?? `worksheets/sheet${index + 1}.xml`;
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
    return entries.has(path) ? [{ name: sheet.name, path }] : [];
  });
}

/**
 * The rows of a workbook's sheet: the one `choose` picks among the sheets' names (default: the
 * first), as text. Empty cells are `''`; rows without any value are left out.
 * @throws SpreadsheetError with a French reason for any refused file.
 */
export async function readXlsxSheet(
  bytes: Buffer,
  options: { choose?: (names: string[]) => number; limits?: Partial<XlsxLimits> } = {},
): Promise<XlsxSheet> {
  const limits = { ...defaultXlsxLimits, ...options.limits };
  const zip = await openZip(bytes);
  try {
    const entries = await entriesOf(zip, limits);
    const sheets = await sheetsOf(zip, entries);
    if (sheets.length === 0) throw new SpreadsheetError(xlsxMessages.noSheet);
    const chosen = sheets[Math.max(0, options.choose?.(sheets.map((sheet) => sheet.name)) ?? 0)] ?? sheets[0];
    const sheetEntry = chosen ? entries.get(chosen.path) : undefined;
    if (!chosen || !sheetEntry) throw new SpreadsheetError(xlsxMessages.noSheet);
    const strings = await sharedStrings(zip, entries.get('xl/sharedStrings.xml'), limits);
    const rows: SheetRow[] = [];
    let row: SheetRow | undefined;
    let cell: { column: number; type: string } | undefined;
    let value: string | undefined;
    let inValue = false;
    let nextRow = 1;
    await parseEntry(zip, sheetEntry, {
      open(tag) {
        const name = localName(tag.name);
        if (name === 'dimension') {
          const [from = 'A1', to = from] = String(tag.attributes.ref ?? 'A1').split(':');
          const height = Number(/\d+/.exec(to)?.[0] ?? 1) - Number(/\d+/.exec(from)?.[0] ?? 1) + 1;
          const width = columnIndex(to) - columnIndex(from) + 1;
          if (height > limits.maxRows + 50 || width > limits.maxColumns) {
            throw new SpreadsheetError(xlsxMessages.dimension(height, width));
          }
        } else if (name === 'row') {
          const number = Number(tag.attributes.r ?? nextRow);
          row = { row: Number.isSafeInteger(number) && number > 0 ? number : nextRow, cells: [] };
          nextRow = row.row + 1;
        } else if (name === 'c' && row) {
          const reference = String(tag.attributes.r ?? '');
          const column = reference ? columnIndex(reference) : row.cells.length;
          if (column >= limits.maxColumns) throw new SpreadsheetError(xlsxMessages.tooManyColumns);
          cell = { column, type: String(tag.attributes.t ?? 'n') };
          value = undefined;
        } else if ((name === 'v' || name === 't') && cell) {
          inValue = true;
          value ??= '';
        }
      },
      text(text) {
        if (inValue) value = (value ?? '') + text;
      },
      close(name) {
        const local = localName(name);
        if (local === 'v' || local === 't') inValue = false;
        else if (local === 'c' && row && cell) {
          let text = value ?? '';
          if (cell.type === 's') text = strings[Number(text)] ?? '';
          else if (cell.type === 'b') text = text === '1' ? 'VRAI' : 'FAUX';
          else if (cell.type === 'n' && text !== '') text = numberText(text);
          else if (cell.type === 'e') text = '';
          while (row.cells.length < cell.column) row.cells.push('');
          row.cells[cell.column] = text.trim();
          cell = undefined;
        } else if (local === 'row' && row) {
          if (row.cells.some((text) => text !== '')) {
            rows.push(row);
            if (rows.length > limits.maxRows + 50) throw new SpreadsheetError(xlsxMessages.tooManyRows);
          }
          row = undefined;
        }
      },
    });
    return { name: chosen.name, rows };
  } finally {
    zip.close();
  }
}
