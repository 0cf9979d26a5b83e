/**
 * What an imported e-invoice says, whatever its syntax (CII or UBL): the EN 16931 business terms
 * this product records on a supplier invoice (docs/e-invoice-import.md has the mapping table).
 * Amounts are integer cents, read from the decimal text digit by digit (never through a float);
 * quantities and prices of the lines stay decimal strings as written.
 */
import { formatMoney, tryParseDecimal } from '@btp/shared/money';
import { importMessages, importRefused } from './import-errors.js';

/**
 * An identifier as the file writes it, with its scheme when given: an ISO/IEC 6523 ICD code
 * (`0002` SIREN, `0009` SIRET, `0088` GLN, `0060` DUNS, `0204` Leitweg-ID…), for an electronic
 * address (BT-34, BT-49) a Peppol EAS code (`0225` French SIREN-based address, `EM` e-mail, `9957`
 * French VAT number…), for a CII `ID` without scheme, nothing.
 */
export interface ReceivedIdentifier {
  /** The identifier, trimmed, as written (not normalised). */
  value: string;
  /** `@schemeID` (UBL, CII), absent when the file gives none. */
  scheme?: string;
}

/** The seller (BG-4) as the file gives it. */
export interface ReceivedSeller {
  /** BT-27 seller name (legal name), else BT-28 trading name when only that is given. */
  name: string;
  /** BT-28 seller trading name, when the file gives one beside BT-27. */
  tradingName?: string;
  /**
   * SIREN (9 digits): BT-30 with scheme 0002, or the first 9 digits of a SIRET (BT-30 or BT-29 with
   * scheme 0009), or a French seller's 9 digits without scheme, or from a French VAT number
   * (`FRkk` + SIREN). Made for matching a known supplier.
   */
  siren?: string;
  /** SIRET (14 digits): BT-30 or BT-29 with scheme 0009 (or 14 digits of a French seller without scheme). */
  siret?: string;
  /** BT-31 seller VAT identifier, normalised (no spaces, dots or hyphens; upper case). */
  vatNumber?: string;
  /** BT-32 seller tax registration identifier (CII scheme `FC`, UBL `PartyTaxScheme` not VAT), as written. */
  taxRegistration?: string;
  /** BT-30 seller legal registration identifier, as written, with its scheme (BT-30-1). */
  legalRegistration?: ReceivedIdentifier;
  /**
   * BT-29 seller identifiers, every one, with their schemes (BT-29-1): a SIRET, a GLN (`0088`),
   * a DUNS… CII `ID` (no scheme) and `GlobalID` (with scheme); UBL `PartyIdentification/ID`.
   */
  identifiers: ReceivedIdentifier[];
  /** BT-34 seller electronic address, with its scheme (BT-34-1). */
  electronicAddress?: ReceivedIdentifier;
  /** BT-35, BT-36 and BT-162 (address lines), joined by ", ". */
  address?: string;
  /** BT-38. */
  postalCode?: string;
  /** BT-37. */
  city?: string;
  /** BT-40, ISO 3166-1 alpha-2 as written (upper case). */
  countryCode?: string;
  /** BT-43 seller contact e-mail, or BT-34 when its scheme is `EM`. */
  email?: string;
  /** BT-42 seller contact telephone. */
  phone?: string;
}

/** The buyer (BG-7) as the file gives it: to check the invoice is addressed to the company. */
export interface ReceivedBuyer {
  /** BT-44 buyer name. */
  name?: string;
  /** SIREN of the buyer, found as for the seller (BT-47 scheme 0002/0009, French VAT number). */
  siren?: string;
  /** SIRET of the buyer (BT-47 or BT-46 with scheme 0009). */
  siret?: string;
  /** BT-48 buyer VAT identifier, normalised as the seller's. */
  vatNumber?: string;
  /** BT-47 buyer legal registration identifier with its scheme. */
  legalRegistration?: ReceivedIdentifier;
  /** BT-46 buyer identifiers with their schemes. */
  identifiers: ReceivedIdentifier[];
  /** BT-49 buyer electronic address with its scheme. */
  electronicAddress?: ReceivedIdentifier;
}

