/**
 * Situations de travaux (DOCUMENTS.md § 4): progress billing of an accepted quote, shared by the
 * server (which stores the situation) and the SPA (which previews it while the percentages are
 * typed), so both agree to the cent. Rounding is cumulative, so nothing drifts from one situation
 * to the next:
 *
 * - line: cumulative amount = round(saleTotal × cumulative % / 100); this situation bills the
 *   cumulative amount less what earlier situations billed (net of their credit notes);
 * - deposits, per VAT rate r: deducted to date = round(depositHT_r × cumulativeHT_r / contractHT_r);
 *   this situation deducts that less what was deducted before; at 100 % every deposit is deducted;
 * - the invoice's lines are the works of the situation (one per quote line that moved) and one
 *   deduction per rate (quantity −1): its HT, VAT per rate (on the net base, BR-CO-17 on its own) and
 *   TTC follow from them by the rule of every invoice (`invoice-totals.ts`);
 * - retenue de garantie: retained to date = round(rate × cumulative works TTC), cumulative works TTC
 *   = Σ_r (cumulativeHT_r + round(cumulativeHT_r × r)); this situation retains that less what was
 *   retained before; `amountDue` = TTC − retention.
 *
 * Money in integer cents, percentages in hundredths of a percent (money.ts).
 */
import { invoiceTotals, type InvoiceTotals } from './invoice-totals.js';
import { divideRounded, formatMoney, formatPercent, parseMoney, percentOf, sumCents } from './money.js';

/** 100 % in hundredths. */
export const FULL_PERCENT = 10_000;

/** One line of the contract (the accepted quote) and what earlier situations billed of it. */
export interface SituationBasisLine {
  itemId: string;
  description: string;
  unit?: string | undefined;
  /** The line's selling total HT (the contract amount). */
  saleTotalCents: number;
  /** The rate the line is taxed at (0 under reverse charge or franchise). */
  rateHundredths: number;
  /** Billed by issued situations, net of their credit notes. */
  previousAmountCents: number;
  /** The cumulative percent of the last issued situation (what the next one starts from). */
  previousPercentHundredths: number;
}

/** A rate's HT, in integers. */
export interface RateAmount {
  rateHundredths: number;
  cents: number;
}

/** Everything a new situation of a quote is computed from. */
export interface SituationBasis {
  lines: readonly SituationBasisLine[];
  /** Deposits of the quote, HT per rate, net of their credit notes. */
  depositsByRate: readonly RateAmount[];
  /** Deposits deducted by earlier situations, HT per rate, net of their credit notes. */
  deductedBeforeByRate: readonly RateAmount[];
  /** The retention rate of the contract (0 with a bank guarantee). */
  retentionRateHundredths: number;
  /** Retained by earlier issued situations. */
  retentionBeforeCents: number;
  /** Reverse charge or franchise: every line at 0 %. */
  noVat: boolean;
}

/** One line of a computed situation. */
export interface SituationLineFigures {
  itemId: string;
  description: string;
  unit?: string | undefined;
  rateHundredths: number;
  saleTotalCents: number;
  previousPercentHundredths: number;
  cumulativePercentHundredths: number;
  previousAmountCents: number;
  cumulativeAmountCents: number;
  /** This situation: cumulative − previous. */
  amountCents: number;
}

/** Per rate: works to date, before, this situation; deposits deducted to date and this situation. */
export interface SituationRateFigures {
  rateHundredths: number;
  contractCents: number;
  cumulativeCents: number;
  previousCents: number;
  worksCents: number;
  depositCents: number;
  deductedToDateCents: number;
  deductionCents: number;
}

/** A line of the situation's invoice, as `invoiceTotals` prices it. */
export interface SituationInvoiceLine {
  itemId?: string;
  description: string;
  unit?: string;
  quantity: string;
  unitPrice: string;
  vatRate: string;
}

export interface SituationFigures {
  lines: SituationLineFigures[];
  byRate: SituationRateFigures[];
  contractCents: number;
  previousWorksCents: number;
  cumulativeWorksCents: number;
  worksCents: number;
  depositsCents: number;
  deductedBeforeCents: number;
  deductedToDateCents: number;
  deductionCents: number;
  /** Cumulative works TTC (the retention's base). */
  cumulativeWorksWithVatCents: number;
  retentionRateHundredths: number;
  retentionBeforeCents: number;
  retentionToDateCents: number;
  retentionCents: number;
  /** The invoice: works lines that moved, then one deduction line per rate. */
  invoiceLines: SituationInvoiceLine[];
  totals: InvoiceTotals;
  /** TTC − retention. */
  amountDueCents: number;
}

