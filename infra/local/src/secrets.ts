import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LocalSecrets {
  /** Token for `POST /api/setup`, unless `SETUP_TOKEN` is given. */
  setupToken: string;
  /** Key that signs session cookies (Secrets Manager's role in production). */
  sessionKey: string;
  /**
   * Key the local platform (`/_pa`) derives each company's client secret from
   * (`pa-local-auth.ts`); added to a secrets file written before it.
   */
  paKey: string;
}

const newKey = () => randomBytes(32).toString('base64url');

/**
 * The local stack's secrets, generated on first start and kept under `DATA_DIR` (mode 600) so
 * that sessions and the setup token survive a restart.
 */
export function loadLocalSecrets(dataDir: string): LocalSecrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalSecrets>;
    if (stored.setupToken && stored.sessionKey) {
      if (stored.paKey)
        return { setupToken: stored.setupToken, sessionKey: stored.sessionKey, paKey: stored.paKey };
      // A data folder from before the local platform: keep its sessions and setup token.
      const secrets = { setupToken: stored.setupToken, sessionKey: stored.sessionKey, paKey: newKey() };
      writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
      return secrets;
    }
  }
  const secrets: LocalSecrets = {
    setupToken: randomBytes(18).toString('base64url'),
    sessionKey: newKey(),
    paKey: newKey(),
  };
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}
