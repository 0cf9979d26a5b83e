/**
 * A supplier's price list read from its bytes (docs/library.md "Supplier price-list import"):
 * CSV (`;`, `,` or tab; UTF-8 or Windows-1252; French decimal comma) or XLSX (FAB-DIS recognised),
 * every check of a hostile file made here, before anything is written. Callable on a file alone
 * (`readPriceList`, `priceListRows`): the fuzz corpus of issue 33 calls them directly. The
 * decoders (csv-parse, iconv-lite, the XLSX reader) are imported by `readPriceList` when it reads a
 * file: the import routes that only show a job or check a mapping never load them.
 */
import type {
  PriceListEncoding,
  PriceListMapping,
  PriceListMappingInput,
} from '@btp/shared/entities/library';
import {
  FAMILY_SEPARATOR,
  LIBRARY_DESIGNATION_MAX_LENGTH,
  LIBRARY_REFERENCE_MAX_LENGTH,
  LIBRARY_UNIT_MAX_LENGTH,
  MAX_PRICE_LIST_BYTES,
  MAX_PRICE_LIST_ROWS,
  normaliseFamily,
  priceListFieldLabels,
  type PriceListField,
} from '@btp/shared/entities/library-basics';
import {
  resourceTypeLabels,
  resourceTypes,
  vatRates,
  type ResourceType,
  type VatRate,
} from '@btp/shared/enums';
import { divideRounded, formatMoney, formatPercent, tryParseDecimal } from '@btp/shared/money';
import { searchable } from '../data/list-search.js';
import { normaliseUnique } from '../data/keys.js';
import { SpreadsheetError } from './spreadsheet-error.js';
import type { SheetRow } from './xlsx-rows.js';

export { SpreadsheetError };

/** The most columns a price list may have. */
export const MAX_PRICE_LIST_COLUMNS = 200;

export const priceListMessages = {
  tooLarge: 'Ce fichier dépasse 20 Mo : découpez le tarif en plusieurs fichiers.',
  empty: 'Ce fichier est vide.',
  format: 'Format non reconnu : importez un fichier CSV ou XLSX (Excel).',
  binary: "Ce fichier n'est pas un texte CSV (il contient des caractères binaires).",
  notUtf8:
    "Ce fichier n'est pas en UTF-8 : choisissez l'encodage Windows-1252 (Excel) dans les options de l'import.",
  csv: (line: number) => `Ce fichier CSV est mal formé vers la ligne ${line} (guillemets non refermés ?).`,
  tooManyRows: 'Ce fichier a plus de 100 000 lignes : découpez le tarif en plusieurs fichiers.',
  tooManyColumns: 'Ce fichier a plus de 200 colonnes.',
  noRows: "Ce fichier n'a aucune ligne de données après l'en-tête.",
  missingColumn: (field: string, column: number) =>
    `La colonne ${column + 1} choisie pour « ${field} » n'existe pas dans ce fichier.`,
};

/** A price list read as a table of texts. */
export interface PriceListTable {
  format: 'csv' | 'xlsx';
  layout: 'fabdis' | 'table';
  sheet?: string;
  encoding?: PriceListEncoding;
  delimiter?: string;
  rows: SheetRow[];
}

/** The format of a file, from its first bytes (a zip is an XLSX), else its name. */
export function priceListFormat(bytes: Buffer, fileName: string): 'csv' | 'xlsx' {
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) return 'xlsx';
  if (/\.(xlsx|xlsm)$/i.test(fileName)) return 'xlsx';
  if (/\.(csv|txt|tsv)$/i.test(fileName) || fileName === '') return 'csv';
  throw new SpreadsheetError(priceListMessages.format);
}

/** UTF-8 when the bytes are valid UTF-8; Windows-1252 only when asked (else refused). */
async function decode(
  bytes: Buffer,
  encoding: PriceListEncoding | undefined,
): Promise<{ text: string; encoding: PriceListEncoding }> {
  if (bytes.includes(0)) throw new SpreadsheetError(priceListMessages.binary);
  if (encoding === 'windows-1252') {
    const { default: iconv } = await import('iconv-lite');
    return { text: iconv.decode(bytes, 'win1252'), encoding };
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text: text.replace(/^\uFEFF/, ''), encoding: 'utf-8' };
  } catch {
    throw new SpreadsheetError(priceListMessages.notUtf8);
  }
}

