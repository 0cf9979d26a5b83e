/**
 * Compiles the vendored Factur-X Schematron stylesheets (e-invoicing/validation, XSLT 2.0) to
 * SaxonJS's SEF format, gzipped, into e-invoicing/compiled/, with a manifest of the SHA-256 of each
 * source: the tests run the compiled files (about 0.5 s per invoice instead of 20 s of compiling) and
 * a test checks that the manifest still matches the vendored stylesheets.
 *
 * Run after replacing the vendored files: `npm run einvoicing:compile` (about 20 s per stylesheet).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const xsltDir = join(root, 'e-invoicing/validation/factur-x-en16931/xslt');
const outDir = join(root, 'e-invoicing/compiled');
export const stylesheets = [
  'FACTUR-X_EN16931.xslt',
  'BR-FR-Flux2-Schematron-CII.xslt',
  'BR-FR-Flux2-Schematron-CII_WARNING.xslt',
];

const work = mkdtempSync(join(tmpdir(), 'sef-'));
const manifest = {};
try {
  for (const name of stylesheets) {
    const source = join(xsltDir, name);
    const sef = join(work, `${name}.sef.json`);
    const xslt3 = join(root, 'node_modules/xslt3/xslt3.js');
    process.stdout.write(`${name}… `);
    execFileSync(process.execPath, [xslt3, `-xsl:${source}`, `-export:${sef}`, '-nogo', '-relocate:on'], {
      cwd: xsltDir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    writeFileSync(join(outDir, `${name}.sef.json.gz`), gzipSync(readFileSync(sef), { level: 9 }));
    manifest[name] = createHash('sha256').update(readFileSync(source)).digest('hex');
    process.stdout.write('ok\n');
  }
  writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
