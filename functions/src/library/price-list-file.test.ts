import { priceListMappingSchema, type PriceListMappingInput } from '@btp/shared/entities/library';
import { formatMoney } from '@btp/shared/money';
import { seededRandom } from '@btp/shared/testing/seeded-random';
import { strToU8, zipSync, type Zippable } from 'fflate';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { netCostCents, priceListRows, readPriceList, suggestedColumns } from './price-list-file.js';
import { readXlsxSheet, SpreadsheetError } from './xlsx-rows.js';

const mapping = (input: Partial<PriceListMappingInput> = {}) =>
  priceListMappingSchema.parse({
    columns: { reference: 0, designation: 1, unit: 2, price: 3, discount: 4, family: [5] },
    decimal: ',',
    ...input,
  });

const csv = [
  'Référence;Désignation;Unité;Prix HT;Remise %;Famille',
  'PAR2050;Parpaing creux 20×20×50;u;1,48;;Gros œuvre › Maçonnerie',
  'CIM35;"Ciment CEM II 32,5 R; sac 35 kg";sac;9,90;10;Gros œuvre › Liants',
  'SAB01;Sable 0/4 lavé;t;;;Gros œuvre',
  'PAR2050;Doublon;u;1,50;;',
  'BA13;Plaque de plâtre BA13 2500×1200;u;1 234,5678;33,33;Plâtrerie',
  ';Sans référence;u;1;;',
  'NEG;Négatif;u;-3;;',
].join('\r\n');

/** A minimal workbook: one sheet, its cells as shared strings or numbers. */
/** A cell: text (shared string), a number, or a number's text as Excel stores it (`{n}`). */
type Cell = string | number | { n: string };

