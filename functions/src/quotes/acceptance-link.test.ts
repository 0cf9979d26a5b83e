import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  acceptanceExpiry,
  endOfParisDay,
  hashAcceptanceToken,
  isTokenShaped,
  newAcceptanceToken,
  tokenKey,
} from './acceptance-link.js';

describe('acceptance tokens', () => {
  it('are 32 random bytes in base64url, different each time', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => newAcceptanceToken()));
    expect(tokens.size).toBe(50);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url').byteLength).toBe(32);
      expect(isTokenShaped(token)).toBe(true);
    }
  });

  it('are stored as their SHA-256 only, keyed without a company', () => {
    const token = newAcceptanceToken();
    const hash = hashAcceptanceToken(token);
    expect(hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hash).not.toContain(token);
    expect(tokenKey(hash)).toEqual({ pk: `ACCEPT#${hash}`, sk: 'ACCEPT' });
  });

  it('refuse strings of another shape before any read', () => {
    expect(isTokenShaped('abc')).toBe(false);
    expect(isTokenShaped(`${newAcceptanceToken()}x`)).toBe(false);
    expect(isTokenShaped('a'.repeat(42) + '.')).toBe(false);
  });
});

describe('expiry at the end of the validity day in France', () => {
  it('is 23:59:59.999 Paris time, winter (UTC+1) and summer (UTC+2)', () => {
    expect(endOfParisDay('2026-01-15')).toBe('2026-01-15T22:59:59.999Z');
    expect(endOfParisDay('2026-07-14')).toBe('2026-07-14T21:59:59.999Z');
  });

  it('follows the clock changes (the last Sundays of March and October)', () => {
    expect(endOfParisDay('2026-03-28')).toBe('2026-03-28T22:59:59.999Z');
    expect(endOfParisDay('2026-03-29')).toBe('2026-03-29T21:59:59.999Z');
    expect(endOfParisDay('2026-10-25')).toBe('2026-10-25T22:59:59.999Z');
    expect(endOfParisDay('2026-12-31')).toBe('2026-12-31T22:59:59.999Z');
  });

  it("is the quote's validUntil, or the 30th day after it was sent", () => {
    expect(acceptanceExpiry({ validUntil: '2026-12-24' })).toBe('2026-12-24T22:59:59.999Z');
    expect(acceptanceExpiry({ sentAt: '2026-11-25T23:30:00.000Z' })).toBe('2026-12-26T22:59:59.999Z');
    expect(acceptanceExpiry({}, new Date('2026-06-01T10:00:00.000Z'))).toBe('2026-07-01T21:59:59.999Z');
  });
});
