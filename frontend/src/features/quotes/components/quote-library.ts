import type { LibrarySearchItem, Ouvrage } from '@btp/shared/entities/library';
import { vatRates, type VatRate } from '@btp/shared/enums';
import { formatMoney, MONEY_SCALE } from '@btp/shared/money';

import { debourseCents, type ComponentDraft } from '../../../components/sous-detail-editor';
import { decimalForInput } from '../../../lib/format';
import { componentDrafts } from '../../library/components/ouvrage-dialog';
import type { LineDraft } from './quote-lines';

/** A cost of the API ("50.83") as the line's unit price field shows it ("50,83"). */
function priceText(cost: string): string {
  return decimalForInput(cost, MONEY_SCALE);
}

function isVatRate(value: string | undefined): value is VatRate {
  return (vatRates as readonly string[]).includes(value ?? '');
}

/**
 * The line once a result of the library is taken (LIBRARY.md "From library to devis"): its
 * designation, unit and cost (an article's cost, an ouvrage's déboursé), its type (an ouvrage's:
 * the type of its largest cost, which the search answers too, so the line is complete while its
 * components are read) and default VAT rate; the quantity typed stays. An ouvrage's components come
 * with `withOuvrageComponents` once read.
 */
export function lineFromPick(line: LineDraft, item: LibrarySearchItem): LineDraft {
  return {
    ...line,
    description: item.designation,
    unit: item.unit,
    unitPrice: priceText(item.unitCost),
    resourceType: item.resourceType ?? line.resourceType,
    vatRate: isVatRate(item.vatRate) ? item.vatRate : line.vatRate,
    supplierId: item.kind === 'article' ? item.supplier?.id : undefined,
    articleId: item.kind === 'article' ? item.id : undefined,
    ouvrageId: item.kind === 'ouvrage' ? item.id : undefined,
    components: undefined,
  };
}

/**
 * The line with an ouvrage's components as its snapshot, its cost their déboursé, its type the
 * ouvrage's (the type of its largest cost, `dominantResourceType`, the server's rule).
 */
export function withOuvrageComponents(
  line: LineDraft,
  ouvrage: Pick<Ouvrage, 'components' | 'resourceType'>,
): LineDraft {
  return withComponents({ ...line, resourceType: ouvrage.resourceType }, componentDrafts(ouvrage));
}

/**
 * The line with `components` as its sous-détail: its unit price is their déboursé (the shared rule),
 * left empty while a component's figures cannot be read; without components, a line priced by hand.
 */
export function withComponents(line: LineDraft, components: ComponentDraft[]): LineDraft {
  if (components.length === 0) return { ...line, components: undefined };
  const cents = debourseCents(components);
  return { ...line, components, unitPrice: cents === null ? '' : priceText(formatMoney(cents)) };
}
