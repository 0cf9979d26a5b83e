/**
 * Choosing one supplier price request per project (Achats screen), shared by the server (which
 * enforces it) and the SPA (which shows 'Sélectionner' or the 'Sélectionné' badge).
 *
 * - Only a received request (status `validated`, labelled 'Reçu') can be selected; selecting it
 *   unselects the other requests of the same project.
 * - `selected` changes only through the `select` action, except that a request stops being selected
 *   when an edit takes it out of `validated` or moves it to another project.
 * - A selected request cannot be deleted.
 */
import type { QuoteStatus } from './enums.js';

interface Selectable {
  status: QuoteStatus;
  selected?: boolean;
  projectId?: string | null;
}

/** Whether the `select` action applies to a request (it may already be selected: nothing changes then). */
export function canSelectSupplierQuote(request: Pick<Selectable, 'status'>): boolean {
  return request.status === 'validated';
}

/** Whether the 'Sélectionner' button shows: a received request not selected yet. */
export function offersSupplierQuoteSelection(request: Selectable): boolean {
  return canSelectSupplierQuote(request) && request.selected !== true;
}

/** Whether a request may be deleted (not while it is the selected one of its project). */
export function canDeleteSupplierQuote(request: Pick<Selectable, 'selected'>): boolean {
  return request.selected !== true;
}

/**
 * `selected` after an edit from `current` to `next`: kept only while the request stays received
 * (`validated`) and in the same project; an edit never selects a request.
 */
export function selectionAfterEdit(current: Selectable, next: Omit<Selectable, 'selected'>): boolean {
  return (
    current.selected === true &&
    next.status === 'validated' &&
    (next.projectId ?? undefined) === (current.projectId ?? undefined)
  );
}
