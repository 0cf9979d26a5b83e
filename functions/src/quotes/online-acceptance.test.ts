import { describe, expect, it } from 'vitest';
import { MAX_SIGNATURE_BYTES } from '@btp/shared/entities/public-quote';
import { HttpError } from '../lib/http-errors.js';
import { clientIp, decodeSignature, publicQuoteMessages, signedPdfName } from './online-acceptance.js';

const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;
const png = (size: number) => Buffer.concat([PNG_HEADER, Buffer.alloc(size - PNG_HEADER.byteLength, 7)]);

function refusal(call: () => unknown): HttpError {
  try {
    call();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('decodeSignature', () => {
  it('answers the bytes of a PNG up to 200 KB', () => {
    const bytes = png(MAX_SIGNATURE_BYTES);
    expect(decodeSignature(dataUrl(bytes)).equals(bytes)).toBe(true);
  });

  it('refuses 200 KB + 1 byte with 400', () => {
    const error = refusal(() => decodeSignature(dataUrl(png(MAX_SIGNATURE_BYTES + 1))));
    expect(error.statusCode).toBe(400);
    expect(error.details).toEqual([{ path: 'signature', message: publicQuoteMessages.tooLarge }]);
  });

  it('refuses what is not a PNG: a JPEG, a PNG type over other bytes, bad base64, a bare header', () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6]);
    for (const input of [
      dataUrl(png(100), 'image/jpeg'),
      dataUrl(jpeg),
      'data:image/png;base64,@@@@',
      dataUrl(PNG_HEADER),
      'iVBORw0KGgo=',
    ]) {
      const error = refusal(() => decodeSignature(input));
      expect(error.statusCode).toBe(400);
      expect(error.details?.[0]?.message).toBe(publicQuoteMessages.notPng);
    }
  });
});

describe('clientIp', () => {
  it("is the last X-Forwarded-For entry (the one CloudFront appended), else API Gateway's", () => {
    expect(clientIp({ 'x-forwarded-for': '1.2.3.4, 203.0.113.9' }, '10.0.0.1')).toBe('203.0.113.9');
    expect(clientIp({}, '10.0.0.1')).toBe('10.0.0.1');
  });
});

it('names the signed PDF after the quote', () => {
  expect(signedPdfName('DEV-2026-0001')).toBe('Devis DEV-2026-0001 signé.pdf');
});
