import { describe, expect, it } from 'vitest';
import { clearedSessionCookie, readSessionToken, sessionCookie } from './cookies.js';

describe('the session cookie', () => {
  it('is __Host- prefixed and Secure over HTTPS, plain locally, always HttpOnly and SameSite=Lax', () => {
    expect(sessionCookie('t', 60, true)).toBe(
      '__Host-btp_session=t; Path=/; HttpOnly; SameSite=Lax; Max-Age=60; Secure',
    );
    expect(sessionCookie('t', 60, false)).toBe('btp_session=t; Path=/; HttpOnly; SameSite=Lax; Max-Age=60');
    expect(clearedSessionCookie(false)).toMatch(/^btp_session=; .*Max-Age=0/);
  });

  it('is read from the request cookies by its exact name', () => {
    expect(readSessionToken(['other=1', 'btp_session=abc.def'], false)).toBe('abc.def');
    expect(readSessionToken(['btp_session_x=1'], false)).toBeUndefined();
    expect(readSessionToken(['btp_session=abc'], true)).toBeUndefined();
    expect(readSessionToken(['__Host-btp_session=abc'], true)).toBe('abc');
    expect(readSessionToken(undefined, false)).toBeUndefined();
  });
});
