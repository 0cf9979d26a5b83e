/**
 * The client's online "Bon pour accord" link (docs/online-acceptance.md): `/devis/<token>`, where the
 * token is 32 random bytes in base64url (256 bits). Only its SHA-256 is stored, in a record of its
 * own (`ACCEPT#<hash>` / `ACCEPT`) so that the public routes find it without knowing the company;
 * the quote's partition holds a pointer to its live token (`QUOTE_ACCEPT_LINK#<quoteId>`), so that a
 * new link replaces the earlier unused one: one live token per quote.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Quote } from '@btp/shared/entities/quote';
import { franceOffsetMinutes } from '@btp/shared/invoice-status';
import { recordKey, type Key } from '../data/keys.js';
import { transactWrite, type TransactItem } from '../data/transactions.js';
import { db, tableName } from '../lib/dynamo.js';

/** Bytes of randomness in a token (256 bits, above the issue's 128). */
export const tokenBytes = 32;

/** Days a link lives when the quote has no validity date (DEFAULT_QUOTE_VALIDITY_DAYS of its PDF). */
export const defaultLinkDays = 30;

/** Days an expired or used token record is kept (then removed by the table's TTL). */
const keptDaysAfterExpiry = 180;

/** What is stored for one token (never the token itself). */
export interface AcceptanceTokenRecord {
  tokenHash: string;
  companyId: string;
  quoteId: string;
  /** ISO instant: the end of the quote's validity day in Europe/Paris. */
  validUntilAt: string;
  createdAt: string;
  /** ISO instant, once the quote was accepted through this token. */
  usedAt?: string;
}

/** A new random token: 32 bytes, base64url (43 characters). */
export function newAcceptanceToken(): string {
  return randomBytes(tokenBytes).toString('base64url');
}

/** The SHA-256 of a token, hex: what the table stores and looks up. */
export function hashAcceptanceToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether a string has the shape of a token (so that garbage is answered 404 without a read). */
export function isTokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

export const tokenKey = (tokenHash: string): Key => ({ pk: `ACCEPT#${tokenHash}`, sk: 'ACCEPT' });
export const quoteLinkKey = (companyId: string, quoteId: string): Key =>
  recordKey(companyId, 'QUOTE_ACCEPT_LINK', quoteId);

/**
 * The last instant of the calendar day `date` ("2026-03-29") in Europe/Paris, as an ISO instant:
 * the link stays valid all that day, French time, and not a millisecond longer.
 */
export function endOfParisDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // Midnight starting the next day, Paris time: guess with the offset at that UTC midnight, then
  // correct with the offset at the guessed instant (DST changes happen at night, never at midnight).
  const nextMidnightUtc = Date.UTC(year, month - 1, day + 1);
  let guess = nextMidnightUtc - franceOffsetMinutes(new Date(nextMidnightUtc)) * 60_000;
  guess = nextMidnightUtc - franceOffsetMinutes(new Date(guess)) * 60_000;
  return new Date(guess - 1).toISOString();
}

/** The calendar day in Europe/Paris of an instant ("2026-03-29"). */
function parisDate(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(instant);
}

/**
 * When a link for `quote` expires: the end of its validity day (`validUntil`), or, without one,
 * of the 30th day after it was sent (or after `now`), as its PDF says ("Valable 30 jours à
 * compter de sa date").
 */
export function acceptanceExpiry(quote: Pick<Quote, 'validUntil' | 'sentAt'>, now = new Date()): string {
  if (quote.validUntil) return endOfParisDay(quote.validUntil);
  const from = quote.sentAt ? new Date(quote.sentAt) : now;
  return endOfParisDay(parisDate(new Date(from.getTime() + defaultLinkDays * 86_400_000)));
}

/** The stored record of a token, or `undefined` for an unknown one. */
export async function findAcceptanceToken(token: string): Promise<AcceptanceTokenRecord | undefined> {
  if (!isTokenShaped(token)) return undefined;
  const result = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: tokenKey(hashAcceptanceToken(token)),
      ConsistentRead: true,
    }),
  );
  if (!result.Item) return undefined;
  const { pk: _pk, sk: _sk, expiresAt: _ttl, ...record } = result.Item;
  return record as AcceptanceTokenRecord;
}

/**
 * Makes a new acceptance token for the quote (random ≥128 bits, stored hashed, valid until the
 * quote's validUntil, replacing any earlier unused one) and answers its path `/devis/<token>`.
 */
export async function issueAcceptanceLink(companyId: string, quote: Quote): Promise<string> {
  const token = newAcceptanceToken();
  const tokenHash = hashAcceptanceToken(token);
  const now = new Date();
  const validUntilAt = acceptanceExpiry(quote, now);
  const record: AcceptanceTokenRecord = {
    tokenHash,
    companyId,
    quoteId: quote.id,
    validUntilAt,
    createdAt: now.toISOString(),
  };
  const expiresAt = Math.floor(Date.parse(validUntilAt) / 1000) + keptDaysAfterExpiry * 86_400;
  const pointer = await db().send(
    new GetCommand({ TableName: tableName(), Key: quoteLinkKey(companyId, quote.id), ConsistentRead: true }),
  );
  const previousHash = pointer.Item?.tokenHash as string | undefined;
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: { ...tokenKey(tokenHash), ...record, expiresAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...quoteLinkKey(companyId, quote.id), companyId, quoteId: quote.id, tokenHash, expiresAt },
      },
    },
  ];
  await transactWrite(items);
  if (previousHash && previousHash !== tokenHash) {
    // The earlier link dies unless it was used (a used one stays, so that its page says "déjà accepté").
    await db()
      .send(
        new DeleteCommand({
          TableName: tableName(),
          Key: tokenKey(previousHash),
          ConditionExpression: 'attribute_not_exists(usedAt)',
        }),
      )
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) throw error;
      });
  }
  return `/devis/${token}`;
}
