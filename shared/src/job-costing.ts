/**
 * Job costing (rentabilité de chantier, docs/profitability.md): what each record brings to its
 * chantier's figures, and the figures of the Rentabilité tab from them. Shared by the server (the
 * per-project aggregates are the sums of the `…Figures` functions over the records, maintained in
 * each write's transaction; `GET /api/projects/{id}/profitability` applies `profitability` to them)
 * and the SPA. Money in integer cents, hours in hundredths (7.75 h → 775), percentages in
 * hundredths (10 % → 1000); no floating point.
 *
 * - **budget**: the déboursé sec of the chantier's signed devis (status `validated`) and of its
 *   amendments (every other signed devis of the same chantier), per resource type from the lines'
 *   components snapshots (`quoteAnalysis`: a line's cost split across its components' types in
 *   proportion to their costs; a sub-ouvrage's share, whose snapshot has no type, under `other`; a
 *   line without components under its own type), and the hours of labour they plan;
 * - **committed**: what the selected supplier quote of the chantier (one per chantier) still
 *   commits once the supplier invoices that cite it are deducted (never below 0);
 * - **actual**: the supplier invoices' lines HT of the chantier by resource type (a line's own
 *   chantier, else its invoice's; credit notes deducted; every status but `cancelled`), plus the
 *   hours entered (pointage) × the worker's loaded hourly cost, under labour;
 * - **billed**: HT of the chantier's issued invoices, deposits and situations, less its issued
 *   credit notes;
 * - **forecast** at completion, per resource type: actual + the budget still to spend pro rata of
 *   the chantier's progress, budget × (100 − progress) %; or, for its total, the manager's own
 *   estimate when one is given;
 * - **margin** = expected revenue − forecast total, expected revenue being the signed devis' HT, or
 *   what is billed when that is more (works billed beyond the devis); `marginPercent` = margin ÷
 *   expected revenue;
 * - **alerts** when actual passes budget by more than the company's threshold (per resource type,
 *   labour hours and total; a type spent without any budget while the chantier has one), when the
 *   forecast passes the budget likewise, and when the expected margin is negative.
 */
import { resourceTypeLabels, resourceTypes, type ResourceType } from './enums.js';
import { quoteAnalysis, type AnalysedLine } from './library-costs.js';
import {
  divideRounded,
  formatDecimal,
  formatEuro,
  formatMoney,
  sumCents,
  tryParseDecimal,
  type DecimalInput,
} from './money.js';
import { splitInProportion } from './vat.js';

/** Amounts per resource type, in cents (every type present, 0 when none). */
export type ByResourceType = Record<ResourceType, number>;

export function emptyByResourceType(): ByResourceType {
  return Object.fromEntries(resourceTypes.map((type) => [type, 0])) as ByResourceType;
}

/** Σ of amounts per resource type. */
export function totalOf(byType: ByResourceType): number {
  return sumCents(resourceTypes.map((type) => byType[type]));
}

/** The company's default alert threshold: 10 % over budget. */
export const DEFAULT_COST_ALERT_THRESHOLD = '10.00';

/** Money as text or number → cents; blank or unreadable → 0 (stored figures are the server's own). */
function cents(value: DecimalInput | null | undefined): number {
  if (value === undefined || value === null || value === '') return 0;
  const parsed = tryParseDecimal(value, 2);
  return parsed.ok ? parsed.units : 0;
}

/** Hours as text ("7.75") → hundredths; blank or unreadable → 0. */
export function hoursHundredthsOf(value: DecimalInput | null | undefined): number {
  return cents(value);
}

/** Hundredths of an hour → "7.75". */
export function formatHours(hundredths: number): string {
  return formatDecimal(hundredths, 2);
}

// ---------------------------------------------------------------------------------------------
// What each record brings

/** What a devis brings to its chantier's budget (nothing unless it is signed). */
export interface QuoteBudgetFigures {
  /** Selling price HT (`totalAmount`). */
  saleCents: number;
  /** Déboursé sec per resource type; sums to the quote's subtotal. */
  costByType: ByResourceType;
  laborHoursHundredths: number;
}

/** A devis as the budget reads it. */
export interface BudgetQuote {
  status: string;
  projectId?: string | null;
  totalAmount?: DecimalInput | null;
  items?: readonly AnalysedLine[] | null;
}

/** Whether a devis counts in its chantier's budget: signed (`validated`) and on a chantier. */
export function isBudgetQuote(quote: BudgetQuote): boolean {
  return quote.status === 'validated' && typeof quote.projectId === 'string' && quote.projectId !== '';
}

