#!/usr/bin/env node
/**
 * Writes `functions/src/pdf/assets.generated.ts`: the binary files the PDF renderer embeds, as
 * base64 strings, made from the npm packages pinned in functions/package.json:
 *
 * - Inter regular and bold, latin subset (`@fontsource/inter`), the only typeface of the PDFs,
 *   unpacked from WOFF to plain TrueType: fontkit inflates a WOFF table each time it reads a glyph
 *   from it, which made a 200-line quote take seconds; the TrueType file is the same font, byte for
 *   byte in every table;
 * - the characters both fonts can draw, so the renderer never prints a missing glyph;
 * - the sRGB ICC profile pdfkit writes as the output intent of a PDF/A document.
 *
 * A module rather than files read at run time, so the same bytes reach the renderer under tsx, under
 * Vitest and inside the esbuild bundle of a Lambda function (which carries no file of node_modules).
 * `assets.generated.test.ts` fails when the module no longer matches the packages (`--check`): run
 * `node functions/scripts/generate-pdf-assets.mjs` after upgrading either package.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';

const functionsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(functionsDir, 'package.json'));

/**
 * The sfnt (TrueType/OpenType) font a WOFF 1.0 file wraps (W3C WOFF File Format 1.0, § 3–5): each
 * table inflated when it is compressed, then laid out behind a standard sfnt table directory, in
 * the WOFF's table order, each table 4-byte aligned.
 */
function woffToSfnt(woff) {
  if (woff.toString('ascii', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 file');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = [];
  for (let index = 0; index < numTables; index++) {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('WOFF table of unexpected length');
    tables.push({ tag: woff.subarray(entry, entry + 4), checksum: woff.readUInt32BE(entry + 16), data });
  }
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const bodies = [];
  let offset = header.length;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    table.tag.copy(header, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}

/** Where each asset comes from: the package file, how it is read, and its export name. */
const pdfAssets = [
  {
    name: 'INTER_REGULAR_TTF',
    what: 'Inter 400, latin subset, @fontsource/inter (its WOFF unpacked to TrueType)',
    file: require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff'),
    read: (file) => woffToSfnt(readFileSync(file)),
  },
  {
    name: 'INTER_BOLD_TTF',
    what: 'Inter 700, latin subset, @fontsource/inter (its WOFF unpacked to TrueType)',
    file: require.resolve('@fontsource/inter/files/inter-latin-700-normal.woff'),
    read: (file) => woffToSfnt(readFileSync(file)),
  },
  {
    name: 'SRGB_ICC_PROFILE',
    what: "sRGB IEC61966-2.1 ICC profile, pdfkit's PDF/A output intent",
    // pdfkit's exports do not list its data folder: it sits next to its entry point.
    file: path.join(path.dirname(require.resolve('pdfkit')), 'data', 'sRGB_IEC61966_2_1.icc'),
    read: (file) => readFileSync(file),
  },
];

/**
 * The code points every font has a glyph for, as ranges of hexadecimal code points
 * ("0020-007E,00A0-017F"), read with fontkit (pdfkit's own font reader).
 */
function commonCodePoints(fonts) {
  const { create } = createRequire(require.resolve('pdfkit'))('fontkit');
  const sets = fonts.map((bytes) => new Set(create(bytes).characterSet));
  const common = [...sets[0]]
    .filter((codePoint) => sets.every((set) => set.has(codePoint)))
    .sort((a, b) => a - b);
  const ranges = [];
  for (const codePoint of common) {
    const last = ranges.at(-1);
    if (last && last[1] === codePoint - 1) last[1] = codePoint;
    else ranges.push([codePoint, codePoint]);
  }
  const hex = (codePoint) => codePoint.toString(16).toUpperCase().padStart(4, '0');
  return ranges.map(([from, to]) => (from === to ? hex(from) : `${hex(from)}-${hex(to)}`)).join(',');
}

/** The generated module's text. */
function generatedModule() {
  const assets = pdfAssets.map((asset) => ({ ...asset, bytes: asset.read(asset.file) }));
  const exports = assets.map(
    ({ name, what, bytes }) => `/** ${what}. */\nexport const ${name} =\n  '${bytes.toString('base64')}';\n`,
  );
  const fonts = assets.filter(({ name }) => name.startsWith('INTER_')).map(({ bytes }) => bytes);
  return [
    '// Generated by functions/scripts/generate-pdf-assets.mjs from the npm packages: do not edit.',
    '// Inter is under the SIL Open Font License 1.1 (node_modules/@fontsource/inter/LICENSE).',
    '',
    '/** The code points both Inter fonts draw, as ranges of hexadecimal code points. */',
    `export const INTER_CODE_POINTS =\n  '${commonCodePoints(fonts)}';\n`,
    exports.join('\n'),
  ].join('\n');
}

const generatedPath = path.join(functionsDir, 'src', 'pdf', 'assets.generated.ts');

// `--check`: exit 1 when the committed module is not what the packages give (assets.generated.test.ts).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = generatedModule();
  if (process.argv.includes('--check')) {
    const stale = readFileSync(generatedPath, 'utf8') !== text;
    console.log(
      stale ? `${generatedPath} is stale: run node ${process.argv[1]}` : `${generatedPath} is up to date`,
    );
    process.exitCode = stale ? 1 : 0;
  } else {
    writeFileSync(generatedPath, text);
    console.log(`wrote ${path.relative(process.cwd(), generatedPath)}`);
  }
}