function xlsx(rows: Cell[][], extra: Zippable = {}, sheetName = 'Tarif'): Buffer {
  const strings: string[] = [];
  const cell = (value: Cell, column: number, row: number) => {
    const ref = `${String.fromCharCode(65 + column)}${row}`;
    if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
    if (typeof value === 'object') return `<c r="${ref}"><v>${value.n}</v></c>`;
    strings.push(value);
    return `<c r="${ref}" t="s"><v>${strings.length - 1}</v></c>`;
  };
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:F${rows.length}"/><sheetData>${rows
    .map(
      (row, index) =>
        `<row r="${index + 1}">${row.map((value, column) => cell(value, column, index + 1)).join('')}</row>`,
    )
    .join('')}</sheetData></worksheet>`;
  const shared = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${strings
    .map((text) => `<si><t>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</t></si>`)
    .join('')}</sst>`;
  return Buffer.from(
    zipSync({
      'xl/workbook.xml': strToU8(
        `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
      'xl/_rels/workbook.xml.rels': strToU8(
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
      'xl/worksheets/sheet1.xml': strToU8(sheet),
      'xl/sharedStrings.xml': strToU8(shared),
      ...extra,
    }),
  );
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SpreadsheetError) return error.message;
    throw error;
  }
  throw new Error('not refused');
}

describe('readPriceList and priceListRows: CSV', () => {
  it('reads a French CSV (;, decimal comma, quotes), nets the discount, refuses broken rows with their number', async () => {
    const table = await readPriceList(Buffer.from(csv, 'utf8'), { fileName: 'tarif.csv' });
    expect(table).toMatchObject({ format: 'csv', layout: 'table', encoding: 'utf-8', delimiter: ';' });
    const { articles, refused } = priceListRows(table, mapping());
    expect(articles.map((a) => [a.row, a.reference, a.unitCost, a.listPrice, a.discount, a.family])).toEqual([
      [2, 'PAR2050', '1.48', '1.48', undefined, 'Gros œuvre › Maçonnerie'],
      [3, 'CIM35', '8.91', '9.90', '10.00', 'Gros œuvre › Liants'], // 9.90 × 0.90
      [6, 'BA13', '823.09', '1234.57', '33.33', 'Plâtrerie'], // 1234.5678 × 0.6667 = 823.0907…
    ]);
    expect(refused).toEqual([
      { row: 4, message: 'Prix manquant' },
      { row: 5, message: 'Référence PAR2050 déjà présente à la ligne 2' },
      { row: 7, message: 'Référence manquante' },
      { row: 8, message: 'Prix illisible : « -3 » (un nombre positif, au plus 4 décimales)' },
    ]);
  });

  it('reads Windows-1252 when told, and refuses it as UTF-8 with the way out', async () => {
    const bytes = iconv.encode(csv, 'win1252');
    expect(await refusal(readPriceList(bytes, { fileName: 'tarif.csv' }))).toBe(
      "Ce fichier n'est pas en UTF-8 : choisissez l'encodage Windows-1252 (Excel) dans les options de l'import.",
    );
    const table = await readPriceList(bytes, {
      fileName: 'tarif.csv',
      mapping: { encoding: 'windows-1252' },
    });
    const { articles } = priceListRows(table, mapping());
    expect(articles[0]?.designation).toBe('Parpaing creux 20×20×50');
    expect(articles[0]?.family).toBe('Gros œuvre › Maçonnerie');
  });

  it('detects a comma delimiter with decimal points', async () => {
    const table = await readPriceList(Buffer.from('ref,designation,unit,price\nA1,Vis inox,u,0.1234\n'), {
      fileName: 'x.csv',
    });
    expect(table.delimiter).toBe(',');
    const rows = priceListRows(
      table,
      mapping({ columns: { reference: 0, designation: 1, unit: 2, price: 3 }, decimal: '.' }),
    );
    expect(rows.articles[0]).toMatchObject({ unitCost: '0.12', listPrice: '0.12' });
  });

  it('refuses a file over 20 MB, an empty one, a binary one, a mapping to a missing column', async () => {
    expect(await refusal(readPriceList(Buffer.alloc(20 * 1024 * 1024 + 1, 65), { fileName: 'a.csv' }))).toBe(
      'Ce fichier dépasse 20 Mo : découpez le tarif en plusieurs fichiers.',
    );
    expect(await refusal(readPriceList(Buffer.alloc(0), { fileName: 'a.csv' }))).toBe('Ce fichier est vide.');
    expect(await refusal(readPriceList(Buffer.from([65, 0, 66]), { fileName: 'a.csv' }))).toBe(
      "Ce fichier n'est pas un texte CSV (il contient des caractères binaires).",
    );
    expect(await refusal(readPriceList(Buffer.from('x'), { fileName: 'a.pdf' }))).toBe(
      'Format non reconnu : importez un fichier CSV ou XLSX (Excel).',
    );
    const table = await readPriceList(Buffer.from('a;b\n1;2\n'), { fileName: 'a.csv' });
    expect(() => priceListRows(table, mapping())).toThrow(
      "La colonne 4 choisie pour « Prix HT » n'existe pas dans ce fichier.",
    );
  });

  it('suggests the columns from usual French headers and FAB-DIS names', () => {
    expect(
      suggestedColumns(['Référence', 'Libellé', 'Unité', 'Prix unitaire HT', 'Remise', 'Famille']),
    ).toEqual({
      reference: 0,
      designation: 1,
      unit: 2,
      price: 3,
      discount: 4,
      family: [5],
    });
    expect(
      suggestedColumns(['MARQUE', 'REFCIALE', 'LIBELLE30', 'LIBELLE240', 'UB', 'TARIF', 'FAM1', 'FAM2']),
    ).toEqual({
      reference: 1,
      designation: 3,
      unit: 4,
      price: 5,
      family: [6, 7],
    });
  });
});

describe('netCostCents (list price × (1 − discount %), rounded to the cent)', () => {
  it('rounds halves away from zero, on random prices and discounts (seeded)', () => {
    expect(netCostCents(99_000, 1_000)).toBe(891); // 9.90 × 0.90
    expect(netCostCents(50, 0)).toBe(1); // 0.005 → 0.01
    const random = seededRandom(1252);
    for (let round = 0; round < 2_000; round += 1) {
      const list = random.int(0, 100_000_000);
      const discount = random.int(0, 10_000);
      const cents = netCostCents(list, discount);
      const exact = BigInt(list) * BigInt(10_000 - discount); // in 10^-8 €
      const distance = exact - BigInt(cents) * 1_000_000n;
      expect(distance <= 500_000n && distance > -500_000n).toBe(true);
      expect(formatMoney(cents)).toMatch(/^\d+\.\d{2}$/);
    }
  });
});

describe('readPriceList: XLSX', () => {
  const header = ['Référence', 'Désignation', 'Unité', 'Prix HT', 'Remise %', 'Famille'];

  it('reads the first sheet: shared strings and numbers (1.4800000000000001 reads 1.48)', async () => {
    const bytes = xlsx([
      header,
      ['PAR2050', 'Parpaing 20×20×50', 'u', { n: '1.4800000000000001' }, 0, 'Gros œuvre'],
      ['M&O', 'Maçon <N3P2>', 'h', 38.75, 5, 'MO'],
    ]);
    const table = await readPriceList(bytes, { fileName: 'tarif.xlsx' });
    expect(table).toMatchObject({ format: 'xlsx', layout: 'table', sheet: 'Tarif' });
    const { articles, refused } = priceListRows(table, mapping({ decimal: undefined }));
    expect(refused).toEqual([]);
    expect(articles.map((a) => [a.reference, a.designation, a.unitCost])).toEqual([
      ['PAR2050', 'Parpaing 20×20×50', '1.48'],
      ['M&O', 'Maçon <N3P2>', '36.81'], // 38.75 × 0.95 = 36.8125
    ]);
  });

  it('recognises a FAB-DIS COMMERCE sheet', async () => {
    const bytes = xlsx(
      [
        ['MARQUE', 'REFCIALE', 'LIBELLE240', 'UB', 'TARIF', 'FAM1', 'FAM2'],
        ['Placo', 'BA13-250', 'Plaque de plâtre BA13 2500 x 1200', 'PCE', 7.35, 'Plâtrerie', 'Plaques'],
      ],
      {},
      'B01 COMMERCE',
    );
    const table = await readPriceList(bytes, { fileName: 'fabdis.xlsx' });
    expect(table.layout).toBe('fabdis');
    const columns = suggestedColumns(table.rows[0]?.cells ?? []);
    const { articles } = priceListRows(table, priceListMappingSchema.parse({ columns }));
    expect(articles[0]).toMatchObject({
      reference: 'BA13-250',
      unit: 'PCE',
      unitCost: '7.35',
      family: 'Plâtrerie › Plaques',
    });
  });

  it('refuses a zip bomb from its directory, before inflating it', async () => {
    // 20 MB of one repeated byte compresses to ~20 KB: a ratio of ~1,000, refused from the directory.
    const bomb = xlsx([header], { 'xl/media/filler.bin': new Uint8Array(20 * 1024 * 1024) });
    expect(await refusal(readPriceList(bomb, { fileName: 'bombe.xlsx' }))).toBe(
      'Ce classeur se décompresse en un volume anormal (bombe de décompression) : il est refusé sans être ouvert.',
    );
  });

  it('refuses a sheet announcing a huge dimension, a DOCTYPE, a shared-strings explosion, a broken zip', async () => {
    const huge = xlsx([header]);
    const sheet = `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:XFD1048576"/><sheetData/></worksheet>`;
    const withDimension = Buffer.from(
      zipSync({
        'xl/workbook.xml': strToU8(
          '<workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
        ),
        'xl/worksheets/sheet1.xml': strToU8(sheet),
      }),
    );
    expect(await refusal(readPriceList(withDimension, { fileName: 'a.xlsx' }))).toBe(
      'Cette feuille annonce 1048576 lignes et 16384 colonnes : au plus 100 000 lignes et 200 colonnes.',
    );
    const doctype = Buffer.from(
      zipSync({
        'xl/workbook.xml': strToU8(
          '<?xml version="1.0"?><!DOCTYPE workbook [<!ENTITY x "xxxxxxxx">]><workbook><sheets/></workbook>',
        ),
      }),
    );
    expect(await refusal(readPriceList(doctype, { fileName: 'a.xlsx' }))).toBe(
      'Ce classeur contient une déclaration DOCTYPE (DTD) : il est refusé.',
    );
    // Shared strings past their count (here a limit of 100 instead of 1,000,000, for speed).
    const many = `<sst>${'<si><t>a</t></si>'.repeat(101)}</sst>`;
    const explosion = xlsx([header], { 'xl/sharedStrings.xml': strToU8(many) });
    expect(await refusal(readXlsxSheet(explosion, { limits: { maxSharedStrings: 100 } }))).toBe(
      'Ce classeur contient trop de textes (plus d’un million, ou plus de 50 Mo) : il est refusé.',
    );
    const broken = Buffer.concat([huge.subarray(0, 30), Buffer.alloc(100)]);
    expect(await refusal(readPriceList(broken, { fileName: 'a.xlsx' }))).toBe(
      "Ce fichier XLSX est illisible : ce n'est pas un classeur Excel valide.",
    );
  });
});