/** The budget a devis brings, whatever its status (the caller checks `isBudgetQuote`). */
export function quoteBudgetFigures(quote: BudgetQuote): QuoteBudgetFigures {
  const analysis = quoteAnalysis(quote.items ?? []);
  const costByType = emptyByResourceType();
  for (const [type, amount] of Object.entries(analysis.byResourceType)) {
    const key: ResourceType = type === 'ouvrage' ? 'other' : (type as ResourceType);
    costByType[key] = sumCents([costByType[key], amount ?? 0]);
  }
  return {
    saleCents: cents(quote.totalAmount),
    costByType,
    laborHoursHundredths: Number(divideRounded(BigInt(analysis.laborHoursThousandths), 10n)),
  };
}

/** A customer invoice or credit note as `billed` reads it. */
export interface BilledInvoice {
  kind?: string | null;
  status: string;
  projectId?: string | null;
  /** HT. */
  totalAmount?: DecimalInput | null;
}

/**
 * What an invoice adds to its chantier's billed HT, in cents: an issued invoice, deposit or
 * situation its HT (a cancelled one too: its credit notes take it back), an issued credit note
 * minus its HT, a draft nothing.
 */
export function billedCents(invoice: BilledInvoice): number {
  if (invoice.status === 'draft') return 0;
  const amount = cents(invoice.totalAmount);
  return invoice.kind === 'credit_note' ? 0 - amount : amount;
}

/** The loaded cost of hours, in cents: round(hours × hourly cost), halves away from zero. */
export function laborCostCents(hoursHundredths: number, hourlyCostCents: number): number {
  return Number(divideRounded(BigInt(hoursHundredths) * BigInt(hourlyCostCents), 100n));
}

/** A supplier invoice line as the actual costs read it. */
export interface PurchaseLine {
  /** HT. */
  total: DecimalInput;
  resourceType?: ResourceType | null;
  projectId?: string | null;
}

/** A supplier invoice or credit note as the actual costs read it. */
export interface PurchaseRecord {
  kind?: string | null;
  status: string;
  projectId?: string | null;
  lines?: readonly PurchaseLine[] | null;
  /** HT (lines and document allowances or charges), absent when the VAT is not detailed. */
  netAmount?: DecimalInput | null;
  /** TTC. */
  totalAmount?: DecimalInput | null;
  /** An imported invoice in another currency: left out (its amounts are not euros). */
  currency?: string | null;
  /**
   * A credit note that names no chantier (neither itself nor its lines): the costs of the invoice
   * it credits (`creditedCostsOf`), over which its HT is spread.
   */
  creditedCosts?: readonly CreditedCost[] | null;
}

/** One share of a credited invoice's costs, as a credit note keeps it: HT, a decimal string. */
export interface CreditedCost {
  projectId: string;
  resourceType: ResourceType;
  amount: string;
}

/** One share of a purchase: its chantier, its resource type and its amount HT (cents, signed). */
export interface PurchaseShare {
  projectId: string;
  resourceType: ResourceType;
  cents: number;
}

/**
 * What a supplier invoice adds to the actual costs of chantiers: each line's HT to its own
 * chantier (else the invoice's) under its resource type (`other` when none); document allowances
 * and charges (the HT beyond the lines' sum) shared across the lines in proportion to them; a
 * record without lines counts its HT (its TTC when the VAT is not detailed) under `other` for its
 * chantier. Credit notes count negative; one that names no chantier spreads its HT over the costs
 * of the invoice it credits (`creditedCosts`), in proportion to them, with their chantiers and
 * types. `cancelled` records and those in another currency count nothing; shares without a
 * chantier are left out. Shares of the same chantier and type are merged.
 */
