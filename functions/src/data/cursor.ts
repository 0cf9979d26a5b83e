import { badRequest } from '../lib/http-errors.js';
import type { Key } from './keys.js';

/** An opaque list cursor: the last key read, base64url-encoded. */
export function encodeCursor(key: Record<string, unknown> | undefined): string | undefined {
  if (!key) return undefined;
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/**
 * The key a cursor stands for. A cursor that does not decode, or that points outside the
 * partition being listed (another company's), is refused with 400.
 */
export function decodeCursor(cursor: string | undefined, pk: string, skPrefix: string): Key | undefined {
  if (!cursor) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  const candidate = key as Partial<Key> | undefined;
  if (
    !candidate ||
    typeof candidate !== 'object' ||
    candidate.pk !== pk ||
    typeof candidate.sk !== 'string' ||
    !candidate.sk.startsWith(skPrefix) ||
    Object.keys(candidate).length !== 2
  ) {
    throw badRequest('Curseur de pagination invalide.', [
      { path: 'query.cursor', message: 'Curseur invalide' },
    ]);
  }
  return { pk: candidate.pk, sk: candidate.sk };
}
