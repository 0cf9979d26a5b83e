/**
 * Imported before pdfjs-dist (`embedded-invoice.ts`): in Node, pdfjs takes `DOMMatrix`, `ImageData`
 * and `Path2D` from the optional native package `@napi-rs/canvas`, which a Lambda bundle cannot
 * carry, and its display module builds a `DOMMatrix` as soon as it is loaded; without one, loading
 * it throws. Only the embedded files of a PDF are read here, nothing is ever drawn, so empty
 * stand-ins are enough, and they make the behaviour the same with or without the native package.
 */
const globals = globalThis as Record<string, unknown>;

/** Never drawn with: only constructed by pdfjs' display module when it loads. */
class DrawingUnavailable {}

for (const name of ['DOMMatrix', 'ImageData', 'Path2D']) {
  globals[name] ??= class extends DrawingUnavailable {};
}

export {};