export function purchaseShares(record: PurchaseRecord): PurchaseShare[] {
  if (record.status === 'cancelled') return [];
  if (record.currency && record.currency.toUpperCase() !== 'EUR') return [];
  const sign = record.kind === 'credit_note' ? -1 : 1;
  const lines = record.lines ?? [];
  let raw: PurchaseShare[] = [];
  let net: number;
  if (lines.length === 0) {
    net = cents(record.netAmount ?? record.totalAmount);
    if (record.projectId) raw.push({ projectId: record.projectId, resourceType: 'other', cents: net });
  } else {
    const totals = lines.map((line) => cents(line.total));
    const linesSum = sumCents(totals);
    net = record.netAmount === undefined || record.netAmount === null ? linesSum : cents(record.netAmount);
    const adjustments = splitInProportion(
      net - linesSum,
      totals.map((total) => Math.max(0, total)),
    );
    lines.forEach((line, index) => {
      const projectId = line.projectId ?? record.projectId;
      if (!projectId) return;
      raw.push({
        projectId,
        resourceType: line.resourceType ?? 'other',
        cents: sumCents([totals[index] ?? 0, adjustments[index] ?? 0]),
      });
    });
  }
  const credited = record.creditedCosts ?? [];
  if (record.kind === 'credit_note' && credited.length > 0 && !namesChantier(record)) {
    const parts = splitInProportion(
      net,
      credited.map((cost) => Math.max(0, cents(cost.amount))),
    );
    raw = credited.map((cost, index) => ({
      projectId: cost.projectId,
      resourceType: cost.resourceType,
      cents: parts[index] ?? 0,
    }));
  }
  const merged = new Map<string, PurchaseShare>();
  for (const share of raw) {
    const key = `${share.projectId}|${share.resourceType}`;
    const found = merged.get(key);
    if (found) found.cents = sumCents([found.cents, share.cents]);
    else merged.set(key, { ...share });
  }
  return [...merged.values()]
    .map((share) => ({ ...share, cents: sign * share.cents }))
    .filter((share) => share.cents !== 0);
}

/** Whether a purchase names a chantier, itself or on one of its lines. */
export function namesChantier(record: PurchaseRecord): boolean {
  return !!record.projectId || (record.lines ?? []).some((line) => !!line.projectId);
}

/**
 * What a credit note naming no chantier keeps of the invoice it credits: that invoice's costs by
 * chantier and resource type (`purchaseShares`, HT), positive; `[]` when it names no chantier.
 */
export function creditedCostsOf(invoice: PurchaseRecord): CreditedCost[] {
  return purchaseShares({ ...invoice, kind: 'invoice' }).map((share) => ({
    projectId: share.projectId,
    resourceType: share.resourceType,
    amount: formatMoney(share.cents),
  }));
}

/**
 * What a supplier invoice takes of the price request it cites (`supplierQuoteId`), HT in cents:
 * its HT (its TTC when the VAT is not detailed), negative for a credit note, nothing when
 * cancelled or in another currency.
 */
export function purchaseNetCents(record: PurchaseRecord): number {
  if (record.status === 'cancelled') return 0;
  if (record.currency && record.currency.toUpperCase() !== 'EUR') return 0;
  const lines = record.lines ?? [];
  const net =
    record.netAmount !== undefined && record.netAmount !== null && record.netAmount !== ''
      ? cents(record.netAmount)
      : lines.length > 0
        ? sumCents(lines.map((line) => cents(line.total)))
        : cents(record.totalAmount);
  return record.kind === 'credit_note' ? 0 - net : net;
}

// ---------------------------------------------------------------------------------------------
// The figures of a chantier

/** The sums a chantier's aggregate holds (every record's figures added up). */
export interface ProjectCostFigures {
  /** Σ selling price HT of the signed devis. */
  saleCents: number;
  budgetByType: ByResourceType;
  budgetHoursHundredths: number;
  /** Supplier invoices' HT per type (credit notes deducted). */
  purchasesByType: ByResourceType;
  /** Hours entered and their loaded cost. */
  laborHoursHundredths: number;
  laborCents: number;
  /** Billed HT, and per kind of invoice. */
  billedCents: number;
  billedByKind: { standard: number; deposit: number; progress: number; credit_note: number };
}

export function emptyProjectCostFigures(): ProjectCostFigures {
  return {
    saleCents: 0,
    budgetByType: emptyByResourceType(),
    budgetHoursHundredths: 0,
    purchasesByType: emptyByResourceType(),
    laborHoursHundredths: 0,
    laborCents: 0,
    billedCents: 0,
    billedByKind: { standard: 0, deposit: 0, progress: 0, credit_note: 0 },
  };
}

/** A supplier quote that commits money on the chantier: what it quotes and what was invoiced of it (HT). */
export interface Commitment {
  resourceType: ResourceType;
  quotedCents: number;
  invoicedCents: number;
}

/** What the figures need besides the aggregate. */
export interface ProfitabilityContext {
  /** The chantier's progress, whole percent 0–100. */
  progressPercent: number;
  /** The company's threshold, hundredths of a percent (10 % → 1000). */
  thresholdHundredths: number;
  /** The manager's own estimate of the cost at completion, in cents, if any. */
  managerEstimateCents?: number | undefined;
  commitments?: readonly Commitment[];
}

