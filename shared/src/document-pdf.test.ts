import { describe, expect, it } from 'vitest';
import { pdfDispositionMessage, pdfUrlQuery } from './document-pdf.js';

describe('pdfUrlQuery', () => {
  it('saves the file unless asked to show it', () => {
    expect(pdfUrlQuery.parse({})).toEqual({ disposition: 'attachment' });
    expect(pdfUrlQuery.parse({ disposition: 'attachment' })).toEqual({ disposition: 'attachment' });
    expect(pdfUrlQuery.parse({ disposition: 'inline' })).toEqual({ disposition: 'inline' });
  });

  it('refuses any other value with a French message', () => {
    for (const disposition of ['Inline', 'download', '']) {
      const result = pdfUrlQuery.safeParse({ disposition });
      expect(result.success, disposition).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(pdfDispositionMessage);
    }
  });
});