/** Why a requested situation cannot be made (the SPA shows it, the server answers 409 with it). */
export type SituationProblem =
  | { kind: 'aboveFull'; itemId: string; description: string }
  | { kind: 'backwards'; itemId: string; description: string; previousPercentHundredths: number }
  | { kind: 'nothing' };

/** A percentage in hundredths as French text: 3000 → "30 %", 1250 → "12,5 %" (no-break space). */
export function percentText(hundredths: number): string {
  return `${formatPercent(hundredths)
    .replace(/\.?0+$/, '')
    .replace('.', ',')}\u00a0%`;
}

/** The French sentence of a problem, as the server's 409 and the SPA's preview say it. */
export function situationProblemText(problem: SituationProblem): string {
  switch (problem.kind) {
    case 'aboveFull':
      return `« ${problem.description} » : le pourcentage cumulé ne peut pas dépasser 100 %.`;
    case 'backwards':
      return `« ${problem.description} » : le pourcentage cumulé ne peut pas être inférieur à celui déjà facturé (${percentText(problem.previousPercentHundredths)}).`;
    case 'nothing':
      return 'Cette situation ne facture rien : augmentez le pourcentage cumulé d’au moins une ligne.';
  }
}

/** round(saleTotal × percent / 100) in cents. */
export function cumulativeAmountCents(saleTotalCents: number, percentHundredths: number): number {
  return percentOf(saleTotalCents, percentHundredths);
}

/** round(a × b / c) in cents; 0 when c is 0. */
function share(a: number, b: number, c: number): number {
  if (c === 0) return 0;
  return Number(divideRounded(BigInt(a) * BigInt(b), BigInt(c)));
}

function amountOf(list: readonly RateAmount[], rateHundredths: number): number {
  return sumCents(
    list.filter((entry) => entry.rateHundredths === rateHundredths).map((entry) => entry.cents),
  );
}

/**
 * The percent a line starts from when what was billed of it no longer matches its last percent (a
 * credit note gave part of it back): the largest percent whose cumulative amount is not above it.
 */