export type AlertKind = 'resource' | 'unbudgeted' | 'hours' | 'total' | 'forecast' | 'negative_margin';

export interface ProfitabilityAlert {
  kind: AlertKind;
  resourceType?: ResourceType;
  /** Budget and actual (hours: in hundredths of an hour; otherwise cents). */
  budget: number;
  actual: number;
  /** How far actual is past budget, hundredths of a percent; absent without budget. */
  overrunHundredths?: number;
  message: string;
}

export interface CostBlock {
  byResourceType: ByResourceType;
  total: number;
}

/** The tab's figures, in integer units (cents, hundredths of an hour, hundredths of a percent). */
export interface ProfitabilityFigures {
  progressPercent: number;
  /** Selling price HT of the signed devis and amendments. */
  contractCents: number;
  /** What the chantier is expected to bring: `contractCents`, or billed when more. */
  revenueCents: number;
  budget: CostBlock & { hoursHundredths: number };
  committed: CostBlock;
  actual: CostBlock & { hoursHundredths: number; laborCents: number };
  billed: { total: number; byKind: ProjectCostFigures['billedByKind'] };
  forecast: CostBlock & {
    hoursHundredths: number;
    method: 'progress' | 'estimate';
    /** The total by the progress method, also when the manager's estimate is the total. */
    progressTotal: number;
  };
  margin: number;
  /** Hundredths of a percent of `revenueCents`; `null` without revenue. */
  marginPercentHundredths: number | null;
  /** billed − actual: the margin so far. */
  marginToDate: number;
  alerts: ProfitabilityAlert[];
}

/** round(amount × (100 − progress) %), the part of a budget still to spend. */
export function remainingShare(amount: number, progressPercent: number): number {
  const progress = Math.min(100, Math.max(0, Math.trunc(progressPercent)));
  return Number(divideRounded(BigInt(amount) * BigInt(100 - progress), 100n));
}

/** `part` as hundredths of a percent of `whole` (rounded), `null` when `whole` is 0. */
export function percentHundredths(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Number(divideRounded(BigInt(part) * 10_000n, BigInt(whole)));
}

/** Whether `actual` passes `budget` by more than `thresholdHundredths` (both positive). */
export function passesBudget(actual: number, budget: number, thresholdHundredths: number): boolean {
  return BigInt(actual) * 10_000n > BigInt(budget) * BigInt(10_000 + thresholdHundredths);
}

/** "12,5 %" from hundredths of a percent. */
export function formatPercentFr(hundredths: number): string {
  const text = formatDecimal(hundredths, 2)
    .replace(/\.?0+$/, '')
    .replace('.', ',');
  return `${text} %`;
}

const hoursFr = (hundredths: number): string =>
  `${formatDecimal(hundredths, 2)
    .replace(/\.?0+$/, '')
    .replace('.', ',')} h`;

/** The alerts of a chantier (see the top of this file). */
export function profitabilityAlerts(
  figures: Pick<ProfitabilityFigures, 'budget' | 'actual' | 'forecast' | 'margin' | 'revenueCents'>,
  thresholdHundredths: number,
): ProfitabilityAlert[] {
  const alerts: ProfitabilityAlert[] = [];
  const { budget, actual } = figures;
  const hasBudget = budget.total > 0;
  if (hasBudget) {
    for (const type of resourceTypes) {
      const planned = budget.byResourceType[type];
      const spent = actual.byResourceType[type];
      const label = resourceTypeLabels[type];
      if (planned > 0 && passesBudget(spent, planned, thresholdHundredths)) {
        const overrun = (percentHundredths(spent, planned) ?? 0) - 10_000;
        alerts.push({
          kind: 'resource',
          resourceType: type,
          budget: planned,
          actual: spent,
          overrunHundredths: overrun,
          message: `${label} : ${formatEuro(spent)} dépensés pour un budget de ${formatEuro(planned)} (+${formatPercentFr(overrun)}).`,
        });
      } else if (planned === 0 && spent > 0) {
        alerts.push({
          kind: 'unbudgeted',
          resourceType: type,
          budget: 0,
          actual: spent,
          message: `${label} : ${formatEuro(spent)} dépensés sans budget prévu au devis.`,
        });
      }
    }
    if (
      budget.hoursHundredths > 0 &&
      passesBudget(actual.hoursHundredths, budget.hoursHundredths, thresholdHundredths)
    ) {
      const overrun = (percentHundredths(actual.hoursHundredths, budget.hoursHundredths) ?? 0) - 10_000;
      alerts.push({
        kind: 'hours',
        budget: budget.hoursHundredths,
        actual: actual.hoursHundredths,
        overrunHundredths: overrun,
        message: `Heures : ${hoursFr(actual.hoursHundredths)} pointées pour ${hoursFr(budget.hoursHundredths)} prévues (+${formatPercentFr(overrun)}).`,
      });
    }
    if (passesBudget(actual.total, budget.total, thresholdHundredths)) {
      const overrun = (percentHundredths(actual.total, budget.total) ?? 0) - 10_000;
      alerts.push({
        kind: 'total',
        budget: budget.total,
        actual: actual.total,
        overrunHundredths: overrun,
        message: `Coûts du chantier : ${formatEuro(actual.total)} dépensés pour un budget de ${formatEuro(budget.total)} (+${formatPercentFr(overrun)}).`,
      });
    }
    if (passesBudget(figures.forecast.total, budget.total, thresholdHundredths)) {
      const overrun = (percentHundredths(figures.forecast.total, budget.total) ?? 0) - 10_000;
      alerts.push({
        kind: 'forecast',
        budget: budget.total,
        actual: figures.forecast.total,
        overrunHundredths: overrun,
        message: `À terminaison : ${formatEuro(figures.forecast.total)} prévus pour un budget de ${formatEuro(budget.total)} (+${formatPercentFr(overrun)}).`,
      });
    }
  }
  if (figures.revenueCents > 0 && figures.margin < 0) {
    alerts.push({
      kind: 'negative_margin',
      budget: figures.revenueCents,
      actual: figures.forecast.total,
      message: `Marge prévue négative : ${formatEuro(figures.margin)} sur ${formatEuro(figures.revenueCents)} HT.`,
    });
  }
  return alerts;
}

