import { describe, expect, it } from 'vitest';
import { contentDisposition, MAX_FILE_NAME_LENGTH, sanitiseFileName } from './file-names.js';

describe('sanitiseFileName', () => {
  it('keeps the last path segment only', () => {
    expect(sanitiseFileName('C:\\fakepath\\plan.pdf')).toBe('plan.pdf');
    expect(sanitiseFileName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(sanitiseFileName('/tmp/x/Devis été.pdf')).toBe('Devis été.pdf');
  });

  it('removes control and bidirectional characters and trims', () => {
    expect(sanitiseFileName('  fac\u0000tu\u001fre\u007f.pdf  ')).toBe('facture.pdf');
    expect(sanitiseFileName('photo\u202egpj.exe')).toBe('photogpj.exe');
    expect(sanitiseFileName('ligne\r\nHeader: x.pdf')).toBe('ligneHeader: x.pdf');
  });

  it('keeps accents (NFC) and gives a name to an empty one', () => {
    expect(sanitiseFileName('Re\u0301ception.pdf')).toBe('Réception.pdf');
    expect(sanitiseFileName('')).toBe('document');
    expect(sanitiseFileName('dossier/')).toBe('document');
    expect(sanitiseFileName('..')).toBe('document');
  });

  it('shortens a name over 255 characters and keeps its extension', () => {
    const long = `${'é'.repeat(300)}.docx`;
    const kept = sanitiseFileName(long);
    expect([...kept]).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(kept.endsWith('é.docx')).toBe(true);
    expect(sanitiseFileName('a'.repeat(255))).toHaveLength(255);
  });
});

describe('contentDisposition', () => {
  it('saves a plain name as an attachment under that name', () => {
    expect(contentDisposition('plan-rdc.pdf', 'attachment')).toBe(
      `attachment; filename="plan-rdc.pdf"; filename*=UTF-8''plan-rdc.pdf`,
    );
  });

  it('carries accents in filename* (RFC 5987) with an ASCII fallback', () => {
    expect(contentDisposition('Devis été n°3.pdf', 'attachment')).toBe(
      `attachment; filename="Devis ete n_3.pdf"; filename*=UTF-8''Devis%20%C3%A9t%C3%A9%20n%C2%B03.pdf`,
    );
  });

  it('escapes quotes, backslashes, percent signs and RFC 5987 reserved characters', () => {
    const header = contentDisposition(`l'offre "finale" (100%)*.pdf`, 'inline');
    expect(header).toBe(
      `inline; filename="l'offre _finale_ (100_)*.pdf"; filename*=UTF-8''l%27offre%20%22finale%22%20%28100%25%29%2A.pdf`,
    );
    expect(decodeURIComponent(header.split("UTF-8''")[1] ?? '')).toBe(`l'offre "finale" (100%)*.pdf`);
  });

  it('is pure ASCII without line breaks, whatever the name', () => {
    const header = contentDisposition('x\r\nSet-Cookie: a=b 日本語.png', 'attachment');
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(header.startsWith('attachment; filename="xSet-Cookie: a=b ___.png"')).toBe(true);
  });
});
