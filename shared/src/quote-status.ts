/**
 * The life of a customer quote (devis), shared by the server (which enforces it) and the SPA (which
 * offers only the allowed actions and statuses).
 *
 * - A draft is the only editable quote: its fields and lines change freely, it can be deleted.
 * - draft → sent only through the `send` action (it sets `sentAt`); a sent quote never becomes a
 *   draft again: the customer holds that version.
 * - sent → rejected or expired by an edit of the status (the customer's refusal, or the validity
 *   date passed); sent → validated only by the customer's « Bon pour accord » (`POST
 *   /api/quotes/{id}/accept` or the online acceptance), which records who signed and when: a quote
 *   is never validated without its signer. Those three are final.
 */
import type { QuoteStatus } from './enums.js';

/**
 * The statuses an edit (`PUT /api/quotes/{id}`) may move a quote to, by current status: never
 * `validated`, which only the « Bon pour accord » sets.
 */
export const quoteStatusChanges: Readonly<Record<QuoteStatus, readonly QuoteStatus[]>> = {
  draft: [],
  sent: ['rejected', 'expired'],
  validated: [],
  rejected: [],
  expired: [],
};

/** Whether a quote's fields and lines may still change (drafts only). */
export function isQuoteEditable(status: QuoteStatus): boolean {
  return status === 'draft';
}

/** Whether the `send` action applies (drafts only). */
export function canSendQuote(status: QuoteStatus): boolean {
  return status === 'draft';
}

/** Whether a quote may be deleted (drafts only: a sent quote is a document the customer holds). */
export function canDeleteQuote(status: QuoteStatus): boolean {
  return status === 'draft';
}

/** Whether an edit may change the status `from` → `to` (keeping it is always allowed). */
export function canChangeQuoteStatus(from: QuoteStatus, to: QuoteStatus): boolean {
  return from === to || quoteStatusChanges[from].includes(to);
}

/** The statuses an edit form offers for a quote: its own, then those it may move to. */
export function quoteStatusChoices(status: QuoteStatus): QuoteStatus[] {
  return [status, ...quoteStatusChanges[status]];
}
