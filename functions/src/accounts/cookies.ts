/**
 * The session cookie: `HttpOnly`, `SameSite=Lax`, `Path=/`; `Secure` with the `__Host-` prefix
 * whenever the site is served over HTTPS (production), plain name locally over HTTP.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-btp_session' : 'btp_session';
}

export function sessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  const attributes = [
    `${sessionCookieName(secure)}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAgeSeconds}`,
  ];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  return sessionCookie('', 0, secure);
}

/** The session token among the request's cookies (payload 2.0 `cookies`), if any. */
export function readSessionToken(
  cookies: readonly string[] | undefined,
  secure: boolean,
): string | undefined {
  const name = sessionCookieName(secure);
  for (const cookie of cookies ?? []) {
    const separator = cookie.indexOf('=');
    if (separator > 0 && cookie.slice(0, separator).trim() === name) {
      const value = cookie.slice(separator + 1).trim();
      return value || undefined;
    }
  }
  return undefined;
}
