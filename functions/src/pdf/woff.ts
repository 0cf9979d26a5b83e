/**
 * WOFF 1.0 to TrueType, in memory. The fonts travel compressed (WOFF, half the size of TrueType in
 * a Lambda bundle) but are handed to pdfkit unpacked: fontkit inflates a WOFF table again each time
 * it reads a glyph from it, which made a 200-line quote take seconds instead of a fraction of one.
 */
import { inflateSync } from 'node:zlib';

/**
 * The sfnt (TrueType/OpenType) font a WOFF 1.0 file wraps (W3C WOFF File Format 1.0, § 3–5): each
 * table inflated when it is stored compressed, laid out in the WOFF's order behind a standard sfnt
 * table directory, every table 4-byte aligned. The tables and their checksums are the original
 * font's, byte for byte.
 * @throws Error when `woff` is not a WOFF 1.0 file or a table does not inflate to its stated length.
 */
export function woffToSfnt(woff: Uint8Array): Buffer {
  const source = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (source.length < 44 || source.toString('latin1', 0, 4) !== 'wOFF')
    throw new Error('not a WOFF 1.0 file');
  const flavor = source.readUInt32BE(4);
  const numTables = source.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = source.readUInt32BE(entry + 4);
    const compLength = source.readUInt32BE(entry + 8);
    const origLength = source.readUInt32BE(entry + 12);
    const stored = source.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('WOFF table of unexpected length');
    return { tag: source.subarray(entry, entry + 4), checksum: source.readUInt32BE(entry + 16), data };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const bodies: Buffer[] = [];
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
