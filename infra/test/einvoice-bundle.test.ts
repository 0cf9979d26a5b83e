import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { esbuildOptions, repoRoot } from '../lib/bundling.js';

/**
 * The e-invoice reader (functions/src/einvoicing/import) inside a bundle made with the options CDK
 * uses, run by a plain `node` in a folder outside the repository: pdfjs-dist must find its worker
 * in the bundle and load without the native canvas package, which no Lambda bundle carries.
 */
const samples = path.join(repoRoot, 'functions/src/einvoicing/import/testing');
const entry = path.join(repoRoot, 'functions/src/einvoicing/import/bundle-entry.ts');

/** A minimal PDF written by hand (not by pdfkit), embedding `attachment` in its EmbeddedFiles name tree. */
function handMadePdf(attachment?: { name: string; content: Buffer }): Buffer {
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R${attachment ? ` /Names << /EmbeddedFiles << /Names [(${attachment.name}) 4 0 R] >> >>` : ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  const streams: Buffer[] = [];
  if (attachment) {
    objects.push(`<< /Type /Filespec /F (${attachment.name}) /UF (${attachment.name}) /EF << /F 5 0 R >> >>`);
    objects.push(`<< /Type /EmbeddedFile /Subtype /text#2Fxml /Length ${attachment.content.byteLength} >>`);
    streams[4] = attachment.content;
  }
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let length = parts[0]?.byteLength ?? 0;
  objects.forEach((object, index) => {
    offsets.push(length);
    const stream = streams[index];
    const body = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n${object}\n`),
      ...(stream ? [Buffer.from('stream\n'), stream, Buffer.from('\nendstream\n')] : []),
      Buffer.from('endobj\n'),
    ]);
    parts.push(body);
    length += body.byteLength;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
  ].join('\n');
  return Buffer.concat([...parts, Buffer.from(`${xref}\n`)]);
}

let bundleDir: string;

beforeAll(async () => {
  bundleDir = mkdtempSync(path.join(tmpdir(), 'btp-einvoice-bundle-'));
  await esbuild.build(esbuildOptions(entry, bundleDir));
}, 60_000);

/** Runs the bundled reader on `file` in a separate `node`, from the bundle's folder. */
function readInBundle(file: Buffer): unknown {
  const input = path.join(bundleDir, 'input.bin');
  writeFileSync(input, file);
  const script =
    "import { readFileSync } from 'node:fs'; import { handler } from './index.mjs';" +
    "const answer = await handler({ fileBase64: readFileSync('input.bin').toString('base64') });" +
    'process.stdout.write("\\n@@" + JSON.stringify(answer));';
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: bundleDir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(output.slice(output.lastIndexOf('\n@@') + 3)) as unknown;
}

describe('the e-invoice reader in a Lambda bundle', () => {
  it('reads the factur-x.xml a PDF embeds', () => {
    const xml = readFileSync(path.join(samples, 'cii-en16931-invoice.xml'));
    const answer = readInBundle(handMadePdf({ name: 'factur-x.xml', content: xml }));
    expect(answer).toMatchObject({
      format: 'pdf',
      invoice: { syntax: 'CII', number: 'FA-2026-00412', totalCents: 102675, seller: { siren: '732829320' } },
    });
  });

  it('reads a UBL file, and refuses a PDF without an invoice and an XML with a DOCTYPE', () => {
    expect(readInBundle(readFileSync(path.join(samples, 'ubl-invoice.xml')))).toMatchObject({
      format: 'xml',
      invoice: { syntax: 'UBL', number: '2026/INV/0087' },
    });
    expect(readInBundle(handMadePdf())).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Ce PDF ne contient pas de facture électronique/),
    });
    expect(
      readInBundle(Buffer.from('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>')),
    ).toMatchObject({ status: 400, message: expect.stringContaining('DOCTYPE') });
  });
});
