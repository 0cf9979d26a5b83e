import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadLocalSecrets } from '../src/secrets.js';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'btp-secrets-'));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadLocalSecrets', () => {
  it('makes the secrets once (mode 600) and reads the same ones at the next start', () => {
    const dir = dataDir();
    const first = loadLocalSecrets(dir);
    expect(first.setupToken.length).toBeGreaterThanOrEqual(8);
    expect(first.sessionKey.length).toBeGreaterThanOrEqual(32);
    expect(first.paKey.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(loadLocalSecrets(dir)).toEqual(first);
  });

  it('adds the local platform’s key to a file written before it, keeping its sessions and setup token', () => {
    const dir = dataDir();
    const older = { setupToken: 'jeton-ancien', sessionKey: 'k'.repeat(43) };
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify(older), { mode: 0o600 });
    const secrets = loadLocalSecrets(dir);
    expect(secrets).toMatchObject(older);
    expect(secrets.paKey.length).toBeGreaterThanOrEqual(32);
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'))).toEqual(secrets);
  });
});
