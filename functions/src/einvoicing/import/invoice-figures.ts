/**
 * From what a reader found in the file ({@link ReadDocument}: the figures as written, signs
 * included) to a {@link ReceivedInvoice}: the document type and its kind, the currency, the lines
 * of a file that has none (BASIC WL, MINIMUM), and every figure checked against the others as
 * EN 16931 requires (BR-CO-10 to BR-CO-17, BR-x-08 / BR-x-09 per VAT category), with the
 * tolerances of the standard's own validation artefacts. A file whose figures do not add up is
 * refused with the figure, what the file says and what the others make; nothing is "fixed".
 *
 * The checks run on the figures as written (a negative invoice is checked as such); a document
 * whose totals are negative is then turned into its opposite, every amount together.
 */
import { divideRounded } from '@btp/shared/money';
import { creditNoteTypeCodes, invoiceTypeCodes } from './document-types.js';
import { importMessages, importRefused } from './import-errors.js';
import {
  maxReceivedLines,
  money,
  negatedDecimalText,
  type ReceivedAllowanceCharge,
  type ReceivedInvoice,
  type ReceivedLine,
  type ReceivedVatBreakdown,
} from './received-invoice.js';

/** A VAT total as the file gives it (BT-110 or BT-111), with its `currencyID` when written. */
export interface ReadVatTotal {
  cents: number;
  currency?: string;
}

/** What a reader gives: the file's figures as written; totals the file leaves out are `undefined`. */
export type ReadDocument = Omit<
  ReceivedInvoice,
  | 'kind'
  | 'typeCode'
  | 'signReversed'
  | 'currency'
  | 'vatInVatCurrencyCents'
  | 'vatEuroCents'
  | 'linesFromBreakdown'
  | 'lineTotalCents'
  | 'allowanceTotalCents'
  | 'chargeTotalCents'
  | 'vatCents'
  | 'prepaidCents'
  | 'roundingCents'
  | 'dueCents'
> & {
  /** BT-3 as written. */
  typeCode: string | undefined;
  /** True for a UBL `CreditNote` document (a credit note whatever its type code). */
  creditNoteDocument: boolean;
  /** BT-5 as written. */
  currency: string | undefined;
  /** Every VAT total of the document (BT-110 in BT-5, BT-111 in BT-6). */
  vatTotals: ReadVatTotal[];
  lineTotalCents?: number;
  allowanceTotalCents?: number;
  chargeTotalCents?: number;
  prepaidCents?: number;
  roundingCents?: number;
  dueCents?: number;
};

/** The categories whose tax is always zero (BR-Z-09, BR-E-09, BR-AE-09, BR-IC-09, BR-G-09, BR-O-09). */
const untaxedCategories = new Set(['Z', 'E', 'AE', 'K', 'G', 'O']);

/**
 * Categories whose taxable amount may differ by up to one currency unit from its lines,
 * allowances and charges (BR-Z-08, BR-E-08, BR-AE-08, BR-IC-08, BR-G-08 in the CEN artefacts);
 * S, L, M and O must match to the cent (BR-S-08, BR-AF-08, BR-AG-08, BR-O-08).
 */
const baseToleranceCategories = new Set(['Z', 'E', 'AE', 'K', 'G']);

/** One currency unit, in cents: the artefacts' tolerance on BT-116 (above) and on BT-117 (BR-CO-17, BR-S-09). */
const oneUnit = 100;

/** "20.00" → "20", "05.50" → "5.5", "" → "0": a rate as a key, so that "20" and "20.00" are one rate. */
export function rateKey(rate: string | undefined): string {
  if (!rate) return '0';
  const negative = rate.startsWith('-');
  const [integer = '', fraction = ''] = rate.replace(/^[+-]/, '').split('.');
  const whole = integer.replace(/^0+(?=\d)/, '') || '0';
  const decimals = fraction.replace(/0+$/, '');
  const key = decimals ? `${whole}.${decimals}` : whole;
  return negative && key !== '0' ? `-${key}` : key;
}

const vatKey = (category: string | undefined, rate: string | undefined): string =>
  `${(category ?? '').toUpperCase()}|${rateKey(rate)}`;