/**
 * A document-level allowance (BG-20) or charge (BG-21), or a line-level allowance (BG-27) or charge
 * (BG-28). Amounts in integer cents of the invoice currency (BT-5), with the sign turned as the
 * document's ({@link ReceivedInvoice.signReversed}).
 */
export interface ReceivedAllowanceCharge {
  /** BT-92 / BT-99 (document), BT-136 / BT-141 (line): the amount, cents. */
  amountCents: number;
  /** BT-93 / BT-100 / BT-137 / BT-142 base amount, cents, when given. */
  baseCents?: number;
  /** BT-94 / BT-101 / BT-138 / BT-143 percentage, decimal string as written ("5", "2.50"), when given. */
  percent?: string;
  /** BT-97 / BT-104 / BT-139 / BT-144 reason (free text), when given. */
  reason?: string;
  /** BT-98 / BT-105 / BT-140 / BT-145 reason code (UNTDID 5189 for allowances, 7161 for charges). */
  reasonCode?: string;
  /**
   * Document level only: BT-95 / BT-102 VAT category code (UNTDID 5305: S, Z, E, AE, K, G, O, L, M).
   * Absent on a line's allowance or charge (it takes its line's category and rate).
   */
  vatCategory?: string;
  /** Document level only: BT-96 / BT-103 VAT rate, decimal string ("20", "5.5"); "0" when the file gives none. */
  vatRate?: string;
}

/** A line (BG-25). Money as decimal strings (two decimals) and cents; quantities and prices as written. */
export interface ReceivedLine {
  /** BT-126 invoice line identifier, as written. */
  id?: string;
  /** BT-153 item name, else BT-154 item description, else BT-127 line note, else "Ligne <BT-126>". */
  description: string;
  /** BT-154 item description, when given beside the name. */
  itemDescription?: string;
  /** BT-127 invoice line note. */
  note?: string;
  /**
   * BT-129 invoiced quantity, decimal string as written, normalised ("+5" → "5", ".5" → "0.5");
   * "1" when the file gives none (a line built from a VAT breakdown). Negated with the document when
   * {@link ReceivedInvoice.signReversed} (a quantity can be negative on a line that is returned).
   */
  quantity: string;
  /** BT-130 unit of measure (UN/ECE rec. 20 / 21 code: C62, HUR, MTK, KGM…). */
  unit?: string;
  /**
   * BT-146 item net price (after the price discount BT-147), decimal string as written, never
   * negative (BR-27). When the file gives none, the line's net amount.
   */
  unitPrice: string;
  /** BT-148 item gross price, decimal string as written, when given. */
  grossPrice?: string;
  /** BT-147 item price discount (gross − net), decimal string as written, when given. */
  priceDiscount?: string;
  /** BT-149 item price base quantity (the net price is for this many units), decimal string; absent means 1. */
  priceBaseQuantity?: string;
  /**
   * BT-151 invoiced item VAT category code (UNTDID 5305: S, Z, E, AE, K, G, O, L, M). Absent only
   * on the single line made from a MINIMUM invoice without VAT breakdown (with {@link vatRate}).
   */
  vatCategory?: string;
  /**
   * BT-152 invoiced item VAT rate in percent, decimal string ("20", "5.5", "0"). "0" for the
   * categories without a rate (E, AE, K, G, O). Absent only on the single line made from a MINIMUM
   * invoice that gives neither lines nor VAT breakdown: its rate is then not known (show it as
   * « TVA non détaillée », do not invent one).
   */
  vatRate?: string;
  /** BG-27 line allowances, in file order. */
  allowances: ReceivedAllowanceCharge[];
  /** BG-28 line charges, in file order. */
  charges: ReceivedAllowanceCharge[];
  /** BT-131 invoice line net amount (quantity × price − line allowances + line charges), two decimals: "1234.50". */
  total: string;
  /** BT-131 in cents (same figure as {@link total}). */
  totalCents: number;
  /** BT-155 item seller's identifier. */
  sellerItemId?: string;
  /** BT-156 item buyer's identifier. */
  buyerItemId?: string;
  /** BT-133 invoice line buyer accounting reference. */
  buyerAccountingReference?: string;
  /** BT-132 referenced purchase order line. */
  orderLineReference?: string;
  /** BT-134 line period start date, YYYY-MM-DD. */
  periodStart?: string;
  /** BT-135 line period end date, YYYY-MM-DD. */
  periodEnd?: string;
}

