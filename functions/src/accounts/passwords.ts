import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { config } from '../lib/config.js';

/** scrypt parameters (DESIGN section 3); stored with each hash so they can be raised later. */
export const scryptParameters = { logN: 17, r: 8, p: 1, keyLength: 64, saltLength: 16 } as const;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number, keyLength: number) {
  const N = 2 ** logN;
  // scrypt needs 128 × N × r bytes; leave room above it.
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * `scrypt$<logN>$<r>$<p>$<salt base64url>$<key base64url>`. The cost is production's unless the local
 * stack's test suites lower it (`PASSWORD_HASH_LOG_N`, see config.ts).
 */
export async function hashPassword(password: string): Promise<string> {
  const { r, p, keyLength, saltLength } = scryptParameters;
  const logN = config().PASSWORD_HASH_LOG_N ?? scryptParameters.logN;
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, logN, r, p, keyLength);
  return ['scrypt', logN, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` matches `stored`, compared in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every((value) => Number.isInteger(value) && value > 0) || logN > 20) return false;
  const salt = Buffer.from(parts[4] as string, 'base64url');
  const expected = Buffer.from(parts[5] as string, 'base64url');
  if (expected.length === 0) return false;
  const actual = await derive(password, salt, logN, r, p, expected.length);
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification when there is no user to check, so that an unknown
 * identifier and a wrong password take as long as each other.
 */
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('mot-de-passe-factice');
  await verifyPassword(password, await dummyHash);
  return false;
}