const categoryNames: Record<string, string> = {
  Z: 'taux zéro (Z)',
  E: 'exonération (E)',
  AE: 'autoliquidation (AE)',
  K: 'livraison intracommunautaire (K)',
  G: 'exportation hors UE (G)',
  O: 'hors champ de la TVA (O)',
};

/** "à 20 %", "à 5,5 %", "exonération (E)", "IGIC à 7 % (L)": a VAT category and rate in French. */
export function vatLabel(category: string | undefined, rate: string | undefined): string {
  const code = (category ?? '').toUpperCase();
  const named = categoryNames[code];
  if (named) return named;
  const percent = `à ${rateKey(rate).replace('.', ',')} %`;
  if (code === 'S' || code === '') return percent;
  return `${percent} (${code})`;
}

/** An amount in the invoice's currency, as a French reader reads it: "1 234,50 €", "-12,00 DKK". */
export function amountText(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('fr-FR', { style: 'currency', currency }).format(
      money(cents) as `${number}`,
    );
  } catch {
    return `${money(cents)} ${currency}`;
  }
}

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

/** `rate` % of `baseCents`, rounded to the cent, halves away from zero (as the artefacts' `round(abs(…))`). */
export function percentOfCents(baseCents: number, rate: string): number {
  const [integer = '', fraction = ''] = rateKey(rate).split('.');
  const units = BigInt(`${integer}${fraction}`);
  const scale = 10n ** BigInt(fraction.length);
  return Number(divideRounded(BigInt(baseCents) * units, 100n * scale));
}

/** BT-3 checked; whether the document is a credit note by its type (before its sign is looked at). */
function creditNoteByType(read: ReadDocument): { typeCode: string; credit: boolean } {
  const { typeCode } = read;
  if (!typeCode) throw importRefused(importMessages.missing('le type de document (BT-3)'));
  const credit = creditNoteTypeCodes.has(typeCode);
  if (!credit && !invoiceTypeCodes.has(typeCode)) {
    throw importRefused(importMessages.documentType(typeCode.slice(0, 10)));
  }
  return { typeCode, credit: credit || read.creditNoteDocument };
}

interface Currencies {
  currency: string;
  vatCurrency?: string;
  vatCents: number;
  vatInVatCurrencyCents?: number;
}

/** BT-5, BT-6, BT-110 (the VAT total in BT-5) and BT-111 (the one in BT-6). */
function currencies(read: ReadDocument): Currencies {
  const currency = read.currency?.toUpperCase();
  if (!currency) throw importRefused(importMessages.missing('la devise de la facture (BT-5)'));
  const vatCurrency = read.vatCurrency?.toUpperCase();
  // BT-110 is the total in BT-5 (or without currencyID); the one in BT-6 is BT-111. A file may
  // give BT-111 alone (no VAT in its own currency): BT-110 is then absent, 0.
  const inOwnCurrency = read.vatTotals.filter(
    (total) => vatCurrency === currency || total.currency?.toUpperCase() !== vatCurrency,
  );
  const inCurrency =
    inOwnCurrency.find((total) => total.currency?.toUpperCase() === currency) ??
    inOwnCurrency.find((total) => !total.currency);
  if (inOwnCurrency.length > 0 && !inCurrency) {
    throw importRefused(importMessages.missing(`le total de la TVA en ${currency} (BT-110)`));
  }
  const vatCents = inCurrency?.cents ?? 0;
  const inVatCurrency =
    vatCurrency === undefined
      ? undefined
      : vatCurrency === currency
        ? vatCents
        : read.vatTotals.find((total) => total.currency?.toUpperCase() === vatCurrency)?.cents;
  return {
    currency,
    ...(vatCurrency ? { vatCurrency } : {}),
    vatCents,
    ...(inVatCurrency === undefined ? {} : { vatInVatCurrencyCents: inVatCurrency }),
  };
}

/** Σ of the document allowances (or charges) of one VAT category and rate. */
const sumFor = (items: readonly ReceivedAllowanceCharge[], key: string): number =>
  sum(items.filter((item) => vatKey(item.vatCategory, item.vatRate) === key).map((item) => item.amountCents));

