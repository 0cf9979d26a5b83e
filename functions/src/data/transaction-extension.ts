/**
 * What adds its own items to every transaction (`transactions.ts`): given the items a write makes,
 * the items that must be written with them (the company aggregates their records move). The data
 * layer does not know what sits above it; the aggregates module (`aggregates/install.ts`) registers
 * itself here, from where every handler, job and script starts (`lib/http.ts`, the jobs, the local
 * stack, the tests' setup). This module imports nothing, so that registering loads nothing else (a
 * route that never writes does not load the DynamoDB client for it).
 */
import type { TransactItem } from './transact-item.js';

export type TransactionExtension = (items: readonly TransactItem[]) => Promise<TransactItem[]>;

let extension: TransactionExtension | undefined;

/** Registers the extension of every transaction (one: registering again replaces it). */
export function extendTransactions(next: TransactionExtension): void {
  extension = next;
}

/** The registered extension, if any. */
export function transactionExtension(): TransactionExtension | undefined {
  return extension;
}
