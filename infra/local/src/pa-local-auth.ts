/**
 * The local platform's accounts (docs/einvoicing-network.md, "The local platform"): one per SIREN
 * of the stack's directory. Its client id is `btp-<SIREN>` and its secret is derived from the key
 * kept in the stack's secrets file (`DATA_DIR/secrets.json`, `paKey`), so it needs no registration,
 * survives a restart, and the local stack can prefill Paramètres with it
 * ({@link localPlatformCredentials}). Tokens (OAuth2 client credentials) live in memory.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { localPlatformCredentials } from '../../../functions/src/einvoicing/network/local-platform-credentials.js';

export { localPlatformCredentials };

/** The SIREN of a local client id, if it has the shape of one. */
export function sirenOfClientId(clientId: string): string | undefined {
  return /^btp-(\d{9})$/.exec(clientId)?.[1];
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The client id and secret of a token request: HTTP Basic (RFC 6749 § 2.3.1) or the form's fields. */
export function clientOf(
  authorization: string | undefined,
  form: URLSearchParams,
): { clientId: string; clientSecret: string } | undefined {
  const basic = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return undefined;
    try {
      return {
        clientId: decodeURIComponent(decoded.slice(0, colon)),
        clientSecret: decodeURIComponent(decoded.slice(colon + 1)),
      };
    } catch {
      return undefined;
    }
  }
  const clientId = form.get('client_id');
  const clientSecret = form.get('client_secret');
  return clientId && clientSecret ? { clientId, clientSecret } : undefined;
}

export class LocalTokens {
  private readonly tokens = new Map<string, { siren: string; expiresAt: number }>();
  /** Each new token's life, seconds (the admin path shortens it to test renewal). */
  lifeSeconds = 3600;

  constructor(private readonly key: string) {}

  /** A token for the client, or `undefined` when the id or the secret is wrong. */
  issue(
    clientId: string,
    clientSecret: string,
    now: number,
  ): { token: string; lifeSeconds: number } | undefined {
    const siren = sirenOfClientId(clientId);
    if (!siren || !sameSecret(clientSecret, localPlatformCredentials(this.key, siren).clientSecret))
      return undefined;
    const token = randomBytes(32).toString('base64url');
    this.tokens.set(token, { siren, expiresAt: now + this.lifeSeconds * 1000 });
    return { token, lifeSeconds: this.lifeSeconds };
  }

  /** The SIREN of a valid Bearer token. */
  sirenOf(authorization: string | undefined, now: number): string | undefined {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    const found = token ? this.tokens.get(token) : undefined;
    if (!token || !found) return undefined;
    if (found.expiresAt <= now) {
      this.tokens.delete(token);
      return undefined;
    }
    return found.siren;
  }
}