/** The delimiter of the first lines: the one of `;`, tab and `,` found most often in the first line. */
function detectDelimiter(text: string): string {
  const first = text.split(/\r?\n/, 5).find((line) => line.trim() !== '') ?? '';
  const counts = [';', '\t', ','].map((candidate) => ({
    candidate,
    count: first.split(candidate).length - 1,
  }));
  const best = counts.reduce((a, b) => (b.count > a.count ? b : a));
  return best.count > 0 ? best.candidate : ';';
}

async function readCsv(bytes: Buffer, mapping: Partial<PriceListMappingInput>): Promise<PriceListTable> {
  const { text, encoding } = await decode(bytes, mapping.encoding);
  const { parse } = await import('csv-parse/sync');
  const delimiter = mapping.delimiter ?? detectDelimiter(text);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      trim: true,
      to_line: MAX_PRICE_LIST_ROWS + 100,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 0;
    throw new SpreadsheetError(priceListMessages.csv(line));
  }
  if (records.length > MAX_PRICE_LIST_ROWS + 50) throw new SpreadsheetError(priceListMessages.tooManyRows);
  const rows = records
    .map(({ record, info }) => ({ row: info.lines, cells: record }))
    .filter((row) => row.cells.some((cell) => cell !== ''));
  if (rows.some((row) => row.cells.length > MAX_PRICE_LIST_COLUMNS)) {
    throw new SpreadsheetError(priceListMessages.tooManyColumns);
  }
  return { format: 'csv', layout: isFabdis(rows) ? 'fabdis' : 'table', encoding, delimiter, rows };
}

const fabdisSheet = (names: string[]) => {
  const index = names.findIndex((name) => /commerce/i.test(name));
  return index >= 0 ? index : 0;
};

/** A FAB-DIS COMMERCE block: its header names REFCIALE and TARIF. */
function isFabdis(rows: readonly SheetRow[]): boolean {
  return rows.slice(0, 10).some((row) => {
    const cells = row.cells.map((cell) => cell.toUpperCase());
    return cells.includes('REFCIALE') && cells.includes('TARIF');
  });
}

/**
 * The table of a price list. Refuses (SpreadsheetError, French message) a file over 20 MB, empty,
 * of another format, not UTF-8 unless declared Windows-1252, binary, malformed, or any XLSX bomb.
 */
export async function readPriceList(
  bytes: Buffer,
  options: { fileName: string; mapping?: Partial<PriceListMappingInput> },
): Promise<PriceListTable> {
  if (bytes.length > MAX_PRICE_LIST_BYTES) throw new SpreadsheetError(priceListMessages.tooLarge);
  if (bytes.length === 0) throw new SpreadsheetError(priceListMessages.empty);
  const format = priceListFormat(bytes, options.fileName);
  if (format === 'csv') return readCsv(bytes, options.mapping ?? {});
  const { readXlsxSheet } = await import('./xlsx-rows.js');
  const sheet = await readXlsxSheet(bytes, { choose: fabdisSheet });
  return {
    format: 'xlsx',
    layout: /commerce/i.test(sheet.name) || isFabdis(sheet.rows) ? 'fabdis' : 'table',
    sheet: sheet.name,
    rows: sheet.rows,
  };
}

// ---------------------------------------------------------------------------------------------
// Headers and the mapping

/** The header row's number (1-based) the file most likely has: FAB-DIS's, else the first row. */
export function detectHeaderRow(table: PriceListTable): number {
  const index = table.rows.slice(0, 10).findIndex((row) => {
    const cells = row.cells.map((cell) => cell.toUpperCase());
    return cells.includes('REFCIALE') && cells.includes('TARIF');
  });
  return index >= 0 ? index + 1 : 1;
}

