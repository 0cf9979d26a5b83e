import type { LibrarySearchItem, Ouvrage } from '@btp/shared/entities/library';
import { resourceTypes, vatRates, type ResourceType, type VatRate } from '@btp/shared/enums';
import { formatMoney, MONEY_SCALE } from '@btp/shared/money';

import { componentCents, debourseCents, type ComponentDraft } from '../../../components/sous-detail-editor';
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
 * The resource type of a line made from an ouvrage: the type that carries the largest share of its
 * components' costs (ties go to the first in the list's order), `other` without a typed component.
 * TODO(library-api): the shared rule, if the server gets one (E2-needs.md item 10).
 */
export function dominantResourceType(components: readonly ComponentDraft[]): ResourceType {
  const shares = new Map<ResourceType, number>();
  for (const component of components) {
    if (component.resourceType === undefined) continue;
    shares.set(
      component.resourceType,
      (shares.get(component.resourceType) ?? 0) + (componentCents(component) ?? 0),
    );
  }
  let best: ResourceType = 'other';
  let bestCents = -1;
  for (const type of resourceTypes) {
    const cents = shares.get(type);
    if (cents !== undefined && cents > bestCents) {
      best = type;
      bestCents = cents;
    }
  }
  return best;
}

/**
 * The line once a result of the library is taken (LIBRARY.md "From library to devis"): its
 * designation, unit and cost (an article's cost, an ouvrage's déboursé), its type and default VAT
 * rate; the quantity typed stays. An ouvrage's components come with `withComponents` once read.
 */
export function lineFromPick(line: LineDraft, item: LibrarySearchItem): LineDraft {
  return {
    ...line,
    description: item.designation,
    unit: item.unit,
    unitPrice: priceText(item.unitCost),
    resourceType: item.kind === 'article' ? (item.resourceType ?? line.resourceType) : line.resourceType,
    vatRate: isVatRate(item.vatRate) ? item.vatRate : line.vatRate,
    supplierId: item.kind === 'article' ? item.supplier?.id : undefined,
    articleId: item.kind === 'article' ? item.id : undefined,
    ouvrageId: item.kind === 'ouvrage' ? item.id : undefined,
    components: undefined,
  };
}

/** The line with an ouvrage's components as its snapshot, its cost their déboursé, its type theirs. */
export function withOuvrageComponents(line: LineDraft, ouvrage: Pick<Ouvrage, 'components'>): LineDraft {
  const components = componentDrafts(ouvrage);
  return withComponents({ ...line, resourceType: dominantResourceType(components) }, components);
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
