/**
 * The PDF of a devis, a facture or an avoir (DOCUMENTS.md § 5): A4, French, Inter embedded (regular
 * and bold, the only typeface: no standard PDF font is ever loaded), the company's logo, numbered
 * pages, the lines table with its header repeated on every page and no row cut across two pages
 * (a situation de travaux: its own table, per quote line the contract, the cumulative percent and
 * amount before and to date and this situation, then its recap down to the net à payer).
 * What the document says is `document-content.ts`'s; this module only places it on pages.
 *
 * The output is a PDF/A-3b; pdfkit writes the XMP metadata, the embedded fonts and the sRGB output
 * intent that PDF/A requires. An issued facture or avoir is a Factur-X file (DOCUMENTS.md § 6,
 * `docs/factur-x.md`): its `factur-x.xml` (CII, profile EN 16931, `einvoicing/cii-invoice.ts`) is
 * embedded as an associated file (AFRelationship `Alternative`, in the catalog's `/AF` and
 * `/EmbeddedFiles`), which PDF/A-3 allows and PDF/A-1/2 do not, and the XMP carries the Factur-X
 * extension schema and its values. A draft's preview (BROUILLON) and a devis stay plain PDF/A-3b.
 *
 * The same input gives the same bytes: the PDF's dates (and so the document ID pdfkit derives from
 * them) come from the document's date, never from the clock; pdfkit uses no randomness otherwise
 * (font subset tags come from the font's order of use).
 */
import PDFDocument from 'pdfkit';
import {
  FACTUR_X_CONFORMANCE_LEVEL,
  FACTUR_X_FILENAME,
  buildFacturXml,
  isIssued,
  xmlText,
} from '../einvoicing/cii-invoice.js';
// @ts-expect-error -- @types/pdfkit 0.17 predates pdfkit 0.20's `registerFile` (in pdfkit.node.mjs).
import { registerFile as untypedRegisterFile } from 'pdfkit';
import {
  INTER_BOLD_WOFF,
  INTER_CODE_POINTS,
  INTER_REGULAR_WOFF,
  SRGB_ICC_PROFILE,
} from './assets.generated.js';
import {
  invoiceContent,
  quoteContent,
  type DocumentContent,
  type MentionSection,
  type RecapRow,
  type SituationContent,
  type SituationRow,
  type TableRow,
} from './document-content.js';
import type { InvoicePdfInput, QuotePdfInput } from './pdf-input.js';
import { useSharedFont } from './shared-fonts.js';
import { woffToSfnt } from './woff.js';

const registerFile = untypedRegisterFile as (path: string, data: Uint8Array) => void;

/** What `doc.openImage` returns, which @types/pdfkit 0.17 does not declare. */
interface OpenedImage {
  width: number;
  height: number;
}

/** Inter as TrueType, unpacked on the first document and kept for the process's next ones. */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
export function interFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: woffToSfnt(Buffer.from(INTER_REGULAR_WOFF, 'base64')),
    bold: woffToSfnt(Buffer.from(INTER_BOLD_WOFF, 'base64')),
  };
  return fonts;
}

// pdfkit reads its PDF/A output intent profile from `data/` next to its own module, a file an
// esbuild bundle does not carry. Registering the bytes under the path pdfkit computes inside the
// bundle (this module and pdfkit share one `import.meta.url` there) makes it read them from memory;
// unbundled (tsx, Vitest) the path differs and pdfkit reads its own file, which then exists.
registerFile(
  new URL('./data/sRGB_IEC61966_2_1.icc', import.meta.url).href,
  Buffer.from(SRGB_ICC_PROFILE, 'base64'),
);

/** The characters the embedded fonts draw; anything else would print as an empty box. */
const drawable = new Set<number>(
  INTER_CODE_POINTS.split(',').flatMap((range) => {
    const [from = '0', to = from] = range.split('-');
    const start = parseInt(from, 16);
    return Array.from({ length: parseInt(to, 16) - start + 1 }, (_, index) => start + index);
  }),
);

/**
 * Text as the fonts can draw it: the narrow no-break space that fr-FR number formatting writes
 * (U+202F, absent from Inter's latin subset) becomes a no-break space (U+00A0), a letter the fonts
 * lack is printed without its accent when that is enough ("ź" → "z"), anything else as "?".
 */
export function printable(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, ' ')) {
    const codePoint = char.codePointAt(0) ?? 0x3f;
    if (char === '\n' || drawable.has(codePoint)) out += char;
    else if (codePoint === 0x202f || codePoint === 0x2007 || codePoint === 0x2011) {
      out += codePoint === 0x2011 ? '-' : '\u00a0';
    } else {
      const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += base !== '' && [...base].every((c) => drawable.has(c.codePointAt(0) ?? 0)) ? base : '?';
    }
  }
  return out;
}

// A4 in points, and the frame of the content.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const LEFT = 42;
const RIGHT = PAGE_WIDTH - 42;
const WIDTH = RIGHT - LEFT;
const TOP = 40;
/** Content never goes below this line; the footer lives under it. */
const BOTTOM = PAGE_HEIGHT - 62;
const FOOTER_TOP = PAGE_HEIGHT - 48;

