/**
 * The two products the end-to-end tests run against, each exactly as a person starts it (`npm start`
 * on a free port and a fresh DATA_DIR): `app`, installed by the journeys themselves
 * (foundation.spec.ts), and `demo`, started with DEMO=1 for the demo company.
 *
 * Plain JavaScript so that both playwright.config.ts (which hands them to Playwright's `webServer`)
 * and `npm test` (scripts/test.mjs, which starts them while the types are still being checked and
 * the unit tests run, then tells the config they are up with E2E_SERVERS_STARTED=1) read the same
 * definition. Ports and folders are chosen once and written to the environment, so Playwright's
 * workers, and a Playwright started by `npm test`, inherit them.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What a server prints once it serves (with DEMO=1, after the demo company is loaded). */
export const readyLine = /BTP Gestion est prêt/;

function server(name, offset, extra) {
  process.env.E2E_PORT ??= String(4100 + Math.floor(Math.random() * 800));
  const key = `E2E_${name.toUpperCase()}`;
  const port = (process.env[`${key}_PORT`] ??= String(Number(process.env.E2E_PORT) + offset));
  const dataDir = (process.env[`${key}_DATA_DIR`] ??= mkdtempSync(join(tmpdir(), `btp-e2e-${name}-`)));
  return {
    name,
    port,
    dataDir,
    url: `http://localhost:${port}`,
    env: {
      PORT: port,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // scrypt at production cost (~0.9 s a hash on 2 cores) for every sign-in of the suite would
      // cost minutes; the unit tests keep the production cost (functions' passwords.test.ts).
      PASSWORD_HASH_LOG_N: '12',
      // A server lives as long as the run: its table in DynamoDB Local's memory, not in files,
      // costs the JVM about a fifth less CPU per request (docs/performance.md, issue 27 fifth pass).
      DYNAMODB_IN_MEMORY: '1',
      ...extra,
    },
  };
}

/** The two servers, ports and folders taken from the environment when already chosen. */
export function e2eServers() {
  return { app: server('app', 0, {}), demo: server('demo', 1, { DEMO: '1' }) };
}
