/**
 * What an imported e-invoice says, whatever its syntax (CII or UBL): the EN 16931 business terms
 * this product records on a supplier invoice (docs/e-invoice-import.md has the mapping table).
 * Amounts are integer cents, read from the decimal text digit by digit (never through a float);
 * quantities and prices of the lines stay decimal strings as written.
 */
import { formatMoney, tryParseDecimal } from '@btp/shared/money';
import { importMessages, importRefused } from './import-errors.js';

/** The seller (BG-4) as the file gives it. */
export interface ReceivedSeller {
  /** BT-27. */
  name: string;
  /** BT-30 with scheme 0002, or the first 9 digits of a SIRET (scheme 0009), or from a French VAT number. */
  siren?: string;
  /** BT-30 with scheme 0009 (14 digits). */
  siret?: string;
  /** BT-31, normalised (no spaces, upper case). */
  vatNumber?: string;
  /** BT-35 and BT-36, on one line. */
  address?: string;
  /** BT-38. */
  postalCode?: string;
  /** BT-37. */
  city?: string;
  /** BT-40, ISO 3166-1 alpha-2. */
  countryCode?: string;
  /** BT-43, or BT-34 with scheme EM. */
  email?: string;
  /** BT-42. */
  phone?: string;
}

/** A line (BG-25) as recorded in a supplier invoice's `items`: decimal strings. */
export interface ReceivedLine {
  /** BT-153. */
  description: string;
  /** BT-129. */
  quantity: string;
  /** BT-130 (UN/ECE rec. 20 code, e.g. C62, HUR, MTK). */
  unit?: string;
  /** BT-146. */
  unitPrice: string;
  /** BT-152. */
  vatRate: string;
  /** BT-131, two decimals. */
  total: string;
}

export interface ReceivedInvoice {
  syntax: 'CII' | 'UBL';
  /** BT-1. */
  number: string;
  /** BT-2, YYYY-MM-DD. */
  issueDate: string;
  /** BT-9, YYYY-MM-DD. */
  dueDate?: string;
  seller: ReceivedSeller;
  /** BT-109, cents. */
  netCents: number;
  /** BT-110, cents. */
  vatCents: number;
  /** BT-112, cents. */
  totalCents: number;
  lines: ReceivedLine[];
}

/** Lines kept at most (a supplier invoice's `items` holds 1 000). */
export const maxReceivedLines = 1_000;

/** Credit note type codes of UNTDID 1001 that EN 16931 allows (BT-3). */
const creditNoteTypeCodes = new Set([
  '81',
  '83',
  '261',
  '262',
  '296',
  '308',
  '381',
  '396',
  '420',
  '458',
  '532',
]);

/** Refuses a credit note (BT-3): a supplier invoice's total is not negative, an avoir is typed by hand. */
export function refuseCreditNote(typeCode: string | undefined): void {
  if (typeCode && creditNoteTypeCodes.has(typeCode)) throw importRefused(importMessages.creditNote);
}

/** An XML decimal (`xs:decimal`): optional sign, digits, optional fraction; nothing else. */
const xmlDecimal = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** A required amount (two decimals at most, as EN 16931 says of amounts) in cents; 400 otherwise. */
export function amountCents(value: string | undefined, what: string): number {
  if (value === undefined) throw importRefused(importMessages.missing(what));
  const parsed = xmlDecimal.test(value) ? tryParseDecimal(value, 2) : undefined;
  if (!parsed?.ok) throw importRefused(importMessages.badAmount(what, value.slice(0, 40)));
  return parsed.units;
}

/** A decimal kept as written (a quantity, a unit price), checked; 400 when it is not a number. */
export function decimalText(value: string | undefined, what: string, fallback?: string): string {
  if (value === undefined) {
    if (fallback !== undefined) return fallback;
    throw importRefused(importMessages.missing(what));
  }
  if (!xmlDecimal.test(value) || value.length > 40) {
    throw importRefused(importMessages.badAmount(what, value.slice(0, 40)));
  }
  // "+5" → "5", ".5" → "0.5", "5." → "5".
  const unsigned = value.replace(/^\+/, '');
  const withZero = unsigned.replace(/^(-?)\./, '$10.');
  return withZero.endsWith('.') ? withZero.slice(0, -1) : withZero;
}

