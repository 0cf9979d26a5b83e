/**
 * The déboursé rule of the price library (LIBRARY.md), shared by the server (which answers the
 * ouvrages' costs and refreshes a quote's prices) and the SPA (which shows the cost while an
 * ouvrage or a line's components are edited), so both agree to the cent.
 *
 * - a component's cost = round(quantity × (1 + loss %) × unit cost, 2), halves away from zero;
 * - an ouvrage's déboursé sec unitaire = Σ of its components' costs (each rounded first);
 * - a sub-ouvrage's unit cost is its own déboursé.
 *
 * Worked example: 10 u × 1.05 × 1.48 = 15.54; 0.015 m³ × 1.10 × 142.60 = 2.35; 0.850 h × 38.75 =
 * 32.94; déboursé 50.83 per m².
 */
import type { ResourceType } from './enums.js';
import {
  divideRounded,
  formatMoney,
  lineTotal,
  parseMoney,
  parsePercent,
  parseQuantity,
  sumCents,
  type DecimalInput,
} from './money.js';
import { splitInProportion } from './vat.js';

/**
 * The cost of one component per unit of its ouvrage, in cents: round(quantity × (1 + loss %) ×
 * unit cost), exact on integers.
 * @param quantityThousandths quantity per unit of the ouvrage (0.350 → 350)
 * @param lossHundredths loss rate in hundredths of a percent (5 % → 500)
 * @param unitCostCents the component's unit cost in cents
 */
export function componentCostCents(
  quantityThousandths: number,
  lossHundredths: number,
  unitCostCents: number,
): number {
  for (const value of [quantityThousandths, lossHundredths, unitCostCents]) {
    if (!Number.isSafeInteger(value)) throw new RangeError(`not a safe integer: ${value}`);
  }
  // q/1000 × (10000 + loss)/10000 × cost
  const exact = divideRounded(
    BigInt(quantityThousandths) * BigInt(10_000 + lossHundredths) * BigInt(unitCostCents),
    10_000_000n,
  );
  if (exact > BigInt(Number.MAX_SAFE_INTEGER) || exact < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError('component cost beyond the safe integer range');
  }
  return Number(exact);
}

/** A component as the rule reads it: decimal strings (or numbers) as the API carries them. */
export interface CostedComponentInput {
  quantity: DecimalInput;
  lossRate?: DecimalInput | null | undefined;
  unitCost: DecimalInput;
}

/** A component's cost as a decimal string ("15.54"). */
export function componentCost(component: CostedComponentInput): string {
  return formatMoney(
    componentCostCents(
      parseQuantity(component.quantity),
      parsePercent(component.lossRate ?? '0'),
      parseMoney(component.unitCost),
    ),
  );
}

/** Déboursé sec unitaire in cents: Σ of the components' costs, each rounded to the cent first. */
export function deboursePerUnitCents(components: readonly CostedComponentInput[]): number {
  return sumCents(
    components.map((component) =>
      componentCostCents(
        parseQuantity(component.quantity),
        parsePercent(component.lossRate ?? '0'),
        parseMoney(component.unitCost),
      ),
    ),
  );
}

/** Déboursé sec unitaire as a decimal string ("50.83"). */
export function deboursePerUnit(components: readonly CostedComponentInput[]): string {
  return formatMoney(deboursePerUnitCents(components));
}

/**
 * The resource type of a line (or a sub-ouvrage) made from an ouvrage: the type of its components
 * with the largest cost, added up per type; ties, no cost or no typed component: `other`.
 * @param parts each component's type (absent: counted as `other`) and cost in cents
 */
export function dominantResourceType(
  parts: readonly { resourceType?: ResourceType | undefined; costCents: number }[],
): ResourceType {
  const byType = new Map<ResourceType, number>();
  for (const part of parts) {
    const type = part.resourceType ?? 'other';
    byType.set(type, (byType.get(type) ?? 0) + Math.max(0, part.costCents));
  }
  let best: ResourceType = 'other';
  let bestCost = 0;
  let tie = false;
  for (const [type, cost] of byType) {
    if (cost > bestCost) {
      best = type;
      bestCost = cost;
      tie = false;
    } else if (cost === bestCost && cost > 0) tie = true;
  }
  return tie || bestCost === 0 ? 'other' : best;
}

// ---------------------------------------------------------------------------------------------
// « Actualiser les prix »

/** A quote line as the refresh reads it (its snapshot and what it was built from). */
export interface RefreshableLine {
  articleId?: string | undefined;
  ouvrageId?: string | undefined;
  unitPrice: string;
  components?:
    | readonly {
        articleId?: string | undefined;
        ouvrageId?: string | undefined;
        quantity: string;
        lossRate?: string | undefined;
        unitCost: string;
      }[]
    | undefined;
}

/** What happened to a line or a component in a refresh. */
export type RefreshOutcome = 'unchanged' | 'updated' | 'missing' | 'manual';

/**
 * A line's new cost from the library's current costs (`currentCost(kind, id)`: an article's cost or
 * an ouvrage's déboursé, `undefined` when it is no longer in the library):
 * - a line with a components snapshot: each component naming an article or an ouvrage takes its
 *   current unit cost (one missing keeps its snapshot's), and the line's cost is the snapshot's
 *   new déboursé;
 * - a line built from an article (or an ouvrage) without snapshot: its current cost;
 * - a line typed by hand: unchanged (`manual`).
 */
