/**
 * One fontkit font per embedded font for the whole process, and its word layouts shared by every
 * document the process draws.
 *
 * pdfkit opens a new fontkit font for every document (`registerFont` with the bytes) and caches a
 * word's layout per document, so each PDF re-read the fonts' GSUB tables and re-shaped every word
 * (OpenType shaping of Inter was two thirds of the time to draw a PDF: docs/performance.md
 * "`npm run bench:pdf`"). Here the first document opens the font; every later one is handed the
 * same fontkit font, seen through a per-document view whose `layout` answers from a bounded
 * process-wide cache of the font's layouts. What each document receives is what its own fresh
 * font would have answered (fresh position objects, which pdfkit scales in place; the code points
 * of a glyph as first met in that document, which feed its ToUnicode map), so the bytes of a
 * document do not depend on what the process drew before.
 */

/** A glyph as fontkit answers it (only what this module reads; pdfkit reads more). */
interface Glyph {
  id: number;
  codePoints: number[];
}

/** fontkit's GlyphRun: pdfkit reads `glyphs`, `positions` (which it scales) and `advanceWidth`. */
interface GlyphRun {
  glyphs: Glyph[];
  positions: object[];
}

/** The parts of a fontkit font this module reaches (fontkit has no types here). */
interface FontkitFont {
  layout(text: string, features?: unknown): GlyphRun;
  _glyphs: Record<number, Glyph>;
}

/** The parts of pdfkit's document this module reaches (not in @types/pdfkit). */
interface OpenedDocument {
  _font?: { font?: FontkitFont };
}

/**
 * Kerning off: pdf.js (and other text extractors) start a new run of text where a kerning pair
 * pulls a glyph back ("7," in Inter), so "1 537,46 €" would read "1 537 ,46 €" to whoever searches
 * or copies the document. pdfkit's `features` text option could say so, but it bypasses pdfkit's
 * layout cache, so the font's `layout` gets these as its default features instead.
 */
const DEFAULT_FEATURES = { kern: false };

/**
 * The most layouts kept per font: a layout is one word (pdfkit lays out text word by word), about
 * 1 kB with its glyphs; a 200-line devis has about 2,000 distinct words.
 */
export const SHARED_LAYOUTS_PER_FONT = 8_000;

/** A shaped word: fontkit's run (never handed out) and the code points of each of its glyphs. */
interface Shaped {
  run: GlyphRun;
  codePoints: number[][];
}

class SharedFont {
  private readonly layouts = new Map<string, Shaped>();

  constructor(readonly font: FontkitFont) {}

  /**
   * fontkit's layout of `text`. Its glyph cache is emptied first so that each glyph carries the
   * code points of this text, not of whichever text first reached the glyph in this process.
   */
  private shape(text: string, features: unknown): Shaped {
    this.font._glyphs = {};
    const run = this.font.layout(text, features);
    return { run, codePoints: run.glyphs.map((glyph) => glyph.codePoints) };
  }

  /** The default-features layout of a word, from the cache (least recently used out first). */
  layout(text: string): Shaped {
    const known = this.layouts.get(text);
    if (known) {
      this.layouts.delete(text);
      this.layouts.set(text, known);
      return known;
    }
    const shaped = this.shape(text, DEFAULT_FEATURES);
    if (this.layouts.size >= SHARED_LAYOUTS_PER_FONT) {
      const oldest = this.layouts.keys().next();
      if (!oldest.done) this.layouts.delete(oldest.value);
    }
    this.layouts.set(text, shaped);
    return shaped;
  }

  /** The font as one document sees it: its own glyph code points, its own copies of each run. */
  viewFor(): FontkitFont {
    const glyphs = new Map<number, Glyph>();
    const own = (glyph: Glyph, codePoints: number[]): Glyph => {
      const seen = glyphs.get(glyph.id);
      if (seen) return seen;
      const mine = sameCodePoints(glyph.codePoints, codePoints)
        ? glyph
        : (Object.create(glyph, { codePoints: { value: codePoints, enumerable: true } }) as Glyph);
      glyphs.set(glyph.id, mine);
      return mine;
    };
    const handOut = ({ run, codePoints }: Shaped): GlyphRun =>
      Object.assign(Object.create(Object.getPrototypeOf(run) as object) as GlyphRun, run, {
        glyphs: run.glyphs.map((glyph, i) => own(glyph, codePoints[i] ?? glyph.codePoints)),
        positions: run.positions.map((position) =>
          Object.assign(Object.create(Object.getPrototypeOf(position) as object) as object, position),
        ),
      });
    const view = Object.create(this.font) as FontkitFont;
    view.layout = (text, features) =>
      handOut(features === undefined ? this.layout(text) : this.shape(text, features));
    return view;
  }
}

function sameCodePoints(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((codePoint, i) => codePoint === b[i]);
}

const sharedFonts = new Map<string, SharedFont>();

/**
 * Registers `bytes` under `name` and opens it as the document's current font, through the
 * process's shared font of that name (opened by the first document that asks for it).
 */
export function useSharedFont(doc: PDFKit.PDFDocument, name: string, bytes: Buffer): void {
  const shared = sharedFonts.get(name);
  doc.registerFont(name, (shared?.font ?? bytes) as unknown as Buffer);
  const opened = (doc.font(name) as unknown as OpenedDocument)._font;
  const font = opened?.font;
  if (!opened || !font) throw new Error('pdfkit no longer exposes its fontkit font: update shared-fonts.ts');
  const sharing = shared ?? new SharedFont(font);
  if (!shared) sharedFonts.set(name, sharing);
  opened.font = sharing.viewFor();
}
