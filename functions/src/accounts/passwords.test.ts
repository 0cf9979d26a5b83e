import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';

describe('password hashing', () => {
  // Four scrypt runs at the production cost (N = 2^17, 128 MiB each): a few seconds on a busy 2-core runner.
  it('verifies the right password only, with the parameters stored in the hash', async () => {
    const hash = await hashPassword('Chantier#2026');
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword('Chantier#2026', hash)).toBe(true);
    expect(await verifyPassword('chantier#2026', hash)).toBe(false);
    expect(await hashPassword('Chantier#2026')).not.toBe(hash);
  }, 60_000);

  it('never matches a malformed hash', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$99$8$1$abc$def')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$17$8$1$abc$')).toBe(false);
  });
});
