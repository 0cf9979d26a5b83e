import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INTER_BOLD_TTF, INTER_CODE_POINTS, INTER_REGULAR_TTF } from './assets.generated.js';

const generator = fileURLToPath(new URL('../../scripts/generate-pdf-assets.mjs', import.meta.url));

describe('assets.generated.ts', () => {
  it('is what generate-pdf-assets.mjs makes of the installed @fontsource/inter and pdfkit (run it after an upgrade)', () => {
    // execFileSync throws (the test fails) when the script exits 1: the module is stale.
    const output = execFileSync(process.execPath, [generator, '--check'], { encoding: 'utf8' });
    expect(output).toContain('is up to date');
  });

  it('holds TrueType fonts (not WOFF) that draw the French text of the documents', () => {
    for (const font of [INTER_REGULAR_TTF, INTER_BOLD_TTF]) {
      // sfnt version 1.0 (TrueType outlines): fontkit reads it without inflating tables.
      expect(Buffer.from(font, 'base64').readUInt32BE(0)).toBe(0x00010000);
    }
    const ranges = INTER_CODE_POINTS.split(',');
    const covers = (char: string) => {
      const codePoint = char.codePointAt(0) ?? -1;
      return ranges.some((range) => {
        const [from = '', to = from] = range.split('-');
        return codePoint >= parseInt(from, 16) && codePoint <= parseInt(to, 16);
      });
    };
    for (const char of 'éèêëàâçîïôûùœŒÉÈÀÇ€«»°²×–’…\u00a0') expect(covers(char), char).toBe(true);
    // fr-FR number formatting's narrow no-break space is not in Inter's latin subset: the renderer
    // replaces it (render.test.ts, printable).
    expect(covers('\u202f')).toBe(false);
  });
});