/** One entry of the VAT breakdown (BG-23). Amounts in cents of the invoice currency. */
export interface ReceivedVatBreakdown {
  /** BT-118 VAT category code (UNTDID 5305): S standard, Z zero rated, E exempt, AE reverse charge,
   *  K intra-community, G export outside the EU, O not subject to VAT, L / M Canary Islands / Ceuta-Melilla. */
  category: string;
  /** BT-119 VAT category rate in percent, decimal string ("20", "5.5"); "0" when the file gives none. */
  rate: string;
  /** BT-116 VAT category taxable amount, cents. */
  baseCents: number;
  /** BT-117 VAT category tax amount, cents. */
  vatCents: number;
  /** BT-120 VAT exemption reason text (E, AE, K, G, O…), when given. */
  exemptionReason?: string;
  /** BT-121 VAT exemption reason code (VATEX list, e.g. `VATEX-EU-AE`, `VATEX-FR-FRANCHISE`), when given. */
  exemptionReasonCode?: string;
  /** BT-7 / BT-8: VAT point date (YYYY-MM-DD) or its code, when given on this entry (CII). */
  taxPointDate?: string;
}

/** A preceding invoice reference (BG-3): the invoice a credit note or a corrective invoice corrects. */
export interface ReceivedPrecedingInvoice {
  /** BT-25 preceding invoice reference (the supplier's number of that invoice), as written. */
  number: string;
  /** BT-26 preceding invoice issue date, YYYY-MM-DD, when given. */
  issueDate?: string;
}

/** What the document is, as recorded: an invoice (amount owed) or a credit note (amount deducted). */
export type ReceivedInvoiceKind = 'invoice' | 'credit_note';

/**
 * What an e-invoice says, whatever its syntax (CII, UBL Invoice, UBL CreditNote), every figure
 * checked against the others (docs/e-invoice-import.md, "Checks").
 *
 * Money is in integer cents of the invoice currency BT-5 ({@link currency}); a credit note's
 * figures are positive ({@link kind} `credit_note`), whether the file wrote a credit note with
 * positive amounts or an invoice with negative totals ({@link signReversed}). Every amount of the
 * document (totals, lines, allowances, charges, VAT breakdown) is turned together, so the
 * relations below hold on the figures as given here:
 *
 * - Σ `lines[].totalCents` = `lineTotalCents` (BT-106)
 * - `lineTotalCents` − `allowanceTotalCents` + `chargeTotalCents` = `netCents` (BT-109)
 * - Σ `vatBreakdown[].vatCents` = `vatCents` (BT-110); Σ `vatBreakdown[].baseCents` = `netCents`
 * - `netCents` + `vatCents` = `totalCents` (BT-112)
 * - `totalCents` − `prepaidCents` + `roundingCents` = `dueCents` (BT-115)
 */