/**
 * The lines of a file that has none (Factur-X BASIC WL, MINIMUM): one per VAT breakdown entry,
 * its net amount the entry's base less the document charges plus the document allowances of that
 * category and rate (so that the allowances and charges still apply on top, as in the file); or,
 * without breakdown either (MINIMUM), one line at the sum of the lines (BT-106, else HT +
 * allowances − charges), its VAT rate unknown.
 */
function linesFromBreakdown(read: ReadDocument): ReceivedLine[] {
  if (read.vatBreakdown.length === 0) {
    const totalCents =
      read.lineTotalCents ?? read.netCents + (read.allowanceTotalCents ?? 0) - (read.chargeTotalCents ?? 0);
    return [
      {
        description: 'Montant HT (TVA non détaillée)',
        quantity: '1',
        unitPrice: money(totalCents),
        allowances: [],
        charges: [],
        total: money(totalCents),
        totalCents,
      },
    ];
  }
  return read.vatBreakdown.map((entry) => {
    const key = vatKey(entry.category, entry.rate);
    const totalCents = entry.baseCents - sumFor(read.charges, key) + sumFor(read.allowances, key);
    const reason = entry.exemptionReason ?? entry.exemptionReasonCode;
    return {
      description: `Montant HT, TVA ${vatLabel(entry.category, entry.rate)}${reason ? ` : ${reason}` : ''}`,
      quantity: '1',
      unitPrice: money(totalCents),
      vatCategory: entry.category,
      vatRate: entry.rate,
      allowances: [],
      charges: [],
      total: money(totalCents),
      totalCents,
    };
  });
}

/** The totals, stated or (when the file leaves one out) what the others make. */
type Totals = Pick<
  ReceivedInvoice,
  | 'lineTotalCents'
  | 'allowanceTotalCents'
  | 'chargeTotalCents'
  | 'netCents'
  | 'vatCents'
  | 'totalCents'
  | 'prepaidCents'
  | 'roundingCents'
  | 'dueCents'
>;

/** Refuses when `read` (stated by the file) differs from `expected` (what the other figures make). */
function agree(read: number, expected: number, figure: string, rule: string, currency: string): void {
  if (read !== expected) {
    throw importRefused(
      importMessages.inconsistent(figure, amountText(read, currency), rule, amountText(expected, currency)),
    );
  }
}

/** Every VAT breakdown entry against the lines, allowances and charges of its category and rate, and its tax. */
function checkVatBreakdown(
  read: ReadDocument,
  lines: readonly ReceivedLine[],
  fromFile: boolean,
  currency: string,
): void {
  const keys = new Set(read.vatBreakdown.map((entry) => vatKey(entry.category, entry.rate)));
  if (fromFile && read.vatBreakdown.length === 0) {
    throw importRefused(importMessages.missing('le détail de la TVA par taux (BG-23)'));
  }
  const described: [string, string | undefined, string | undefined][] = [
    ...lines.map((line, index): [string, string | undefined, string | undefined] => [
      `la ligne ${line.id ?? index + 1}`,
      line.vatCategory,
      line.vatRate,
    ]),
    ...read.allowances.map((item, index): [string, string | undefined, string | undefined] => [
      `la remise ${index + 1} du document`,
      item.vatCategory,
      item.vatRate,
    ]),
    ...read.charges.map((item, index): [string, string | undefined, string | undefined] => [
      `les frais ${index + 1} du document`,
      item.vatCategory,
      item.vatRate,
    ]),
  ];
  for (const [what, category, rate] of described) {
    if (!keys.has(vatKey(category, rate))) {
      throw importRefused(importMessages.vatNotInBreakdown(what, vatLabel(category, rate)));
    }
  }
  for (const entry of read.vatBreakdown) {
    const key = vatKey(entry.category, entry.rate);
    const category = entry.category.toUpperCase();
    const label = vatLabel(entry.category, entry.rate);
    const linesCents = sum(
      lines.filter((line) => vatKey(line.vatCategory, line.vatRate) === key).map((line) => line.totalCents),
    );
    const expectedBase = linesCents - sumFor(read.allowances, key) + sumFor(read.charges, key);
    const tolerance = baseToleranceCategories.has(category) ? oneUnit : 0;
    if (Math.abs(entry.baseCents - expectedBase) > tolerance) {
      throw importRefused(
        importMessages.inconsistent(
          `la base HT de la TVA ${label} (BT-116)`,
          amountText(entry.baseCents, currency),
          `la somme de ses lignes, moins ses remises, plus ses frais${tolerance ? ' (à 1 unité près)' : ''}`,
          amountText(expectedBase, currency),
        ),
      );
    }
    if (untaxedCategories.has(category)) {
      if (entry.vatCents !== 0) {
        throw importRefused(
          importMessages.vatNotZero(`la TVA ${label} (BT-117)`, amountText(entry.vatCents, currency)),
        );
      }
    } else {
      const expectedVat = percentOfCents(entry.baseCents, entry.rate);
      // BR-CO-17 and BR-S-09 as the artefacts test them: within less than one unit of the rounded product.
      if (Math.abs(entry.vatCents - expectedVat) >= oneUnit) {
        throw importRefused(
          importMessages.inconsistent(
            `la TVA ${label} (BT-117)`,
            amountText(entry.vatCents, currency),
            `${rateKey(entry.rate).replace('.', ',')} % de sa base ${amountText(entry.baseCents, currency)} (à moins d'une unité près)`,
            amountText(expectedVat, currency),
          ),
        );
      }
    }
  }
}

