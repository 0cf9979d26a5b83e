/**
 * The corpus of hostile and broken files that `hostile-files.integ.test.ts` sends to every route of
 * the table that reads a file (`file` in `shared/src/routes.ts`). Each is broken or hostile whatever
 * route reads it: a route that parses files refuses every one (4xx, in French, nothing written); a
 * route that stores files keeps one of a type it accepts byte for byte, or refuses it likewise.
 * Made here from a few lines each (no binary fixture), the same on every run.
 */
import { deflateRawSync } from 'node:zlib';

export interface HostileFile {
  /** What it is, for the failure messages. */
  what: string;
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}

const cii = (body: string) =>
  `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">${body}</rsm:CrossIndustryInvoice>`;

/** A ZIP archive (stored or deflated entries), enough to be an XLSX to whoever reads one. */
function zip(entries: { name: string; data: Buffer; declaredSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = deflateRawSync(entry.data, { level: 9 });
    const size = entry.declaredSize ?? entry.data.byteLength;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0, 14); // CRC not checked by the readers this corpus aims at first
    local.writeUInt32LE(compressed.byteLength, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.byteLength, 26);
    locals.push(local, name, compressed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(compressed.byteLength, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.byteLength, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.byteLength + name.byteLength + compressed.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const contentTypes = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
);

/** A small PDF, whole: its objects, cross-reference table and trailer. */
function minimalPdf(): Buffer {
  const objects = [
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj',
  ];
  let text = '%PDF-1.7\n';
  const offsets: number[] = [];
  for (const object of objects) {
    offsets.push(Buffer.byteLength(text));
    text += `${object}\n`;
  }
  const xref = Buffer.byteLength(text);
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`;
  text += `trailer << /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

export function hostileFiles(): HostileFile[] {
  const pdf = minimalPdf();
  const lol = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE lolz [',
    '<!ENTITY lol "lol">',
    ...Array.from(
      { length: 9 },
      (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level === 0 ? '' : level};`.repeat(10)}">`,
    ),
    ']>',
    cii('<lolz>&lol9;</lolz>'),
  ].join('\n');
  return [
    {
      what: 'XML with an external entity (XXE) reading a local file',
      fileName: 'facture-xxe.xml',
      mimeType: 'application/xml',
      bytes: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n${cii('<ram:ID xmlns:ram="x">&xxe;</ram:ID>')}`,
      ),
    },
    {
      what: 'XML with an external parameter entity (out-of-band XXE)',
      fileName: 'facture-dtd-distante.xml',
      mimeType: 'text/xml',
      bytes: Buffer.from(
        `<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY % remote SYSTEM "http://127.0.0.1:9/x.dtd"> %remote;]>\n${cii('')}`,
      ),
    },
    {
      what: 'billion laughs (entities expanding to 10⁹ "lol")',
      fileName: 'milliard-de-rires.xml',
      mimeType: 'application/xml',
      bytes: Buffer.from(lol),
    },
    {
      what: 'XML with a DTD and no entity',
      fileName: 'facture-dtd.xml',
      mimeType: 'application/xml',
      bytes: Buffer.from(
        `<?xml version="1.0"?>\n<!DOCTYPE rsm:CrossIndustryInvoice [<!ELEMENT a ANY>]>\n${cii('')}`,
      ),
    },
    {
      what: 'XML declared UTF-8 holding Latin-1 bytes',
      fileName: 'facture-latin1.xml',
      mimeType: 'application/xml',
      bytes: Buffer.concat([
        Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n'),
        Buffer.from(cii('<ram:Name xmlns:ram="x">Société Générale – Clément</ram:Name>'), 'latin1'),
      ]),
    },
    {
      what: 'XML in UTF-16 without a byte order mark, declared UTF-8',
      fileName: 'facture-utf16.xml',
      mimeType: 'application/xml',
      bytes: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${cii('')}`, 'utf16le'),
    },
    {
      what: 'XML cut in the middle of a tag',
      fileName: 'facture-coupee.xml',
      mimeType: 'application/xml',
      bytes: Buffer.from(`<?xml version="1.0"?>\n${cii('<ram:ID xmlns:ram="x">FA-1</ram:ID>')}`).subarray(
        0,
        90,
      ),
    },
    {
      what: 'a PDF cut in half (no cross-reference table, no trailer)',
      fileName: 'facture-tronquee.pdf',
      mimeType: 'application/pdf',
      bytes: pdf.subarray(0, Math.floor(pdf.byteLength / 2)),
    },
    {
      what: 'a PDF header and nothing else',
      fileName: 'entete-seul.pdf',
      mimeType: 'application/pdf',
      bytes: Buffer.from('%PDF-1.7\n'),
    },
    {
      what: 'a whole PDF that is not an invoice (no Factur-X XML inside)',
      fileName: 'plan.pdf',
      mimeType: 'application/pdf',
      bytes: pdf,
    },
    {
      what: 'an empty file',
      fileName: 'vide.pdf',
      mimeType: 'application/pdf',
      bytes: Buffer.alloc(0),
    },
    {
      what: 'a zip bomb dressed as XLSX (64 MB of zeros in 64 KB)',
      fileName: 'tarifs.xlsx',
      mimeType: xlsxType,
      bytes: zip([
        { name: '[Content_Types].xml', data: contentTypes },
        { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(64 * 1024 * 1024) },
      ]),
    },
    {
      what: 'an XLSX whose entry lies about its size (4 GB announced)',
      fileName: 'tarifs-taille.xlsx',
      mimeType: xlsxType,
      bytes: zip([
        { name: '[Content_Types].xml', data: contentTypes },
        { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet/>'), declaredSize: 0xffffffff },
      ]),
    },
    {
      what: 'an XLSX cut in half',
      fileName: 'tarifs-coupe.xlsx',
      mimeType: xlsxType,
      bytes: (() => {
        const whole = zip([{ name: '[Content_Types].xml', data: contentTypes }]);
        return whole.subarray(0, Math.floor(whole.byteLength / 2));
      })(),
    },
    {
      what: 'a program named .pdf',
      fileName: 'facture.pdf',
      mimeType: 'application/pdf',
      bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)]),
    },
    {
      what: 'a CSV in UTF-16 with a formula injection, named .csv',
      fileName: 'releve.csv',
      mimeType: 'text/csv',
      bytes: Buffer.from("\ufeffDate;Libellé;Montant\n=cmd|' /C calc'!A0;@SUM(1+1);-1e308\n", 'utf16le'),
    },
    {
      what: 'a name that climbs out of its folder, with a line break',
      fileName: '../../etc/passwd\r\nX-Injecte: 1.pdf',
      mimeType: 'application/pdf',
      bytes: pdf,
    },
  ];
}