export interface ReceivedInvoice {
  /** The file's syntax: UN/CEFACT CII (Factur-X, ZUGFeRD, XRechnung CII) or OASIS UBL 2.1. */
  syntax: 'CII' | 'UBL';
  /** `invoice`, or `credit_note` for a credit-note type code (381, 261, 396…, UBL `CreditNote`) or an invoice whose totals are negative. */
  kind: ReceivedInvoiceKind;
  /**
   * BT-3 invoice type code as written (UNTDID 1001): 380 commercial invoice, 381 credit note,
   * 384 corrected invoice, 386 prepayment invoice, 389 self-billed invoice, 261 self-billed credit
   * note, 751 invoice information… A 384 is an invoice (`kind` by its sign); a 389 is an invoice
   * the buyer wrote for the seller.
   */
  typeCode: string;
  /** True when the file's amounts were negative and are given here as their opposites (`kind` then flips). */
  signReversed: boolean;
  /** BT-24 specification identifier (the profile: `urn:cen.eu:en16931:2017`, Factur-X BASIC WL, MINIMUM…). */
  specification?: string;
  /** BT-1 invoice number. */
  number: string;
  /** BT-2 issue date, YYYY-MM-DD. */
  issueDate: string;
  /** BT-9 payment due date, YYYY-MM-DD (CII `DueDateDateTime`; UBL `DueDate`, else `PaymentMeans/PaymentDueDate`). */
  dueDate?: string;
  /** BT-20 payment terms (free text; several CII `SpecifiedTradePaymentTerms/Description` joined by a line break). */
  paymentTerms?: string;
  /** BT-22 invoice notes (free text), in file order. */
  notes: string[];
  /** BT-10 buyer reference (the buyer's own reference to route or match the invoice, e.g. a Leitweg-ID). */
  buyerReference?: string;
  /** BT-13 purchase order reference. */
  orderReference?: string;
  /** BT-12 contract reference. */
  contractReference?: string;
  /** BT-11 project reference. */
  projectReference?: string;
  /** BT-73 invoicing period start date, YYYY-MM-DD. */
  periodStart?: string;
  /** BT-74 invoicing period end date, YYYY-MM-DD. */
  periodEnd?: string;
  /** BG-3 preceding invoices (BT-25, BT-26), in file order: the invoice(s) a credit note or a 384 corrects. */
  precedingInvoices: ReceivedPrecedingInvoice[];
  seller: ReceivedSeller;
  buyer: ReceivedBuyer;
  /** BT-5 invoice currency code (ISO 4217, upper case): `EUR`, or another when BT-6 is `EUR` and BT-111 given. */
  currency: string;
  /** BT-6 VAT accounting currency code, when the file gives one. */
  vatCurrency?: string;
  /** BT-111 total VAT in the VAT accounting currency (BT-6), cents, when the file gives it. */
  vatInVatCurrencyCents?: number;
  /**
   * The VAT in euros, cents: BT-110 for a euro invoice, BT-111 for an invoice in another currency
   * (which is refused when it does not give its VAT in euros).
   */
  vatEuroCents: number;
  /** BG-25 lines; when the file has none (BASIC WL, MINIMUM), one line per VAT breakdown entry ({@link linesFromBreakdown}). */
  lines: ReceivedLine[];
  /**
   * True when the file has no lines (Factur-X BASIC WL or MINIMUM): `lines` were made one per VAT
   * breakdown entry (description « Montant HT à 20 % »…, quantity 1, net amount = its base
   * minus/plus the document allowances/charges of that rate), or one line at the HT (BT-109) when
   * there is no breakdown either (MINIMUM) (its `vatRate` then absent).
   */
  linesFromBreakdown: boolean;
  /** BG-20 document-level allowances, in file order. */
  allowances: ReceivedAllowanceCharge[];
  /** BG-21 document-level charges, in file order. */
  charges: ReceivedAllowanceCharge[];
  /** BG-23 VAT breakdown, in file order; one entry per category and rate. */
  vatBreakdown: ReceivedVatBreakdown[];
  /** BT-106 sum of invoice line net amounts, cents. */
  lineTotalCents: number;
  /** BT-107 sum of document-level allowances, cents (0 when none). */
  allowanceTotalCents: number;
  /** BT-108 sum of document-level charges, cents (0 when none). */
  chargeTotalCents: number;
  /** BT-109 invoice total without VAT (HT), cents. */
  netCents: number;
  /** BT-110 invoice total VAT in the invoice currency, cents (0 when the file gives none: no VAT). */
  vatCents: number;
  /** BT-112 invoice total with VAT (TTC), cents. */
  totalCents: number;
  /** BT-113 paid amount (already paid: prepayments, deposit), cents (0 when none). */
  prepaidCents: number;
  /** BT-114 rounding amount, cents (0 when none). */
  roundingCents: number;
  /** BT-115 amount due for payment, cents. */
  dueCents: number;
}