const colors = {
  text: '#1f2933',
  muted: '#5b6775',
  accent: '#1d3557',
  rule: '#d5dbe3',
  panel: '#f3f5f8',
  zebra: '#f8f9fb',
  draft: '#b42318',
};

type Weight = 'regular' | 'bold';
interface Style {
  weight?: Weight;
  size: number;
  color?: string;
  lineGap?: number;
  align?: 'left' | 'right' | 'center';
}

interface Column<Row> {
  key: keyof Row & string;
  title: string;
  /** A heading over this column and its neighbours of the same group ("Cumul précédent"). */
  group?: string;
  width: number;
  align: 'left' | 'right';
  /** Wrapped over several lines; the others are one line, shrunk to fit when too long. */
  wraps: boolean;
}

/** A table's columns, the text of its rows and the padding of its cells. */
interface TableSpec<Row> {
  columns: Column<Row>[];
  text: Style;
  paddingX: number;
  /** Height of the header band (two tiers when columns are grouped). */
  headerHeight: number;
}

const CELL_PADDING_Y = 4.5;

const linesTable: TableSpec<TableRow> = {
  columns: [
    { key: 'description', title: 'Désignation', width: 243, align: 'left', wraps: true },
    { key: 'quantity', title: 'Qté', width: 42, align: 'right', wraps: false },
    { key: 'unit', title: 'Unité', width: 42, align: 'left', wraps: true },
    { key: 'unitPrice', title: 'PU HT', width: 68, align: 'right', wraps: false },
    { key: 'vatRate', title: 'TVA', width: 38, align: 'right', wraps: false },
    { key: 'total', title: 'Total HT', width: WIDTH - 243 - 42 - 42 - 68 - 38, align: 'right', wraps: false },
  ],
  text: { size: 8.5, lineGap: 1 },
  paddingX: 5,
  headerHeight: 18,
};

/**
 * A situation's table (DOCUMENTS.md § 4): per quote line, the contract, the cumulative percent and
 * amount before and to date, this situation and the rate. Amounts up to 999 999,99 € fit their
 * column at 8 pt; a larger one is shrunk to fit.
 */
const situationFigures: Column<SituationRow>[] = [
  { key: 'contract', title: 'Montant du marché HT', width: 64, align: 'right', wraps: false },
  { key: 'previousPercent', title: '%', group: 'Cumul précédent', width: 42, align: 'right', wraps: false },
  {
    key: 'previousAmount',
    title: 'Montant HT',
    group: 'Cumul précédent',
    width: 62,
    align: 'right',
    wraps: false,
  },
  { key: 'cumulativePercent', title: '%', group: 'Cumul à date', width: 42, align: 'right', wraps: false },
  {
    key: 'cumulativeAmount',
    title: 'Montant HT',
    group: 'Cumul à date',
    width: 62,
    align: 'right',
    wraps: false,
  },
  { key: 'amount', title: 'Montant de la situation HT', width: 64, align: 'right', wraps: false },
  { key: 'vatRate', title: 'TVA', width: 30, align: 'right', wraps: false },
];
const situationTable: TableSpec<SituationRow> = {
  columns: [
    {
      key: 'description',
      title: 'Désignation',
      width: WIDTH - situationFigures.reduce((sum, column) => sum + column.width, 0),
      align: 'left',
      wraps: true,
    },
    ...situationFigures,
  ],
  text: { size: 8, lineGap: 1 },
  paddingX: 4,
  headerHeight: 30,
};

