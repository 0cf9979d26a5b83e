/** pdfjs-dist ships no types for its worker module; only this export is used (`embedded-invoice.ts`). */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
