/**
 * Which secrets a route's function may read, derived from its handler module name.
 *
 * Convention (until the route table carries it as a field of its own):
 * - the session signing key is read by the authorizer and by every handler under `auth/` or `setup/`
 *   (they sign or clear session cookies: sign-in, register, logout, first installation);
 * - the setup token is read by `setup/create` (`POST /api/setup`) only.
 *
 * Functions get the secrets' ARNs in `SESSION_KEY_SECRET_ARN` / `SETUP_TOKEN_SECRET_ARN`, never the
 * values, and an IAM grant on that one secret. A handler that needs a secret but lives elsewhere must
 * either move under `auth/` or `setup/` or wait for the route-table field.
 */
export interface RouteSecrets {
  readonly sessionKey: boolean;
  readonly setupToken: boolean;
}

/** Handler module (under `functions/src/handlers/`) that creates the first super administrator. */
export const setupHandler = 'setup/create';

const sessionKeyPrefixes = ['auth/', 'setup/'];

export function routeSecrets(handler: string): RouteSecrets {
  return {
    sessionKey: sessionKeyPrefixes.some((prefix) => handler.startsWith(prefix)),
    setupToken: handler === setupHandler,
  };
}

/** The authorizer verifies the session cookie's signature: it reads the session key, nothing else. */
export const authorizerSecrets: RouteSecrets = { sessionKey: true, setupToken: false };
