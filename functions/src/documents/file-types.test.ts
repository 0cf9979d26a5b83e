import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http-errors.js';
import {
  acceptedFileType,
  assertContentMatches,
  contentMatches,
  fileTypeOf,
  mismatchedContentMessage,
  mismatchedMimeTypeMessage,
  unsupportedExtensionMessage,
} from './file-types.js';

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(
    values.flatMap((value) => (typeof value === 'string' ? [...Buffer.from(value, 'latin1')] : [value])),
  );

const pdf = bytes('%PDF-1.7\n%âãÏÓ\n');
const png = bytes(0x89, 'PNG\r\n', 0x1a, '\n', 0, 0, 0, 13, 'IHDR');
const jpeg = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 'JFIF');
const gif = bytes('GIF89a', 1, 0, 1, 0);
const zip = bytes('PK', 3, 4, 20, 0, 6, 0);
const ole = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0);
const exe = bytes('MZ', 0x90, 0, 3, 0);

function refusal(run: () => unknown): { status: number; code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError)
      return { status: error.statusCode, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('acceptedFileType', () => {
  it('accepts the extensions of spec "Documents" in any case, with their MIME types', () => {
    const cases: [string, string, string][] = [
      ['devis.pdf', 'application/pdf', 'application/pdf'],
      ['Lettre.DOC', 'application/msword', 'application/msword'],
      [
        'contrat.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      ['métré.xls', 'application/vnd.ms-excel', 'application/vnd.ms-excel'],
      [
        'budget.XLSX',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ],
      ['chantier.jpg', 'image/jpeg', 'image/jpeg'],
      ['chantier.JPEG', 'image/pjpeg', 'image/jpeg'],
      ['plan.png', 'IMAGE/PNG; charset=binary', 'image/png'],
      ['anim.gif', 'image/gif', 'image/gif'],
    ];
    for (const [name, declared, stored] of cases) {
      expect(acceptedFileType(name, declared).mimeType).toBe(stored);
    }
  });

  it('takes the type from the extension when the browser declares none or a generic one', () => {
    expect(acceptedFileType('plan.docx', '').extension).toBe('.docx');
    expect(acceptedFileType('plan.xlsx', 'application/octet-stream').mimeType).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(acceptedFileType('photo.png', undefined).mimeType).toBe('image/png');
  });

  it('refuses other extensions with a 415', () => {
    for (const name of [
      'setup.exe',
      'page.html',
      'image.svg',
      'archive.zip',
      'notes.txt',
      'sans-extension',
      'devis.pdf.exe',
    ]) {
      expect(refusal(() => acceptedFileType(name, 'application/octet-stream'))).toEqual({
        status: 415,
        code: 'unsupported_media_type',
        message: unsupportedExtensionMessage,
      });
    }
  });

  it('refuses a declared MIME type that is not the extension’s', () => {
    expect(refusal(() => acceptedFileType('devis.pdf', 'image/png'))).toEqual({
      status: 415,
      code: 'unsupported_media_type',
      message: mismatchedMimeTypeMessage('.pdf'),
    });
    expect(refusal(() => acceptedFileType('photo.jpg', 'text/html')).status).toBe(415);
    expect(refusal(() => acceptedFileType('lettre.doc', 'application/vnd.ms-excel')).status).toBe(415);
  });
});

describe('contentMatches', () => {
  const type = (name: string) => fileTypeOf(name) ?? expect.unreachable();

  it('recognises each accepted family by its first bytes', () => {
    expect(contentMatches(type('a.pdf'), pdf)).toBe(true);
    expect(contentMatches(type('a.png'), png)).toBe(true);
    expect(contentMatches(type('a.jpg'), jpeg)).toBe(true);
    expect(contentMatches(type('a.jpeg'), jpeg)).toBe(true);
    expect(contentMatches(type('a.gif'), gif)).toBe(true);
    expect(contentMatches(type('a.gif'), bytes('GIF87a', 0))).toBe(true);
    expect(contentMatches(type('a.docx'), zip)).toBe(true);
    expect(contentMatches(type('a.xlsx'), zip)).toBe(true);
    expect(contentMatches(type('a.doc'), ole)).toBe(true);
    expect(contentMatches(type('a.xls'), ole)).toBe(true);
  });

  it('accepts a PDF header after some leading bytes, as PDF readers do', () => {
    expect(contentMatches(type('a.pdf'), bytes('\r\n  ', '%PDF-1.4'))).toBe(true);
    const late = new Uint8Array(2000);
    late.set(Buffer.from('%PDF-1.4'), 1500);
    expect(contentMatches(type('a.pdf'), late)).toBe(false);
  });

  it('refuses a disguised file: a PNG named .pdf, a program named .jpg, a text named .docx', () => {
    expect(contentMatches(type('a.pdf'), png)).toBe(false);
    expect(contentMatches(type('a.jpg'), exe)).toBe(false);
    expect(contentMatches(type('a.docx'), bytes('Bonjour'))).toBe(false);
    expect(contentMatches(type('a.doc'), zip)).toBe(false);
    expect(contentMatches(type('a.png'), bytes(0x89, 'PN'))).toBe(false);
    expect(contentMatches(type('a.gif'), new Uint8Array())).toBe(false);
    expect(refusal(() => assertContentMatches(type('a.pdf'), png))).toEqual({
      status: 415,
      code: 'unsupported_media_type',
      message: mismatchedContentMessage('.pdf'),
    });
  });
});