/** BR-CO-10 to BR-CO-16: the totals against each other; answers them with the ones left out filled in. */
function checkedTotals(
  read: ReadDocument,
  lines: readonly ReceivedLine[],
  fromFile: boolean,
  vatCents: number,
  currency: string,
): Totals {
  const check = (stated: number | undefined, expected: number, figure: string, rule: string): number => {
    if (stated === undefined) return expected;
    agree(stated, expected, figure, rule, currency);
    return stated;
  };
  const lineTotalCents = check(
    read.lineTotalCents,
    sum(lines.map((line) => line.totalCents)),
    'la somme des montants nets des lignes (BT-106)',
    'la somme des lignes',
  );
  const allowanceTotalCents = check(
    read.allowanceTotalCents,
    sum(read.allowances.map((item) => item.amountCents)),
    'le total des remises du document (BT-107)',
    'la somme des remises détaillées',
  );
  const chargeTotalCents = check(
    read.chargeTotalCents,
    sum(read.charges.map((item) => item.amountCents)),
    'le total des frais du document (BT-108)',
    'la somme des frais détaillés',
  );
  agree(
    read.netCents,
    lineTotalCents - allowanceTotalCents + chargeTotalCents,
    'le total HT (BT-109)',
    'la somme des lignes, moins les remises, plus les frais',
    currency,
  );
  if (read.vatBreakdown.length > 0 || fromFile) {
    checkVatBreakdown(read, lines, fromFile, currency);
    agree(
      vatCents,
      sum(read.vatBreakdown.map((entry) => entry.vatCents)),
      'le total de la TVA (BT-110)',
      'la somme de la TVA par taux',
      currency,
    );
  }
  agree(read.totalCents, read.netCents + vatCents, 'le total TTC (BT-112)', 'HT + TVA', currency);
  const prepaidCents = read.prepaidCents ?? 0;
  const roundingCents = read.roundingCents ?? 0;
  const dueCents = check(
    read.dueCents,
    read.totalCents - prepaidCents + roundingCents,
    'le montant à payer (BT-115)',
    'TTC − déjà payé + arrondi',
  );
  return {
    lineTotalCents,
    allowanceTotalCents,
    chargeTotalCents,
    netCents: read.netCents,
    vatCents,
    totalCents: read.totalCents,
    prepaidCents,
    roundingCents,
    dueCents,
  };
}

const negate = (cents: number): number => (cents === 0 ? 0 : -cents);

function negatedItem(item: ReceivedAllowanceCharge): ReceivedAllowanceCharge {
  return {
    ...item,
    amountCents: negate(item.amountCents),
    ...(item.baseCents === undefined ? {} : { baseCents: negate(item.baseCents) }),
  };
}