const headerWords = (text: string) =>
  searchable(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The columns a header's names suggest (FAB-DIS names, then French and English usual names). */
export function suggestedColumns(header: readonly string[]): Partial<PriceListMapping['columns']> {
  const words = header.map(headerWords);
  const find = (...patterns: RegExp[]) => {
    for (const pattern of patterns) {
      const index = words.findIndex((word) => pattern.test(word));
      if (index >= 0) return index;
    }
    return undefined;
  };
  const families = ['fam1', 'fam2', 'fam3'].map((name) => words.indexOf(name)).filter((index) => index >= 0);
  const family = families.length > 0 ? families : [find(/^famille/, /^family/, /^categorie/, /^rayon/)];
  const columns = {
    reference: find(
      /^refciale$/,
      /^ref(erence)?( article| fournisseur| produit)?$/,
      /^code( article)?$/,
      /^ref/,
    ),
    designation: find(
      /^libelle240$/,
      /^libelle80$/,
      /^libelle30$/,
      /^designation/,
      /^libelle/,
      /^description/,
      /^nom/,
    ),
    price: find(/^tarif$/, /^prix( unitaire)?( ht)?( net)?$/, /^prix/, /^pu( ht)?$/, /^price/, /^tarif/),
    unit: find(/^ub$/, /^unite/, /^unit/, /^u$/),
    discount: find(/^remise/, /^discount/),
    resourceType: find(/^type( de ressource)?$/),
    vatRate: find(/^tva/, /^taux( de)? tva/, /^vat/),
  };
  return {
    ...Object.fromEntries(Object.entries(columns).filter(([, index]) => index !== undefined)),
    ...(family.every((index) => index !== undefined) && family.length > 0
      ? { family: family as number[] }
      : {}),
  } as Partial<PriceListMapping['columns']>;
}

// ---------------------------------------------------------------------------------------------
// Rows → articles

/** One valid row of a price list, ready to become an article of the supplier. */
export interface PriceListArticle {
  /** The row's number in the file (1-based). */
  row: number;
  reference: string;
  designation: string;
  unit: string;
  /** List price (2 decimals, rounded from up to 4) and discount, as stored. */
  listPrice: string;
  discount?: string;
  /** Net cost HT = round(list price × (1 − discount %), 2). */
  unitCost: string;
  family?: string;
  resourceType: ResourceType;
  vatRate?: VatRate;
}

export interface PriceListRows {
  articles: PriceListArticle[];
  refused: { row: number; message: string }[];
}

/** Net cost in cents of a list price in ten-thousandths of a euro less a discount in hundredths of %. */
export function netCostCents(listTenThousandths: number, discountHundredths: number): number {
  return Number(
    divideRounded(BigInt(listTenThousandths) * BigInt(10_000 - discountHundredths), 10_000n * 100n),
  );
}

/** A decimal read as the mapping says: `,` decimal (dots and spaces group thousands), `.`, or as written. */
function decimalOf(text: string, decimal: ',' | '.' | undefined, scale: number) {
  let value = text.replace(/[\s\u00a0\u202f€%]/g, '');
  if (decimal === ',') value = value.replace(/\./g, '').replace(',', '.');
  else if (decimal === '.') value = value.replace(/,/g, '');
  return tryParseDecimal(value, scale);
}

const resourceTypeNames = new Map<string, ResourceType>([
  ...resourceTypes.map((type) => [headerWords(type), type] as const),
  ...resourceTypes.map((type) => [headerWords(resourceTypeLabels[type]), type] as const),
  ['mo', 'labor'],
  ['main d oeuvre', 'labor'],
  ['materiau', 'materials'],
  ['fourniture', 'materials'],
  ['fournitures', 'materials'],
  ['sous traitant', 'subcontractor'],
]);

/**
 * The articles of a price list's data rows (those after `headerRow`), each checked; a refused row
 * is named with its number in the file and a French reason on the field.
 */
export function priceListRows(table: PriceListTable, mapping: PriceListMapping): PriceListRows {
  const { columns } = mapping;
  const dataRows = mapping.headerRow > 0 ? table.rows.slice(mapping.headerRow) : table.rows;
  const width = Math.max(0, ...table.rows.slice(0, mapping.headerRow + 50).map((row) => row.cells.length));
  for (const [field, value] of Object.entries(columns)) {
    for (const column of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      if (column >= width) {
        throw new SpreadsheetError(
          priceListMessages.missingColumn(priceListFieldLabels[field as PriceListField] ?? field, column),
        );
      }
    }
  }
  if (dataRows.length === 0) throw new SpreadsheetError(priceListMessages.noRows);
  const articles: PriceListArticle[] = [];
  const refused: { row: number; message: string }[] = [];
  const seen = new Map<string, number>();
  for (const { row, cells } of dataRows) {
    const cell = (column: number | undefined) => (column === undefined ? '' : (cells[column] ?? '').trim());
    const refuse = (message: string) => refused.push({ row, message });
    const reference = cell(columns.reference);
    const designation = cell(columns.designation);
    if (reference === '') {
      refuse('Référence manquante');
      continue;
    }
    if (reference.length > LIBRARY_REFERENCE_MAX_LENGTH) {
      refuse(`Référence trop longue (au plus ${LIBRARY_REFERENCE_MAX_LENGTH} caractères)`);
      continue;
    }
    const key = normaliseUnique(reference);
    const first = seen.get(key);
    if (first !== undefined) {
      refuse(`Référence ${reference} déjà présente à la ligne ${first}`);
      continue;
    }
    if (designation === '') {
      refuse('Désignation manquante');
      continue;
    }
    if (designation.length > LIBRARY_DESIGNATION_MAX_LENGTH) {
      refuse(`Désignation trop longue (au plus ${LIBRARY_DESIGNATION_MAX_LENGTH} caractères)`);
      continue;
    }
    const unit = cell(columns.unit) || mapping.defaultUnit;
    if (unit.length > LIBRARY_UNIT_MAX_LENGTH) {
      refuse(`Unité trop longue (au plus ${LIBRARY_UNIT_MAX_LENGTH} caractères)`);
      continue;
    }
    const priceText = cell(columns.price);
    const price = decimalOf(priceText, mapping.decimal, 4);
    if (priceText === '' || !price.ok || price.units < 0) {
      refuse(
        priceText === ''
          ? 'Prix manquant'
          : `Prix illisible : « ${priceText.slice(0, 30)} » (un nombre positif, au plus 4 décimales)`,
      );
      continue;
    }
    let discountHundredths = 0;
    const discountText = cell(columns.discount);
    if (discountText !== '') {
      const discount = decimalOf(discountText, mapping.decimal, 2);
      if (!discount.ok || discount.units < 0 || discount.units > 10_000) {
        refuse(`Remise illisible : « ${discountText.slice(0, 30)} » (un pourcentage entre 0 et 100)`);
        continue;
      }
      discountHundredths = discount.units;
    }
    let resourceType: ResourceType = mapping.defaultResourceType;
    const typeText = cell(columns.resourceType);
    if (typeText !== '') {
      const type = resourceTypeNames.get(headerWords(typeText));
      if (!type) {
        refuse(`Type de ressource inconnu : « ${typeText.slice(0, 30)} »`);
        continue;
      }
      resourceType = type;
    }
    let vatRate: VatRate | undefined;
    const vatText = cell(columns.vatRate);
    if (vatText !== '') {
      const vat = decimalOf(vatText, mapping.decimal, 2);
      const rate = vat.ok ? formatPercent(vat.units) : '';
      if (!(vatRates as readonly string[]).includes(rate)) {
        refuse(`Taux de TVA inconnu : « ${vatText.slice(0, 30)} » (20, 10, 5,5, 2,1 ou 0)`);
        continue;
      }
      vatRate = rate as VatRate;
    }
    const family = normaliseFamily(
      (columns.family ?? [])
        .map((column) => cell(column))
        .filter((text) => text !== '')
        .join(FAMILY_SEPARATOR),
    );
    const listCents = Number(divideRounded(BigInt(price.units), 100n));
    const net = netCostCents(price.units, discountHundredths);
    if (net > 999_999_999_999) {
      refuse('Prix trop grand');
      continue;
    }
    seen.set(key, row);
    articles.push({
      row,
      reference,
      designation,
      unit,
      listPrice: formatMoney(listCents),
      ...(discountHundredths > 0 ? { discount: formatPercent(discountHundredths) } : {}),
      unitCost: formatMoney(net),
      ...(family && family.length <= 300 ? { family } : {}),
      resourceType,
      ...(vatRate ? { vatRate } : {}),
    });
  }
  return { articles, refused };
}
