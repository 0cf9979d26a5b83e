/**
 * Stand-in for `brotli/decompress.js` in the Lambda bundles (infra/lib/bundling.ts `stubbedModules`):
 * fontkit decodes WOFF2 fonts with it, and the PDFs never embed a WOFF2 font.
 */
export default function decompress() {
  throw new Error('WOFF2 fonts are not supported in this bundle (brotli is stubbed: infra/lib/bundling.ts).');
}