/** A line turned: its quantity and amounts (a price stays as written, never negative), or, for a line made from the breakdown, its price too. */
function negatedLine(line: ReceivedLine, made: boolean): ReceivedLine {
  const totalCents = negate(line.totalCents);
  return {
    ...line,
    quantity: made ? line.quantity : negatedDecimalText(line.quantity),
    ...(made ? { unitPrice: money(totalCents) } : {}),
    allowances: line.allowances.map(negatedItem),
    charges: line.charges.map(negatedItem),
    total: money(totalCents),
    totalCents,
  };
}

function negatedBreakdown(entry: ReceivedVatBreakdown): ReceivedVatBreakdown {
  return { ...entry, baseCents: negate(entry.baseCents), vatCents: negate(entry.vatCents) };
}

/**
 * The {@link ReceivedInvoice} a reader's document is, every figure checked.
 * @throws HttpError 400 (French) for another currency without VAT in euros, an unknown BT-3, a
 * missing VAT breakdown, a figure that does not add up, or more than 1 000 lines.
 */
export function receivedInvoice(read: ReadDocument): ReceivedInvoice {
  const { typeCode, credit } = creditNoteByType(read);
  const amounts = currencies(read);
  const fromFile = read.lines.length > 0;
  if (read.lines.length > maxReceivedLines) {
    throw importRefused(importMessages.tooManyLines(maxReceivedLines));
  }
  const lines = fromFile ? read.lines : linesFromBreakdown(read);
  const totals = checkedTotals(read, lines, fromFile, amounts.vatCents, amounts.currency);
  // Another currency than the euro: read only when the VAT is also given in euros (BT-6 `EUR` and
  // BT-111), as French law asks of an invoice in a foreign currency. After the checks, so that a
  // file that does not add up is answered as such first.
  if (
    amounts.currency !== 'EUR' &&
    (amounts.vatCurrency !== 'EUR' || amounts.vatInVatCurrencyCents === undefined)
  ) {
    throw importRefused(importMessages.currency(amounts.currency.slice(0, 10)));
  }

  const negative = totals.totalCents < 0 || (totals.totalCents === 0 && totals.netCents < 0);
  const kind = credit !== negative ? 'credit_note' : 'invoice';
  const {
    creditNoteDocument: _creditNoteDocument,
    vatTotals: _vatTotals,
    typeCode: _typeCode,
    ...document
  } = read;
  const turned = negative
    ? {
        lines: lines.map((line) => negatedLine(line, !fromFile)),
        allowances: read.allowances.map(negatedItem),
        charges: read.charges.map(negatedItem),
        vatBreakdown: read.vatBreakdown.map(negatedBreakdown),
        totals: Object.fromEntries(
          Object.entries(totals).map(([name, cents]) => [name, negate(cents)]),
        ) as unknown as Totals,
        vatInVatCurrencyCents:
          amounts.vatInVatCurrencyCents === undefined ? undefined : negate(amounts.vatInVatCurrencyCents),
      }
    : {
        lines,
        allowances: read.allowances,
        charges: read.charges,
        vatBreakdown: read.vatBreakdown,
        totals,
        vatInVatCurrencyCents: amounts.vatInVatCurrencyCents,
      };
  const vatEuroCents =
    amounts.currency === 'EUR' ? turned.totals.vatCents : (turned.vatInVatCurrencyCents ?? 0);
  return {
    ...document,
    kind,
    typeCode,
    signReversed: negative,
    currency: amounts.currency,
    ...(amounts.vatCurrency ? { vatCurrency: amounts.vatCurrency } : {}),
    ...(turned.vatInVatCurrencyCents === undefined
      ? {}
      : { vatInVatCurrencyCents: turned.vatInVatCurrencyCents }),
    vatEuroCents,
    lines: turned.lines,
    linesFromBreakdown: !fromFile,
    allowances: turned.allowances,
    charges: turned.charges,
    vatBreakdown: turned.vatBreakdown,
    ...turned.totals,
  };
}
