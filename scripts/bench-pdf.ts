/**
 * `npm run bench:pdf`: how long the PDF of a devis or a facture takes to draw, and its size, in the
 * code a Lambda function runs.
 *
 * 1. Bundles a small entry importing `functions/src/pdf/render.ts` (and the sample documents of its
 *    tests) with the esbuild build a deployment runs (`esbuildOptions` from infra/lib/bundling.ts),
 *    into `.bench/pdf/`.
 * 2. Copies the bundle to an empty directory outside the repository and runs it there in a fresh
 *    Node process with the functions' `NODE_OPTIONS`: no node_modules and no file of pdfkit can be
 *    reached, so a renderer that needed one (a standard font's metrics, the PDF/A colour profile)
 *    fails here as it would in Lambda.
 * 3. The bundle renders a 200-line quote, a 20-line invoice and a 60-line situation de travaux
 *    `--runs` times each (the first run,
 *    which parses the fonts and warms the code, is reported apart as "first"), and the script prints
 *    median and p95 times, the PDF sizes and the process's peak memory.
 *
 * Options: `--runs=N` (default 20), `--samples=DIR` (also write the sample PDFs a reviewer looks at:
 * a devis to a private client, a facture to a company, an avoir, a situation de travaux, a 3-page
 * devis, drafts).
 * Exits 1 when the bundle fails to build, to run or to make a PDF.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { esbuildOptions, repoRoot } from '../infra/lib/bundling.js';

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value = ''] = arg.replace(/^--/, '').split('=');
    return [key, value] as const;
  }),
);
const runs = Number(args.get('runs') ?? 20);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a positive integer, got ${args.get('runs')}`);
const samplesDir = args.get('samples') ? path.resolve(args.get('samples') ?? '') : undefined;

const outRoot = path.join(repoRoot, '.bench', 'pdf');
rmSync(outRoot, { recursive: true, force: true });
mkdirSync(outRoot, { recursive: true });

const pdfDir = path.join(repoRoot, 'functions', 'src', 'pdf');
const entry = path.join(outRoot, 'bench-entry.ts');
writeFileSync(
  entry,
  `import { mkdirSync, writeFileSync } from 'node:fs';
import { renderInvoicePdf, renderQuotePdf } from ${JSON.stringify(path.join(pdfDir, 'render.ts'))};
import * as samples from ${JSON.stringify(path.join(pdfDir, 'sample-documents.ts'))};

const [runsText, samplesDir] = process.argv.slice(2);
const runs = Number(runsText);
let peakRss = process.memoryUsage().rss;

async function measure(name: string, render: () => Promise<Buffer>) {
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run <= runs; run++) {
    const started = performance.now();
    const pdf = await render();
    times.push(performance.now() - started);
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(name + ': not a PDF');
    bytes = pdf.length;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  return { name, first: times[0], times: times.slice(1), bytes };
}

const invoiceLines = samples.manyLines(20).map((line) => ({
  description: line.description,
  unit: line.unit,
  quantity: line.quantity,
  unitPrice: line.unitCost,
  vatRate: line.vatRate,
}));
const contract = samples.contractLines(samples.sampleQuote(samples.manyLines(60)));
const situation = samples.sampleSituationInvoice(
  {
    quoteNumber: 'DEV-2026-0042',
    lines: contract,
    deposits: [{ vatRate: '20.00', amount: '3000.00' }],
    retentionRate: '5.00',
    steps: [
      Object.fromEntries(contract.map((line) => [line.itemId, '30.00'])),
      Object.fromEntries(contract.map((line, index) => [line.itemId, index % 2 === 0 ? '75.00' : '50.00'])),
    ],
  },
  { number: 'FAC-2026-0030' },
);
const results = [
  await measure('devis, 200 lignes', () =>
    renderQuotePdf({ ...samples.individualQuoteInput(), quote: samples.sampleQuote(samples.manyLines(200)) }),
  ),
  await measure('facture, 20 lignes', () =>
    renderInvoicePdf({ ...samples.companyInvoiceInput(), invoice: samples.sampleInvoice(invoiceLines) }),
  ),
  await measure('situation, 60 lignes', () =>
    renderInvoicePdf({ ...samples.companyInvoiceInput(), invoice: situation }),
  ),
];

if (samplesDir) {
  mkdirSync(samplesDir, { recursive: true });
  const write = async (file: string, pdf: Promise<Buffer>) => writeFileSync(samplesDir + '/' + file, await pdf);
  await write('devis-particulier.pdf', renderQuotePdf(samples.individualQuoteInput()));
  await write('facture-entreprise.pdf', renderInvoicePdf(samples.companyInvoiceInput()));
  await write('avoir.pdf', renderInvoicePdf(samples.creditNoteInput()));
  await write('situation-entreprise.pdf', renderInvoicePdf(samples.situationInvoiceInput()));
  await write(
    'devis-3-pages.pdf',
    renderQuotePdf({ ...samples.individualQuoteInput(), quote: samples.sampleQuote(samples.manyLines(48)) }),
  );
  await write(
    'devis-brouillon.pdf',
    renderQuotePdf({
      ...samples.individualQuoteInput(),
      quote: samples.sampleQuote(samples.manyLines(20), { status: 'draft' }),
    }),
  );
  await write(
    'facture-brouillon.pdf',
    renderInvoicePdf(
      samples.companyInvoiceInput({ status: 'draft', number: undefined, issueDate: undefined, dueDate: undefined }),
    ),
  );
}
console.log(JSON.stringify({ results, peakRss }));
`,
);

// ---- Bundle, then run it where nothing but the bundle exists --------------------------------------
const bundleDir = path.join(outRoot, 'bundle');
await esbuild.build(esbuildOptions(entry, bundleDir));
const bundle = path.join(bundleDir, 'index.mjs');
const isolated = mkdtempSync(path.join(os.tmpdir(), 'bench-pdf-'));
cpSync(bundleDir, isolated, { recursive: true });
const child = spawnSync(
  process.execPath,
  [path.join(isolated, 'index.mjs'), String(runs), ...(samplesDir ? [samplesDir] : [])],
  {
    cwd: isolated,
    // The functions set no NODE_OPTIONS (infra/lib/bundling.ts).
    env: { ...process.env, NODE_OPTIONS: '' },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  },
);
rmSync(isolated, { recursive: true, force: true });
if (child.status !== 0) {
  console.error(child.stderr || child.stdout);
  console.error('The bundled renderer failed (see above).');
  process.exit(1);
}

interface Result {
  name: string;
  first: number;
  times: number[];
  bytes: number;
}
const { results, peakRss } = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as {
  results: Result[];
  peakRss: number;
};

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
console.log(
  `PDF renderer, bundled as a Lambda function (${kb(statSync(bundle).size)} minified), ${runs} runs each, ` +
    `Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}`,
);
console.log('');
console.log('| document | first | median | p95 | PDF size |');
console.log('|---|---|---|---|---|');
for (const result of results) {
  console.log(
    `| ${result.name} | ${ms(result.first)} | ${ms(percentile(result.times, 0.5))} | ` +
      `${ms(percentile(result.times, 0.95))} | ${kb(result.bytes)} |`,
  );
}
console.log('');
console.log(`Peak resident memory of the process: ${(peakRss / 1e6).toFixed(0)} MB`);
if (samplesDir) console.log(`Sample PDFs written to ${samplesDir}`);
