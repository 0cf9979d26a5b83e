import type { TransactItem } from './transact-item.js';

/**
 * What a transaction item does to a business record whose figures the company aggregates count
 * (`functions/src/aggregates/`): the record as it was (`before`, absent for a creation) and as it
 * will be (`after`, absent for a deletion). The repository and the few hand-made deletes attach it
 * to the item they build; the aggregates module (installed as the transactions' extension,
 * `transactions.ts`) reads it back to add the aggregate updates to the same transaction, so a figure
 * never moves without its record, nor the reverse.
 */
export interface FigureImage {
  /** Sort-key prefix of the record, e.g. `INVOICE`. */
  type: string;
  companyId: string;
  before?: object;
  after?: object;
}

const images = new WeakMap<TransactItem, FigureImage>();

/** Attaches `image` to `item` and returns the item. */
export function withFigureImage<T extends TransactItem>(item: T, image: FigureImage): T {
  images.set(item, image);
  return item;
}

/** The image attached to `item`, if any. */
export function figureImageOf(item: TransactItem): FigureImage | undefined {
  return images.get(item);
}