/** Lays a document's content out on pages. One instance per document. */
class Layout {
  private y = TOP;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly content: DocumentContent,
  ) {}

  private use(style: Style): PDFKit.PDFDocument {
    return this.doc
      .font(style.weight === 'bold' ? 'Inter-Bold' : 'Inter')
      .fontSize(style.size)
      .fillColor(style.color ?? colors.text);
  }

  /** Height of `text` wrapped in `width`, in points. */
  private measure(text: string, width: number, style: Style): number {
    if (text === '') return 0;
    return this.use(style).heightOfString(printable(text), {
      width,
      lineGap: style.lineGap ?? 0,
    });
  }

  /** Draws `text` wrapped in `width` at (x, y); returns its height. */
  private write(text: string, x: number, y: number, width: number, style: Style): number {
    if (text === '') return 0;
    const options = { width, lineGap: style.lineGap ?? 0, align: style.align ?? 'left' };
    const safe = printable(text);
    const height = this.use(style).heightOfString(safe, options);
    this.doc.text(safe, x, y, options);
    return height;
  }

  /** Draws one line of `text` in `width`, its size reduced (down to 5 pt) until it fits. */
  private writeFitted(text: string, x: number, y: number, width: number, style: Style): void {
    const safe = printable(text);
    let size = style.size;
    while (size > 5 && this.use({ ...style, size }).widthOfString(safe) > width) {
      size -= 0.5;
    }
    this.use({ ...style, size }).text(safe, x, y + (style.size - size) / 2, {
      width,
      align: style.align ?? 'left',
      lineBreak: false,
    });
  }

  /** Lines of `text` as `width` wraps them (words longer than a line are cut). */
  private wrapLines(text: string, width: number, style: Style): string[] {
    this.use(style);
    const lines: string[] = [];
    for (const paragraph of printable(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(/ +/)) {
        const candidate = line === '' ? word : `${line} ${word}`;
        if (this.doc.widthOfString(candidate) <= width) {
          line = candidate;
          continue;
        }
        if (line !== '') lines.push(line);
        line = word;
        while (this.doc.widthOfString(line) > width && line.length > 1) {
          let cut = line.length - 1;
          while (cut > 1 && this.doc.widthOfString(line.slice(0, cut)) > width) cut--;
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      lines.push(line);
    }
    return lines;
  }

  private newPage(): void {
    this.doc.addPage();
    this.y = TOP;
    this.write(`${this.content.title} (suite)`, LEFT, this.y, WIDTH * 0.6, {
      weight: 'bold',
      size: 9.5,
      color: colors.accent,
    });
    this.write(this.content.seller.name, LEFT + WIDTH * 0.6, this.y + 1.5, WIDTH * 0.4, {
      size: 8,
      color: colors.muted,
      align: 'right',
    });
    this.y += 18;
    this.rule(this.y);
    this.y += 12;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  private ensure(height: number): void {
    if (this.y + height > BOTTOM) this.newPage();
  }

  private rule(y: number, color = colors.rule, x = LEFT, width = WIDTH): void {
    this.doc
      .save()
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(0.6)
      .strokeColor(color)
      .stroke()
      .restore();
  }

  /** The top of the first page: logo and seller on the left; title, references and client on the right. */
  private header(): void {
    const leftWidth = 250;
    const rightX = LEFT + 273;
    const rightWidth = RIGHT - rightX;
    let left = TOP;
    const logo = this.content.logo;
    if (logo) {
      try {
        const bytes = Buffer.from(logo.bytes.buffer, logo.bytes.byteOffset, logo.bytes.byteLength);
        const doc = this.doc as PDFKit.PDFDocument & { openImage(src: Buffer): OpenedImage };
        const image = doc.openImage(bytes);
        const scale = Math.min(150 / image.width, 52 / image.height);
        // pdfkit draws an opened image as it draws bytes; its types only know the bytes.
        doc.image(image as unknown as Buffer, LEFT, left, {
          width: image.width * scale,
          height: image.height * scale,
        });
        left += image.height * scale + 12;
      } catch {
        // An unreadable logo must not stop the document: it is printed without one.
      }
    }
    left += this.write(this.content.seller.name, LEFT, left, leftWidth, { weight: 'bold', size: 11 }) + 3;
    for (const line of this.content.seller.lines) {
      left += this.write(line, LEFT, left, leftWidth, { size: 8, color: colors.muted, lineGap: 0.5 }) + 1;
    }

    let right = TOP;
    const titleStyle: Style = { weight: 'bold', size: 16, color: colors.accent };
    while (titleStyle.size > 11 && this.measure(this.content.title, rightWidth, titleStyle) > 22)
      titleStyle.size -= 0.5;
    right += this.write(this.content.title, rightX, right, rightWidth, titleStyle) + 6;
    for (const line of this.content.references) {
      right += this.write(line, rightX, right, rightWidth, { size: 9 }) + 2;
    }
    right += 12;

    const padding = 10;
    const inner = rightWidth - 2 * padding;
    const label: Style = { weight: 'bold', size: 7, color: colors.muted };
    const name: Style = { weight: 'bold', size: 10.5 };
    const body: Style = { size: 8.5, lineGap: 0.5 };
    const boxHeight =
      2 * padding +
      this.measure('CLIENT', inner, label) +
      4 +
      this.measure(this.content.buyer.name, inner, name) +
      3 +
      this.content.buyer.lines.reduce((sum, line) => sum + this.measure(line, inner, body) + 1, 0);
    this.doc.save().roundedRect(rightX, right, rightWidth, boxHeight, 4).fill(colors.panel).restore();
    let inside = right + padding;
    inside += this.write('CLIENT', rightX + padding, inside, inner, label) + 4;
    inside += this.write(this.content.buyer.name, rightX + padding, inside, inner, name) + 3;
    for (const line of this.content.buyer.lines) {
      inside += this.write(line, rightX + padding, inside, inner, body) + 1;
    }
    right += boxHeight;

    this.y = Math.max(left, right) + 18;
  }

  /** "Objet : …", the site and dates, then the document's free text, flowing across pages. */
  private subject(): void {
    const [first, ...rest] = this.content.subject;
    if (first) {
      const style: Style = { weight: 'bold', size: 10 };
      this.ensure(this.measure(first, WIDTH, style));
      this.y += this.write(first, LEFT, this.y, WIDTH, style) + 3;
    }
    for (const line of rest) {
      const style: Style = { size: 8.5 };
      this.ensure(this.measure(line, WIDTH, style));
      this.y += this.write(line, LEFT, this.y, WIDTH, style) + 2;
    }
    if (this.content.description) {
      this.y += 4;
      const style: Style = { size: 8.5, color: colors.muted };
      const lineHeight = this.measure('X', WIDTH, style) + 1;
      for (const line of this.wrapLines(this.content.description, WIDTH, style)) {
        this.ensure(lineHeight);
        this.write(line, LEFT, this.y, WIDTH, style);
        this.y += lineHeight;
      }
    }
    this.y += 12;
  }

  /** The header band of a table; grouped columns get their group's heading on a first tier. */
  private tableHeader<Row>(spec: TableSpec<Row>): void {
    const height = spec.headerHeight;
    const top = this.y;
    this.doc.save().rect(LEFT, top, WIDTH, height).fill(colors.accent).restore();
    const style: Style = { weight: 'bold', size: 7.5, color: '#ffffff' };
    const tier = height / 2;
    let x = LEFT;
    spec.columns.forEach((column, index) => {
      const inner = column.width - 2 * spec.paddingX;
      const cell = { ...style, align: column.align };
      if (!column.group) {
        // Alone: its title (wrapped when long) centred in the band's height.
        const textHeight = this.measure(column.title, inner, cell);
        this.write(column.title, x + spec.paddingX, top + (height - textHeight) / 2 + 0.5, inner, cell);
      } else {
        if (spec.columns[index - 1]?.group !== column.group) {
          let span = 0;
          for (let next = index; spec.columns[next]?.group === column.group; next++) {
            span += spec.columns[next]?.width ?? 0;
          }
          this.write(column.group, x + spec.paddingX, top + (tier - 8) / 2 + 1.5, span - 2 * spec.paddingX, {
            ...style,
            align: 'center',
          });
          this.rule(top + tier, '#ffffff', x + spec.paddingX, span - 2 * spec.paddingX);
        }
        this.write(column.title, x + spec.paddingX, top + tier + (tier - 8) / 2 + 0.5, inner, cell);
      }
      x += column.width;
    });
    this.y += height;
  }

  private rowHeight<Row>(spec: TableSpec<Row>, row: Row): number {
    const lineHeight = this.measure('X', 100, spec.text);
    const heights = spec.columns
      .filter((column) => column.wraps)
      .map((column) => this.measure(String(row[column.key]), column.width - 2 * spec.paddingX, spec.text));
    return Math.max(lineHeight, ...heights) + 2 * CELL_PADDING_Y;
  }

  /** One row of a table at this.y, its background (zebra or a total's panel) first. */
  private tableRow<Row>(
    spec: TableSpec<Row>,
    row: Row,
    height: number,
    options: { shade?: string; bold?: boolean },
  ): void {
    if (options.shade) this.doc.save().rect(LEFT, this.y, WIDTH, height).fill(options.shade).restore();
    let x = LEFT;
    for (const column of spec.columns) {
      const cellX = x + spec.paddingX;
      const cellWidth = column.width - 2 * spec.paddingX;
      const style: Style = { ...spec.text, align: column.align, ...(options.bold ? { weight: 'bold' } : {}) };
      const text = String(row[column.key]);
      if (column.wraps) this.write(text, cellX, this.y + CELL_PADDING_Y, cellWidth, style);
      else this.writeFitted(text, cellX, this.y + CELL_PADDING_Y, cellWidth, style);
      x += column.width;
    }
  }

  /**
   * A table: its header on every page it runs on, and no row cut across two pages. `total`, when
   * given, closes it in bold on a tinted band.
   */
  private table<Row>(spec: TableSpec<Row>, rows: readonly Row[], total?: Row): void {
    const first = rows[0] ?? total;
    this.ensure(spec.headerHeight + (first ? this.rowHeight(spec, first) : 20));
    this.tableHeader(spec);
    if (!first) {
      this.write('Aucune ligne', LEFT + spec.paddingX, this.y + CELL_PADDING_Y, WIDTH, {
        size: 8.5,
        color: colors.muted,
      });
      this.y += 20;
    }
    const place = (height: number) => {
      if (this.y + height > BOTTOM) {
        this.newPage();
        this.tableHeader(spec);
      }
    };
    let stripe = 0;
    rows.forEach((row, index) => {
      const height = this.rowHeight(spec, row);
      const kind = (row as { kind?: 'heading' | 'subtotal' }).kind;
      // A lot's heading is never left alone at the foot of a page: it goes with the row below it.
      const next = rows[index + 1];
      place(kind === 'heading' && next ? height + this.rowHeight(spec, next) : height);
      if (kind === 'heading') {
        this.tableRow(spec, row, height, { shade: colors.panel, bold: true });
        stripe = 0;
      } else if (kind === 'subtotal') {
        this.tableRow(spec, row, height, { bold: true });
      } else {
        this.tableRow(spec, row, height, stripe % 2 === 1 ? { shade: colors.zebra } : {});
        stripe += 1;
      }
      this.y += height;
      this.rule(this.y, kind === 'subtotal' ? colors.muted : undefined);
    });
    if (total) {
      const height = this.rowHeight(spec, total) + 2;
      place(height);
      this.tableRow(spec, total, height, { shade: colors.panel, bold: true });
      this.rule(this.y, colors.accent);
      this.y += height;
      this.rule(this.y, colors.accent);
    }
    this.y += 14;
  }

  /** The VAT breakdown (left) and the totals (right), kept together. */
  private totals(): void {
    const vatWidth = 250;
    const vatColumns = [
      { title: 'Taux de TVA', width: 70, align: 'left' as const },
      { title: 'Base HT', width: 90, align: 'right' as const },
      { title: 'Montant TVA', width: 90, align: 'right' as const },
    ];
    const vatRowHeight = 15;
    const vatHeight = 16 + this.content.vatBreakdown.length * vatRowHeight;
    const totalsX = LEFT + WIDTH - 215;
    const totalsWidth = 215;
    const totalRowHeight = 16;
    const emphasisHeight = 24;
    const totalsHeight = this.content.totals.reduce(
      (sum, row) => sum + (row.emphasis ? emphasisHeight + 4 : totalRowHeight),
      0,
    );
    this.ensure(Math.max(vatHeight, totalsHeight));
    const top = this.y;

    if (this.content.vatBreakdown.length > 0) {
      let x = LEFT;
      for (const column of vatColumns) {
        this.write(column.title, x, top, column.width - 6, {
          weight: 'bold',
          size: 7.5,
          color: colors.muted,
          align: column.align,
        });
        x += column.width;
      }
      this.rule(top + 12, colors.rule, LEFT, vatWidth);
      let y = top + 16;
      for (const entry of this.content.vatBreakdown) {
        let cellX = LEFT;
        [entry.rate, entry.base, entry.amount].forEach((text, index) => {
          const column = vatColumns[index];
          if (!column) return;
          this.writeFitted(text, cellX, y + 2, column.width - 6, { size: 8.5, align: column.align });
          cellX += column.width;
        });
        y += vatRowHeight;
      }
    }

    let y = top;
    for (const row of this.content.totals) {
      if (row.emphasis) {
        y += 4;
        this.doc.save().roundedRect(totalsX, y, totalsWidth, emphasisHeight, 3).fill(colors.accent).restore();
        const style: Style = { weight: 'bold', size: 10.5, color: '#ffffff' };
        this.writeFitted(row.label, totalsX + 10, y + 6.5, 110, style);
        this.writeFitted(row.value, totalsX + 110, y + 6.5, totalsWidth - 120, { ...style, align: 'right' });
        y += emphasisHeight;
      } else {
        this.writeFitted(row.label, totalsX + 10, y + 3, 120, { size: 9, color: colors.muted });
        this.writeFitted(row.value, totalsX + 120, y + 3, totalsWidth - 130, { size: 9, align: 'right' });
        y += totalRowHeight;
        this.rule(y, colors.rule, totalsX, totalsWidth);
      }
    }
    this.y = Math.max(top + vatHeight, y) + 14;
  }

  /**
   * A situation's recap (right: from the works to the net à payer, VAT per rate with its base) and
   * where the contract stands (left), kept together.
   */
  private recap(situation: SituationContent): void {
    const recapWidth = 316;
    const recapX = RIGHT - recapWidth;
    const labelX = recapX + 8;
    const valueWidth = 86;
    const valueX = RIGHT - 8 - valueWidth;
    const baseWidth = 84;
    const baseX = valueX - 6 - baseWidth;
    const rowHeight = 14;
    const detailHeight = 9.5;
    const emphasisHeight = 24;
    const detail: Style = { size: 7, color: colors.muted };
    const heightOf = (row: RecapRow) =>
      row.emphasis ? emphasisHeight + 4 : rowHeight + (row.detail ? detailHeight : 0);

    const panelWidth = recapX - LEFT - 18;
    const panelPadding = 9;
    const panelInner = panelWidth - 2 * panelPadding;
    const panelRow = 15;
    const note: Style = { size: 7, color: colors.muted, lineGap: 0.5 };
    const noteHeight = situation.progressNote
      ? this.measure(situation.progressNote, panelInner, note) + 6
      : 0;
    const panelHeight = 2 * panelPadding + 14 + situation.progress.length * panelRow + noteHeight;

    const recapHeight = situation.recap.reduce((sum, row) => sum + heightOf(row), 0);
    this.ensure(Math.max(recapHeight, panelHeight));
    const top = this.y;

    let y = top;
    for (const row of situation.recap) {
      if (row.emphasis) {
        y += 4;
        this.doc.save().roundedRect(recapX, y, recapWidth, emphasisHeight, 3).fill(colors.accent).restore();
        const style: Style = { weight: 'bold', size: 10.5, color: '#ffffff' };
        this.writeFitted(row.label, labelX + 2, y + 6.5, baseX + baseWidth - labelX - 2, style);
        this.writeFitted(row.value, valueX - 20, y + 6.5, valueWidth + 18, { ...style, align: 'right' });
        y += emphasisHeight;
        continue;
      }
      const text: Style = row.strong ? { weight: 'bold', size: 9 } : { size: 9, color: colors.muted };
      const value: Style = { size: 9, align: 'right', ...(row.strong ? { weight: 'bold' } : {}) };
      this.writeFitted(row.label, labelX, y + 3.5, (row.base ? baseX - 6 : valueX - 6) - labelX, text);
      if (row.base)
        this.writeFitted(row.base, baseX, y + 4.5, baseWidth, {
          size: 7.5,
          color: colors.muted,
          align: 'right',
        });
      this.writeFitted(row.value, valueX, y + 3.5, valueWidth, value);
      y += rowHeight;
      if (row.detail) {
        this.writeFitted(row.detail, labelX, y - 0.5, RIGHT - 8 - labelX, detail);
        y += detailHeight;
      }
      this.rule(y, row.strong ? colors.muted : colors.rule, recapX, recapWidth);
    }

    this.doc.save().roundedRect(LEFT, top, panelWidth, panelHeight, 4).fill(colors.panel).restore();
    let panelY = top + panelPadding;
    this.write('SUIVI DU MARCHÉ', LEFT + panelPadding, panelY, panelInner, {
      weight: 'bold',
      size: 7,
      color: colors.muted,
    });
    panelY += 14;
    const valueColumn = 62;
    for (const entry of situation.progress) {
      this.writeFitted(entry.label, LEFT + panelPadding, panelY, panelInner - valueColumn - 4, {
        size: 8,
        color: colors.muted,
      });
      this.writeFitted(entry.value, LEFT + panelInner + panelPadding - valueColumn, panelY, valueColumn, {
        weight: 'bold',
        size: 8,
        align: 'right',
      });
      panelY += panelRow;
    }
    if (situation.progressNote) {
      this.write(situation.progressNote, LEFT + panelPadding, panelY + 2, panelInner, note);
    }
    this.y = Math.max(top + panelHeight, y) + 14;
  }

  private static readonly heading: Style = { weight: 'bold', size: 8.5, color: colors.accent };
  private static readonly mention: Style = { size: 8, lineGap: 1.2 };

  private sectionHeight(section: MentionSection, width: number): number {
    return (
      this.measure(section.heading, width, Layout.heading) +
      4 +
      section.paragraphs.reduce(
        (sum, paragraph) => sum + this.measure(paragraph, width, Layout.mention) + 3,
        0,
      ) +
      8
    );
  }

  private sectionsHeight(sections: readonly MentionSection[], width: number): number {
    return sections.reduce((sum, section) => sum + this.sectionHeight(section, width), 0);
  }

  /** Titled groups of mentions at (x, this.y) in `width`, each kept on one page when it fits one. */
  private sections(sections: readonly MentionSection[], x: number, width: number): void {
    for (const section of sections) {
      const height = this.sectionHeight(section, width);
      if (height <= BOTTOM - TOP - 30) this.ensure(height);
      this.y += this.write(section.heading, x, this.y, width, Layout.heading) + 4;
      for (const paragraph of section.paragraphs) {
        this.ensure(this.measure(paragraph, width, Layout.mention));
        this.y += this.write(paragraph, x, this.y, width, Layout.mention) + 3;
      }
      this.y += 8;
    }
  }

  /**
   * The end of a quote: its closing sections (conditions, insurance) on the left and, on the right,
   * the "Bon pour accord" box (date, name, signature, or the recorded acceptance), kept together.
   */
  private closing(): void {
    const signature = this.content.signature;
    const sections = this.content.closing ?? [];
    if (!signature) {
      this.sections(sections, LEFT, WIDTH);
      return;
    }
    const columnWidth = WIDTH / 2 - 12;
    const boxX = LEFT + WIDTH / 2 + 6;
    const boxWidth = RIGHT - boxX;
    // Taller with a drawn signature (accepted online), which then fills the space under its label.
    const boxHeight = signature.image ? 160 : 112;
    this.ensure(Math.max(boxHeight, this.sectionsHeight(sections, columnWidth)));
    const top = this.y;
    this.sections(sections, LEFT, columnWidth);
    const left = this.y;

    this.doc
      .save()
      .roundedRect(boxX, top, boxWidth, boxHeight, 4)
      .lineWidth(0.8)
      .strokeColor(colors.rule)
      .stroke()
      .restore();
    const inner = boxWidth - 24;
    let y = top + 10;
    y +=
      this.write('Bon pour accord', boxX + 12, y, inner, { weight: 'bold', size: 10, color: colors.accent }) +
      3;
    y +=
      this.write(
        signature.name
          ? 'Devis accepté par le client.'
          : 'Date, nom et signature du client, précédés de la mention manuscrite « Bon pour accord ».',
        boxX + 12,
        y,
        inner,
        { size: 7.5, color: colors.muted, lineGap: 0.8 },
      ) + 9;
    const field = (label: string, value: string | undefined) => {
      this.write(label, boxX + 12, y, 55, { size: 8.5, color: colors.muted });
      if (value) this.write(value, boxX + 67, y, inner - 55, { size: 8.5, weight: 'bold' });
      else this.rule(y + 10, colors.rule, boxX + 67, inner - 55);
      y += 18;
    };
    field('Date :', signature.date);
    field('Nom :', signature.name);
    this.write('Signature :', boxX + 12, y, 55, { size: 8.5, color: colors.muted });
    if (signature.image) {
      // Fitted in what is left of the box, beside its label, keeping its proportions.
      this.doc.image(signature.image, boxX + 12, y + 12, {
        fit: [inner, top + boxHeight - y - 18],
        align: 'center',
      });
    }
    this.y = Math.max(left, top + boxHeight + 12);
  }

  /** Footer, page numbers and the draft mark, on every page once the content is laid out. */
  private finishPages(): void {
    const range = this.doc.bufferedPageRange();
    for (let index = 0; index < range.count; index++) {
      this.doc.switchToPage(range.start + index);
      // The footer sits below the bottom margin, where pdfkit would otherwise start a new page.
      this.doc.page.margins.bottom = 0;
      this.rule(FOOTER_TOP - 6);
      this.write(this.content.footer, LEFT, FOOTER_TOP, WIDTH - 90, {
        size: 7,
        color: colors.muted,
        lineGap: 0.5,
      });
      this.write(`Page ${index + 1} / ${range.count}`, RIGHT - 80, FOOTER_TOP, 80, {
        size: 7.5,
        color: colors.muted,
        align: 'right',
      });
      if (this.content.draft) this.draftMark();
    }
  }

  private draftMark(): void {
    const size = 96;
    this.use({ weight: 'bold', size, color: colors.draft });
    const width = this.doc.widthOfString('BROUILLON');
    this.doc.save();
    this.doc.rotate(-35, { origin: [PAGE_WIDTH / 2, PAGE_HEIGHT / 2] });
    this.doc.fillOpacity(0.1);
    this.doc.text('BROUILLON', PAGE_WIDTH / 2 - width / 2, PAGE_HEIGHT / 2 - size / 2, {
      lineBreak: false,
    });
    this.doc.restore();
  }

  draw(): void {
    this.header();
    this.subject();
    const situation = this.content.situation;
    if (situation) {
      this.table(situationTable, situation.rows, situation.total);
      this.recap(situation);
    } else {
      this.table(linesTable, this.content.rows);
      this.totals();
    }
    this.sections(this.content.mentions, LEFT, WIDTH);
    this.closing();
    this.finishPages();
  }
}

/**
 * Registers Inter and Inter-Bold and opens them, shared with the process's other documents
 * (`shared-fonts.ts`: one fontkit font each, word layouts kept, kerning off).
 */
export function useInter(doc: PDFKit.PDFDocument): void {
  const { regular, bold } = interFonts();
  useSharedFont(doc, 'Inter-Bold', bold);
  useSharedFont(doc, 'Inter', regular);
}

/** The namespace of the Factur-X XMP extension schema (Factur-X 1.0, § "XMP metadata"). */
export const FACTUR_X_XMP_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

/**
 * The XMP of a Factur-X file, beside what pdfkit writes (pdfaid, dc, xmp, pdf): the PDF/A extension
 * schema that declares the `fx` properties (PDF/A wants every custom property described), then their
 * values. No text in it comes from a user.
 */
export const FACTUR_X_XMP = `
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
            <pdfaExtension:schemas>
                <rdf:Bag>
                    <rdf:li rdf:parseType="Resource">
                        <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                        <pdfaSchema:namespaceURI>${FACTUR_X_XMP_NAMESPACE}</pdfaSchema:namespaceURI>
                        <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                        <pdfaSchema:property>
                            <rdf:Seq>
                                <rdf:li rdf:parseType="Resource">
                                    <pdfaProperty:name>DocumentFileName</pdfaProperty:name>
                                    <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                                    <pdfaProperty:category>external</pdfaProperty:category>
                                    <pdfaProperty:description>The name of the embedded XML document</pdfaProperty:description>
                                </rdf:li>
                                <rdf:li rdf:parseType="Resource">
                                    <pdfaProperty:name>DocumentType</pdfaProperty:name>
                                    <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                                    <pdfaProperty:category>external</pdfaProperty:category>
                                    <pdfaProperty:description>The type of the hybrid document in capital letters, e.g. INVOICE or ORDER</pdfaProperty:description>
                                </rdf:li>
                                <rdf:li rdf:parseType="Resource">
                                    <pdfaProperty:name>Version</pdfaProperty:name>
                                    <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                                    <pdfaProperty:category>external</pdfaProperty:category>
                                    <pdfaProperty:description>The actual version of the standard applying to the embedded XML document</pdfaProperty:description>
                                </rdf:li>
                                <rdf:li rdf:parseType="Resource">
                                    <pdfaProperty:name>ConformanceLevel</pdfaProperty:name>
                                    <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                                    <pdfaProperty:category>external</pdfaProperty:category>
                                    <pdfaProperty:description>The conformance level of the embedded XML document</pdfaProperty:description>
                                </rdf:li>
                            </rdf:Seq>
                        </pdfaSchema:property>
                    </rdf:li>
                </rdf:Bag>
            </pdfaExtension:schemas>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:fx="${FACTUR_X_XMP_NAMESPACE}">
            <fx:DocumentType>INVOICE</fx:DocumentType>
            <fx:DocumentFileName>${FACTUR_X_FILENAME}</fx:DocumentFileName>
            <fx:Version>1.0</fx:Version>
            <fx:ConformanceLevel>${FACTUR_X_CONFORMANCE_LEVEL}</fx:ConformanceLevel>
        </rdf:Description>
        `;

/** pdfkit 0.20's attachment options; @types/pdfkit 0.17 lacks `relationship`. */
interface AssociatedFileOptions extends PDFKit.Mixins.PDFAttachmentOptions {
  relationship: 'Alternative' | 'Data' | 'Source' | 'Supplement' | 'Unspecified';
}

/**
 * Makes `doc` a Factur-X file: `xml` embedded as `factur-x.xml`, an associated file of the document
 * (`/AF`, AFRelationship `Alternative`, what the EN 16931 profile requires), dated like the document
 * so the same input still gives the same bytes; and the Factur-X XMP.
 */
function embedFacturX(doc: PDFKit.PDFDocument, xml: string, at: Date): void {
  const options: AssociatedFileOptions = {
    name: FACTUR_X_FILENAME,
    type: 'text/xml',
    relationship: 'Alternative',
    description: 'Factur-X',
    creationDate: at,
    modifiedDate: at,
  };
  doc.file(Buffer.from(xml, 'utf8'), options);
  doc.appendXML(FACTUR_X_XMP);
}

/** pdfkit's writer of the Info entries into the XMP, and those entries (not in @types/pdfkit). */
interface InfoToXmp {
  info: Record<string, unknown>;
  _addInfo?: (this: InfoToXmp) => void;
}

/**
 * pdfkit copies the Info strings (title, author, subject) into the XMP as they are, so a company
 * named "Durand & Fils" would make the XMP ill-formed XML, and the PDF/A invalid. The XMP gets them
 * XML-escaped; the Info dictionary keeps them as they are (a PDF string needs no such escaping), so
 * both still say the same (PDF/A wants them equivalent).
 */
function escapedInfoInXmp(doc: PDFKit.PDFDocument): void {
  const target = doc as unknown as InfoToXmp;
  const addInfo = target._addInfo;
  if (!addInfo) throw new Error('pdfkit no longer exposes _addInfo: update escapedInfoInXmp()');
  target._addInfo = function (this: InfoToXmp) {
    const info = this.info;
    this.info = Object.fromEntries(
      Object.entries(info).map(([key, value]) => [key, typeof value === 'string' ? xmlText(value) : value]),
    );
    try {
      addInfo.call(this);
    } finally {
      this.info = info;
    }
  };
}

/** Renders `content` into a PDF/A-3b document, in memory; with `facturX`, a Factur-X file. */
function renderDocument(content: DocumentContent, facturX?: string): Promise<Buffer> {
  const at = new Date(`${content.info.date.slice(0, 10)}T00:00:00Z`);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: TOP, bottom: PAGE_HEIGHT - BOTTOM - 10, left: LEFT, right: PAGE_WIDTH - RIGHT },
    // No default font: pdfkit's default is the standard Helvetica, whose metrics it loads with a
    // `require` of its own package that an esbuild bundle cannot satisfy. Every text is drawn after `use` picks Inter, registered below. (A font given here
    // would also be reopened on every switch back to it: pdfkit caches a registered font under its
    // name only when no font of the same PostScript name is open yet.) Its types want a string.
    font: null as unknown as string,
    bufferPages: true,
    subset: 'PDF/A-3b',
    pdfVersion: '1.7',
    lang: 'fr-FR',
    displayTitle: true,
    info: {
      Title: printable(content.info.title),
      Subject: printable(content.info.subject),
      Author: printable(content.info.author),
      Creator: 'BTP Gestion',
      // No ModDate: PDF/A wants every Info entry mirrored in the XMP metadata, and pdfkit writes
      // no xmp:ModifyDate.
      CreationDate: at,
    },
  });
  escapedInfoInXmp(doc);
  useInter(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  new Layout(doc, content).draw();
  if (facturX !== undefined) embedFacturX(doc, facturX, at);
  doc.end();
  return done;
}

/** The PDF of a devis (a "BROUILLON" preview while the quote is a draft). */
export async function renderQuotePdf(input: QuotePdfInput): Promise<Buffer> {
  return renderDocument(quoteContent(input));
}

/**
 * The PDF of a facture or an avoir: a "BROUILLON" preview while it is a draft, a Factur-X file
 * (PDF/A-3b with its `factur-x.xml`) once issued.
 */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const content = invoiceContent(input);
  const facturX = !content.draft && isIssued(input.invoice) ? buildFacturXml(input) : undefined;
  return renderDocument(content, facturX);
}