export function percentOfAmount(saleTotalCents: number, amountCents: number): number {
  if (saleTotalCents <= 0) return amountCents > 0 ? FULL_PERCENT : 0;
  let low = 0;
  let high = FULL_PERCENT;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (cumulativeAmountCents(saleTotalCents, middle) <= amountCents) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * What stops the requested percentages (per quote line, hundredths): a line above 100 %, a line
 * below what is already billed of it, or nothing billed at all. `undefined` when they can be made.
 * A line absent from `cumulative` stays where it is.
 */
export function situationProblems(
  basis: Pick<SituationBasis, 'lines'>,
  cumulative: ReadonlyMap<string, number>,
): SituationProblem[] {
  const problems: SituationProblem[] = [];
  let moves = false;
  for (const line of basis.lines) {
    const percent = cumulative.get(line.itemId);
    if (percent === undefined) continue;
    if (percent > FULL_PERCENT) {
      problems.push({ kind: 'aboveFull', itemId: line.itemId, description: line.description });
      continue;
    }
    const amount = cumulativeAmountCents(line.saleTotalCents, percent);
    if (amount < line.previousAmountCents || percent < line.previousPercentHundredths) {
      problems.push({
        kind: 'backwards',
        itemId: line.itemId,
        description: line.description,
        previousPercentHundredths: line.previousPercentHundredths,
      });
      continue;
    }
    if (amount !== line.previousAmountCents) moves = true;
  }
  if (problems.length === 0 && !moves) problems.push({ kind: 'nothing' });
  return problems;
}

/**
 * The figures of a situation at the `cumulative` percentages (hundredths per quote line; a line left
 * out stays at its previous percent). Does not check them: see `situationProblems`.
 */
export function computeSituation(
  basis: SituationBasis,
  cumulative: ReadonlyMap<string, number>,
): SituationFigures {
  const lines: SituationLineFigures[] = basis.lines.map((line) => {
    const percent = cumulative.get(line.itemId) ?? line.previousPercentHundredths;
    const cumulativeCents = cumulativeAmountCents(line.saleTotalCents, percent);
    return {
      itemId: line.itemId,
      description: line.description,
      ...(line.unit ? { unit: line.unit } : {}),
      rateHundredths: line.rateHundredths,
      saleTotalCents: line.saleTotalCents,
      previousPercentHundredths: line.previousPercentHundredths,
      cumulativePercentHundredths: percent,
      previousAmountCents: line.previousAmountCents,
      cumulativeAmountCents: cumulativeCents,
      amountCents: cumulativeCents - line.previousAmountCents,
    };
  });

  const rates = [
    ...new Set([
      ...lines.map((line) => line.rateHundredths),
      ...basis.depositsByRate.map((entry) => entry.rateHundredths),
    ]),
  ].sort((a, b) => b - a);
  const byRate: SituationRateFigures[] = rates.map((rate) => {
    const atRate = lines.filter((line) => line.rateHundredths === rate);
    const contractCents = sumCents(atRate.map((line) => line.saleTotalCents));
    const cumulativeCents = sumCents(atRate.map((line) => line.cumulativeAmountCents));
    const previousCents = sumCents(atRate.map((line) => line.previousAmountCents));
    const depositCents = amountOf(basis.depositsByRate, rate);
    // A deposit at a rate the contract does not carry is deducted once the contract is complete.
    const complete = lines.every((line) => line.cumulativePercentHundredths >= FULL_PERCENT);
    const deductedToDateCents =
      contractCents === 0
        ? complete
          ? depositCents
          : 0
        : cumulativeCents >= contractCents
          ? depositCents
          : share(depositCents, cumulativeCents, contractCents);
    return {
      rateHundredths: rate,
      contractCents,
      cumulativeCents,
      previousCents,
      worksCents: cumulativeCents - previousCents,
      depositCents,
      deductedToDateCents,
      deductionCents: deductedToDateCents - amountOf(basis.deductedBeforeByRate, rate),
    };
  });

  const cumulativeWorksWithVatCents = sumCents(
    byRate.map((entry) =>
      sumCents([
        entry.cumulativeCents,
        basis.noVat ? 0 : percentOf(entry.cumulativeCents, entry.rateHundredths),
      ]),
    ),
  );
  const retentionToDateCents = percentOf(cumulativeWorksWithVatCents, basis.retentionRateHundredths);
  const retentionCents = retentionToDateCents - basis.retentionBeforeCents;

  const invoiceLines: SituationInvoiceLine[] = [
    ...lines
      .filter((line) => line.amountCents !== 0)
      .map((line) => ({
        itemId: line.itemId,
        description: `${line.description} (situation : ${percentText(line.previousPercentHundredths)} → ${percentText(line.cumulativePercentHundredths)})`,
        ...(line.unit ? { unit: line.unit } : {}),
        quantity: '1.000',
        unitPrice: formatMoney(line.amountCents),
        vatRate: formatPercent(line.rateHundredths),
      })),
    ...byRate
      .filter((entry) => entry.deductionCents !== 0)
      .map((entry) => ({
        description: 'Déduction des acomptes',
        quantity: '-1.000',
        unitPrice: formatMoney(entry.deductionCents),
        vatRate: formatPercent(entry.rateHundredths),
      })),
  ];
  const totals = invoiceTotals({ lines: invoiceLines, noVat: basis.noVat });
  const sum = (pick: (entry: SituationRateFigures) => number) => sumCents(byRate.map(pick));
  return {
    lines,
    byRate,
    contractCents: sum((entry) => entry.contractCents),
    previousWorksCents: sum((entry) => entry.previousCents),
    cumulativeWorksCents: sum((entry) => entry.cumulativeCents),
    worksCents: sum((entry) => entry.worksCents),
    depositsCents: sum((entry) => entry.depositCents),
    deductedBeforeCents: sumCents(basis.deductedBeforeByRate.map((entry) => entry.cents)),
    deductedToDateCents: sum((entry) => entry.deductedToDateCents),
    deductionCents: sum((entry) => entry.deductionCents),
    cumulativeWorksWithVatCents,
    retentionRateHundredths: basis.retentionRateHundredths,
    retentionBeforeCents: basis.retentionBeforeCents,
    retentionToDateCents,
    retentionCents,
    invoiceLines,
    totals,
    amountDueCents: parseMoney(totals.totalWithVat) - retentionCents,
  };
}