/** Integer cents as the API writes money: "1234.50". */
export const money = formatMoney;

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A date as YYYY-MM-DD: CII's format 102 (`20261125`) or an ISO date (`2026-11-25`, UBL's).
 * 400 when it is no calendar date.
 */
export function isoDate(value: string | undefined, what: string, required: true): string;
export function isoDate(value: string | undefined, what: string, required?: false): string | undefined;
export function isoDate(value: string | undefined, what: string, required = false): string | undefined {
  if (value === undefined) {
    if (required) throw importRefused(importMessages.missing(what));
    return undefined;
  }
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value);
  const [, year = '', month = '', day = ''] = match ?? [];
  if (!match || !isCalendarDate(Number(year), Number(month), Number(day))) {
    throw importRefused(importMessages.badDate(what, value.slice(0, 40)));
  }
  return `${year}-${month}-${day}`;
}

/** Refuses an invoice in another currency than the euro (BT-5). */
export function requireEuro(currency: string | undefined): void {
  if (currency && currency.toUpperCase() !== 'EUR') {
    throw importRefused(importMessages.currency(currency.slice(0, 10)));
  }
}

/** `FR40303265045` → its SIREN `303265045`. */
export function sirenOfFrenchVat(vatNumber: string | undefined): string | undefined {
  const match = /^FR[0-9A-Z]{2}(\d{9})$/.exec(vatNumber ?? '');
  return match?.[1];
}

/** Without spaces, dots or hyphens, upper case ("fr 40 303.265.045" → "FR40303265045"). */
export function normalisedIdentifier(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const normalised = value.replace(/[\s.-]+/g, '').toUpperCase();
  return normalised === '' ? undefined : normalised;
}

/**
 * The seller's SIREN and SIRET from its legal registration (BT-30 and its scheme: 0002 SIREN,
 * 0009 SIRET; without a scheme, 9 or 14 digits of a French seller) or, failing that, its French VAT
 * number.
 */
export function legalIdentity(
  registration: string | undefined,
  scheme: string | undefined,
  vatNumber: string | undefined,
  countryCode: string | undefined,
): { siren?: string; siret?: string } {
  const id = normalisedIdentifier(registration);
  const french = !countryCode || countryCode.toUpperCase() === 'FR';
  if (id && /^\d{14}$/.test(id) && (scheme === '0009' || (!scheme && french))) {
    return { siren: id.slice(0, 9), siret: id };
  }
  if (id && /^\d{9}$/.test(id) && (scheme === '0002' || (!scheme && french))) return { siren: id };
  const fromVat = sirenOfFrenchVat(vatNumber);
  return fromVat ? { siren: fromVat } : {};
}

/**
 * Adds the SIRET a seller identifier gives (BT-29 with scheme 0009: CII `GlobalID`, UBL
 * `PartyIdentification`) when it is the establishment of the SIREN found (or when none was).
 */
export function withSiret(
  identity: { siren?: string; siret?: string },
  identifier: string | undefined,
): { siren?: string; siret?: string } {
  const siret = normalisedIdentifier(identifier);
  if (identity.siret || !siret || !/^\d{14}$/.test(siret)) return identity;
  if (identity.siren && !siret.startsWith(identity.siren)) return identity;
  return { siren: siret.slice(0, 9), siret };
}

/** Checks the totals: HT + TVA = TTC (cents), TTC not negative, lines not too many. */
export function checkedInvoice(invoice: ReceivedInvoice): ReceivedInvoice {
  if (invoice.totalCents < 0) throw importRefused(importMessages.negativeTotal);
  if (invoice.netCents + invoice.vatCents !== invoice.totalCents) {
    throw importRefused(
      importMessages.inconsistentTotals(
        money(invoice.netCents),
        money(invoice.vatCents),
        money(invoice.totalCents),
      ),
    );
  }
  if (invoice.lines.length > maxReceivedLines)
    throw importRefused(importMessages.tooManyLines(maxReceivedLines));
  return invoice;
}

/** `{ [key]: value }` when the value is given, `{}` otherwise. */
export function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}
