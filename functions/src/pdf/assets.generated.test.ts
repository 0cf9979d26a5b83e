import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INTER_BOLD_WOFF, INTER_CODE_POINTS, INTER_REGULAR_WOFF } from './assets.generated.js';
import { woffToSfnt } from './woff.js';

const generator = fileURLToPath(new URL('../../scripts/generate-pdf-assets.mjs', import.meta.url));

describe('assets.generated.ts', () => {
  it('is what generate-pdf-assets.mjs makes of the installed @fontsource/inter and pdfkit (run it after an upgrade)', () => {
    // execFileSync throws (the test fails) when the script exits 1: the module is stale.
    const output = execFileSync(process.execPath, [generator, '--check'], { encoding: 'utf8' });
    expect(output).toContain('is up to date');
  });

  it('holds WOFF fonts that unpack to TrueType and draw the French text of the documents', () => {
    for (const font of [INTER_REGULAR_WOFF, INTER_BOLD_WOFF]) {
      const woff = Buffer.from(font, 'base64');
      const sfnt = woffToSfnt(woff);
      // sfnt version 1.0 (TrueType outlines), as long as the WOFF header says the font was.
      expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
      expect(sfnt.length).toBe(woff.readUInt32BE(16));
    }
    expect(() => woffToSfnt(Buffer.from('not a font at all, just some text of more than 44 bytes'))).toThrow(
      'not a WOFF 1.0 file',
    );
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