/** The figures of the Rentabilité tab from a chantier's aggregate (see the top of this file). */
export function profitability(
  figures: ProjectCostFigures,
  context: ProfitabilityContext,
): ProfitabilityFigures {
  const progressPercent = Math.min(100, Math.max(0, Math.trunc(context.progressPercent)));
  const budgetTotal = totalOf(figures.budgetByType);
  const committedByType = emptyByResourceType();
  for (const commitment of context.commitments ?? []) {
    const left = Math.max(0, commitment.quotedCents - commitment.invoicedCents);
    committedByType[commitment.resourceType] = sumCents([committedByType[commitment.resourceType], left]);
  }
  const actualByType = { ...figures.purchasesByType };
  actualByType.labor = sumCents([actualByType.labor, figures.laborCents]);
  const actualTotal = totalOf(actualByType);
  const forecastByType = emptyByResourceType();
  for (const type of resourceTypes) {
    forecastByType[type] = sumCents([
      actualByType[type],
      remainingShare(figures.budgetByType[type], progressPercent),
    ]);
  }
  const progressTotal = totalOf(forecastByType);
  const estimate = context.managerEstimateCents;
  const forecastTotal = estimate ?? progressTotal;
  const revenueCents = Math.max(figures.saleCents, figures.billedCents);
  const margin = revenueCents - forecastTotal;
  const result: Omit<ProfitabilityFigures, 'alerts'> = {
    progressPercent,
    contractCents: figures.saleCents,
    revenueCents,
    budget: {
      byResourceType: { ...figures.budgetByType },
      total: budgetTotal,
      hoursHundredths: figures.budgetHoursHundredths,
    },
    committed: { byResourceType: committedByType, total: totalOf(committedByType) },
    actual: {
      byResourceType: actualByType,
      total: actualTotal,
      hoursHundredths: figures.laborHoursHundredths,
      laborCents: figures.laborCents,
    },
    billed: { total: figures.billedCents, byKind: { ...figures.billedByKind } },
    forecast: {
      byResourceType: forecastByType,
      total: forecastTotal,
      hoursHundredths: sumCents([
        figures.laborHoursHundredths,
        remainingShare(figures.budgetHoursHundredths, progressPercent),
      ]),
      method: estimate === undefined ? 'progress' : 'estimate',
      progressTotal,
    },
    margin,
    marginPercentHundredths: percentHundredths(margin, revenueCents),
    marginToDate: figures.billedCents - actualTotal,
  };
  return { ...result, alerts: profitabilityAlerts(result, context.thresholdHundredths) };
}

/** Cents per type → decimal strings per type. */
export function formatByResourceType(byType: ByResourceType): Record<ResourceType, string> {
  return Object.fromEntries(resourceTypes.map((type) => [type, formatMoney(byType[type])])) as Record<
    ResourceType,
    string
  >;
}
