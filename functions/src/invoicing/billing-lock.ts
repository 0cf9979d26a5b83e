import type { WriteOptions } from '../data/entity-repository.js';
import { billingLockItem, readBillingLock } from '../data/entities/invoices.js';
import { HttpError } from '../lib/http-errors.js';

export const billingRaceMessage =
  "Une autre facture de ce devis ou un autre avoir de cette facture vient d'être établi : rechargez puis recommencez.";

/** A billing lock that moved between its reading and the write: the write is tried again. */
class BillingLockMoved extends HttpError {
  constructor() {
    super(409, 'conflict', billingRaceMessage);
  }
}

const maxLockAttempts = 10;

/**
 * Runs `write` under the billing lock of a quote (its deposits and invoices) or of an invoice (its
 * credit notes): `write` reads what it checks after the lock was read, and hands `options` to the
 * one transaction that writes, which moves the lock. When another write moved it meanwhile,
 * everything is read and checked again (a 409 after ten tries).
 */
export async function withBillingLock<T>(
  companyId: string,
  type: 'QUOTE' | 'INVOICE',
  id: string,
  write: (options: WriteOptions) => Promise<T>,
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < maxLockAttempts; attempt += 1) {
    const lock = await readBillingLock(companyId, type, id);
    try {
      return await write({ extraItems: [billingLockItem(lock)], explainExtra: () => new BillingLockMoved() });
    } catch (error) {
      if (!(error instanceof BillingLockMoved)) throw error;
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 5 * 2 ** attempt)));
    }
  }
  throw lastError;
}
