/**
 * Compiles the vendored Schematron stylesheets (e-invoicing/validation, XSLT 2.0) to SaxonJS's SEF
 * format, gzipped, into e-invoicing/compiled/, with a manifest of the SHA-256 of each source: the
 * tests run the compiled files (about 0.5 s per document instead of 20 s of compiling) and a test
 * checks that the manifest still matches the vendored stylesheets.
 *
 * - Factur-X (EN 16931 and the French rules): what an issued invoice's `factur-x.xml` must pass.
 * - CDAR (BR-FR-CDV): what a lifecycle message must pass (docs/einvoicing-network.md).
 *
 * Run after replacing the vendored files: `npm run einvoicing:compile` (about 20 s per stylesheet).
 * A stylesheet whose source still matches the manifest and whose compiled file exists is skipped;
 * `--force` compiles them all again.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'e-invoicing/compiled');
const manifestPath = join(outDir, 'manifest.json');

/** Each stylesheet and the folder of the vendored files it is read from. */
export const stylesheets = [
  { name: 'FACTUR-X_EN16931.xslt', dir: 'e-invoicing/validation/factur-x-en16931/xslt' },
  { name: 'BR-FR-Flux2-Schematron-CII.xslt', dir: 'e-invoicing/validation/factur-x-en16931/xslt' },
  { name: 'BR-FR-Flux2-Schematron-CII_WARNING.xslt', dir: 'e-invoicing/validation/factur-x-en16931/xslt' },
  { name: 'BR-FR-CDV-Schematron-CDAR.xslt', dir: 'e-invoicing/validation/cdar/xslt' },
  { name: 'BR-FR-CDV-Schematron-CDAR_WARNING.xslt', dir: 'e-invoicing/validation/cdar/xslt' },
];

const force = process.argv.includes('--force');
const previous = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
const work = mkdtempSync(join(tmpdir(), 'sef-'));
const manifest = {};
try {
  for (const { name, dir } of stylesheets) {
    const xsltDir = join(root, dir);
    const source = join(xsltDir, name);
    const hash = createHash('sha256').update(readFileSync(source)).digest('hex');
    const target = join(outDir, `${name}.sef.json.gz`);
    manifest[name] = hash;
    if (!force && previous[name] === hash && existsSync(target)) {
      process.stdout.write(`${name}: à jour\n`);
      continue;
    }
    const sef = join(work, `${name}.sef.json`);
    const xslt3 = join(root, 'node_modules/xslt3/xslt3.js');
    process.stdout.write(`${name}… `);
    execFileSync(process.execPath, [xslt3, `-xsl:${source}`, `-export:${sef}`, '-nogo', '-relocate:on'], {
      cwd: xsltDir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    writeFileSync(target, gzipSync(readFileSync(sef), { level: 9 }));
    process.stdout.write('ok\n');
  }
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