/** Lines kept at most (a supplier invoice's `items` holds 1 000). */
export const maxReceivedLines = 1_000;

/** An XML decimal (`xs:decimal`): optional sign, digits, optional fraction; nothing else. */
const xmlDecimal = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** A required amount (two decimals at most, as EN 16931 says of amounts: BR-DEC-*) in cents; 400 otherwise. */
export function amountCents(value: string | undefined, what: string): number {
  if (value === undefined) throw importRefused(importMessages.missing(what));
  const parsed = xmlDecimal.test(value) ? tryParseDecimal(value, 2) : undefined;
  if (!parsed?.ok) throw importRefused(importMessages.badAmount(what, value.slice(0, 40)));
  return parsed.units;
}

/** An amount that may be absent: its cents, or `undefined`. */
export function optionalAmountCents(value: string | undefined, what: string): number | undefined {
  return value === undefined ? undefined : amountCents(value, what);
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

/** An optional decimal kept as written, checked when present. */
export function optionalDecimalText(value: string | undefined, what: string): string | undefined {
  return value === undefined ? undefined : decimalText(value, what);
}

/** The opposite of a decimal string ("2" → "-2", "-0.5" → "0.5", "0" stays "0"). */
export function negatedDecimalText(value: string): string {
  if (value.startsWith('-')) return value.slice(1);
  return /^[0.]+$/.test(value) ? value : `-${value}`;
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
 * A party's SIREN and SIRET from its legal registration (BT-30 / BT-47 and its scheme: 0002 SIREN,
 * 0009 SIRET; without a scheme, 9 or 14 digits of a French party) or, failing that, its French VAT
 * number.
 */
export function legalIdentity(
  registration: ReceivedIdentifier | undefined,
  vatNumber: string | undefined,
  countryCode: string | undefined,
): { siren?: string; siret?: string } {
  const id = normalisedIdentifier(registration?.value);
  const scheme = registration?.scheme;
  const french = !countryCode || countryCode.toUpperCase() === 'FR';
  if (id && /^\d{14}$/.test(id) && (scheme === '0009' || (!scheme && french))) {
    return { siren: id.slice(0, 9), siret: id };
  }
  if (id && /^\d{9}$/.test(id) && (scheme === '0002' || (!scheme && french))) return { siren: id };
  const fromVat = sirenOfFrenchVat(vatNumber);
  return fromVat ? { siren: fromVat } : {};
}

/**
 * Adds the SIRET a party identifier gives (BT-29 / BT-46 with scheme 0009) when it is the
 * establishment of the SIREN found (or when none was).
 */
export function withSiret(
  identity: { siren?: string; siret?: string },
  identifiers: ReceivedIdentifier[],
): { siren?: string; siret?: string } {
  const siret = normalisedIdentifier(identifiers.find((id) => id.scheme === '0009')?.value);
  if (identity.siret || !siret || !/^\d{14}$/.test(siret)) return identity;
  if (identity.siren && !siret.startsWith(identity.siren)) return identity;
  return { siren: siret.slice(0, 9), siret };
}

/** `{ [key]: value }` when the value is given, `{}` otherwise (for optional properties). */
export function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}