export function refreshedLine<L extends RefreshableLine>(
  line: L,
  currentCost: (kind: 'article' | 'ouvrage', id: string) => string | undefined,
): { line: L; outcome: RefreshOutcome; missing: number } {
  const components = line.components ?? [];
  if (components.length > 0) {
    let missing = 0;
    const next = components.map((component) => {
      const kind = component.ouvrageId ? 'ouvrage' : component.articleId ? 'article' : undefined;
      const id = component.ouvrageId ?? component.articleId;
      if (!kind || !id) return component;
      const cost = currentCost(kind, id);
      if (cost === undefined) {
        missing += 1;
        return component;
      }
      return parseMoney(cost) === parseMoney(component.unitCost)
        ? component
        : { ...component, unitCost: cost };
    });
    const unitPrice = deboursePerUnit(next);
    const changed =
      unitPrice !== line.unitPrice || next.some((component, index) => component !== components[index]);
    return {
      line: { ...line, components: next, unitPrice },
      outcome: missing > 0 && !changed ? 'missing' : changed ? 'updated' : 'unchanged',
      missing,
    };
  }
  const kind = line.ouvrageId ? 'ouvrage' : line.articleId ? 'article' : undefined;
  const id = line.ouvrageId ?? line.articleId;
  if (!kind || !id) return { line, outcome: 'manual', missing: 0 };
  const cost = currentCost(kind, id);
  if (cost === undefined) return { line, outcome: 'missing', missing: 1 };
  if (parseMoney(cost) === parseMoney(line.unitPrice)) return { line, outcome: 'unchanged', missing: 0 };
  return { line: { ...line, unitPrice: cost }, outcome: 'updated', missing: 0 };
}

// ---------------------------------------------------------------------------------------------
// Analysis of a quote (déboursé per resource type, labour hours, K and margin)

/** A quote line as the analysis reads it. */
export interface AnalysedLine {
  resourceType: ResourceType;
  unit?: string | undefined;
  quantity: DecimalInput;
  unitPrice: DecimalInput;
  components?:
    | readonly {
        resourceType?: ResourceType | undefined;
        unit?: string | undefined;
        quantity: DecimalInput;
        lossRate?: DecimalInput | undefined;
        unitCost: DecimalInput;
      }[]
    | undefined;
}

/** Where a quote's déboursé goes. */
export interface QuoteAnalysis {
  /** Déboursé sec per resource type, in cents; sums to the quote's subtotal exactly. */
  byResourceType: Partial<Record<ResourceType | 'ouvrage', number>>;
  /** Hours of labour (components or lines of type `labor` in hours), in thousandths. */
  laborHoursThousandths: number;
  /** Σ of the lines' costs (the quote's `subtotalAmount`), in cents. */
  subtotalCents: number;
}

const isHours = (unit: string | undefined) => /^(h|heures?|hr?s?)$/i.test((unit ?? '').trim());

/**
 * The déboursé of a quote per resource type and its labour hours. A line's cost (quantity ×
 * unitPrice, rounded) goes to its components' types in proportion to their costs (a sub-ouvrage's
 * share under `ouvrage`), so the parts add up to the subtotal to the cent; a line without
 * components goes to its own type.
 */
export function quoteAnalysis(lines: readonly AnalysedLine[]): QuoteAnalysis {
  const byResourceType: Partial<Record<ResourceType | 'ouvrage', number>> = {};
  const add = (type: ResourceType | 'ouvrage', cents: number) => {
    byResourceType[type] = sumCents([byResourceType[type] ?? 0, cents]);
  };
  let hours = 0;
  let subtotal = 0;
  for (const line of lines) {
    const quantity = parseQuantity(line.quantity);
    const lineCost = lineTotal(quantity, parseMoney(line.unitPrice));
    subtotal = sumCents([subtotal, lineCost]);
    const components = line.components ?? [];
    if (components.length === 0) {
      add(line.resourceType, lineCost);
      if (line.resourceType === 'labor' && isHours(line.unit)) hours += quantity;
      continue;
    }
    const costs = components.map((component) =>
      componentCostCents(
        parseQuantity(component.quantity),
        parsePercent(component.lossRate ?? '0'),
        parseMoney(component.unitCost),
      ),
    );
    const parts = splitInProportion(
      lineCost,
      costs.map((cost) => Math.max(0, cost)),
    );
    components.forEach((component, index) => {
      add(component.resourceType ?? 'ouvrage', parts[index] ?? 0);
      if (component.resourceType === 'labor' && isHours(component.unit)) {
        // hours per unit × (1 + loss) × line quantity, in thousandths
        const perUnit = divideRounded(
          BigInt(parseQuantity(component.quantity)) *
            BigInt(10_000 + parsePercent(component.lossRate ?? '0')),
          10_000n,
        );
        hours += Number(divideRounded(perUnit * BigInt(quantity), 1_000n));
      }
    });
  }
  return { byResourceType, laborHoursThousandths: hours, subtotalCents: subtotal };
}
