import { describe, expect, it } from 'vitest';
import { fileAgeLabel, fileKindOf, formatFileSize, opensInBrowser } from './file-display.js';

describe('formatFileSize', () => {
  it("shows 0 and missing sizes as '0 B'", () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(undefined)).toBe('0 B');
    expect(formatFileSize(null)).toBe('0 B');
    expect(formatFileSize(Number.NaN)).toBe('0 B');
  });

  it('uses B, KB, MB and GB in steps of 1024 with at most 2 decimals', () => {
    expect(formatFileSize(1)).toBe('1 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(48_213)).toBe('47,08 KB');
    expect(formatFileSize(6_291_456)).toBe('6 MB');
    expect(formatFileSize(52_428_800)).toBe('50 MB');
    expect(formatFileSize(1_234_567)).toBe('1,18 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
  });

  it('never shows 1024 of a unit, and stays in GB beyond', () => {
    expect(formatFileSize(1_048_575)).toBe('1 MB');
    expect(formatFileSize(5 * 1024 ** 4)).toBe('5120 GB');
  });
});

describe('fileAgeLabel', () => {
  const now = new Date('2026-11-22T12:00:00.000Z');

  it("says 'moins d'1h' under an hour, and for a date ahead of the clock", () => {
    expect(fileAgeLabel('2026-11-22T11:00:00.001Z', now)).toBe("Il y a moins d'1h");
    expect(fileAgeLabel('2026-11-22T12:00:00.000Z', now)).toBe("Il y a moins d'1h");
    expect(fileAgeLabel('2026-11-22T12:05:00.000Z', now)).toBe("Il y a moins d'1h");
  });

  it('counts whole hours under a day', () => {
    expect(fileAgeLabel('2026-11-22T11:00:00.000Z', now)).toBe('Il y a 1h');
    expect(fileAgeLabel('2026-11-21T12:00:00.001Z', now)).toBe('Il y a 23h');
  });

  it('counts whole days from 24 hours', () => {
    expect(fileAgeLabel('2026-11-21T12:00:00.000Z', now)).toBe('Il y a 1j');
    expect(fileAgeLabel(new Date('2026-11-12T09:00:00.000Z'), now)).toBe('Il y a 10j');
  });
});

describe('fileKindOf', () => {
  it('sorts MIME types into pdf, spreadsheet, image and other', () => {
    expect(fileKindOf('application/pdf')).toBe('pdf');
    expect(fileKindOf('application/vnd.ms-excel')).toBe('spreadsheet');
    expect(fileKindOf('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(
      'spreadsheet',
    );
    expect(fileKindOf('image/png')).toBe('image');
    expect(fileKindOf('IMAGE/JPEG')).toBe('image');
    expect(fileKindOf('application/msword')).toBe('other');
    expect(fileKindOf('')).toBe('other');
    expect(fileKindOf(undefined)).toBe('other');
  });

  it('lets PDFs and images open in the browser, nothing else', () => {
    expect(opensInBrowser('application/pdf')).toBe(true);
    expect(opensInBrowser('image/gif')).toBe(true);
    expect(opensInBrowser('application/vnd.ms-excel')).toBe(false);
    expect(opensInBrowser('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      false,
    );
  });
});
