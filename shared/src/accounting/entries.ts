/**
 * The accounting entries of the company's documents (`../shared/guide/ACCOUNTING.md`, « Journals and
 * entries »), as pure functions of the documents: the export derives them from what the documents
 * say when it runs, so a credit note or a deleted payment changes the entries of the periods it
 * touches and nothing drifts.
 *
 * - **VE** at each issued invoice, on its issue day: debit the client (411, its auxiliary account)
 *   what it must pay, debit 411700 the retention, debit 419100 the deposits deducted (HT), credit the
 *   works account of each VAT rate (a deposit: 419100) its HT, credit the VAT of each rate — 445710,
 *   or 445740 for a company taxed on receipts (works are services: the VAT is due when paid). A
 *   credit note is the same entry, sides swapped; its VAT leaves 445740 for what its invoice still
 *   has there, 445710 for the rest.
 * - **HA** at each supplier invoice recorded: credit the supplier (401) the TTC, debit each line's
 *   purchase account (by resource type) its HT, debit 445660 the VAT of each rate. A supplier credit
 *   note is the same, swapped. A record whose VAT is not detailed debits its TTC to the purchases;
 *   an e-invoice's rounding (BT-114) is owed to the supplier and goes with the first purchase
 *   account; its amount already paid (BT-113, an advance paid before the invoice) is taken off what
 *   the supplier is owed in the same entry — debit 401, credit 409100 (advances paid to suppliers,
 *   where the advance was booked when paid), the mirror of a client's deposit on 419100 — so the
 *   supplier's lines balance once `amountDue` is paid; a record in another currency is left out (no
 *   exchange rate is known).
 * - **BQ** at each payment: debit 512 / credit 411 (a retention's release: 411700); credit 512 /
 *   debit 401 for a supplier. Taxed on receipts, the same entry moves the paid share of the VAT from
 *   445740 to 445710, rate by rate: the payment is split over the rates in proportion to what
 *   remains of their TTC (`splitInProportion`, the cents to the largest remainders), each part
 *   carries its share of the VAT still pending at that rate, and the payment that settles the
 *   invoice moves all that is left, so 445740 nets to zero on a settled invoice.
 * - **Lettering**: the client (or supplier) lines of an invoice, of its credit notes and of its
 *   payments share one `EcritureLet` code once they balance (the invoice settled) on or before the
 *   day the books are lettered up to, with `DateLet` the day of the last of them; the retention
 *   lines likewise once released.
 *
 * Every amount is in integer cents and no line carries a negative amount: a negative figure goes to
 * the other side. Each entry is balanced by construction (the client's debit is the TTC from the VAT
 * breakdown less the retention, the works accounts carry base + deduction per rate).
 */
import { calendarDateInFrance } from '../invoice-status.js';
import { centsOf } from '../finance.js';
import { formatPercent, parsePercent, sumCents, tryParseDecimal, PERCENT_SCALE } from '../money.js';
import { isInEuros } from '../supplier-invoice-figures.js';
import { splitInProportion } from '../vat.js';
import {
  purchaseUseOfResourceType,
  salesAccountOfRate,
  type Account,
  type ChartOfAccounts,
} from './chart.js';
import type { ResourceType } from '../enums.js';

export const journalCodes = ['VE', 'HA', 'BQ'] as const;
export type JournalCode = (typeof journalCodes)[number];
export const journalLabels: Record<JournalCode, string> = { VE: 'Ventes', HA: 'Achats', BQ: 'Banque' };

/** An auxiliary account (`CompAuxNum`, `CompAuxLib`): a client's `C00042` or a supplier's `F00017`. */
export interface AuxAccount {
  number: string;
  label: string;
}

/** One line of an entry. Exactly one of `debit`, `credit` is above 0; amounts in cents. */
export interface EntryLine {
  account: Account;
  aux?: AuxAccount | undefined;
  debit: number;
  credit: number;
  /** The line's own label when it says more than the entry's (« TVA 20 % »). */
  label?: string | undefined;
  /** A works or VAT line: the VAT rate it is for ("20.00"). */
  rate?: string | undefined;
  /** Lettering: the code shared with the lines that settle it, and the day it was settled. */
  letter?: { code: string; date: string } | undefined;
}

/** One balanced entry (`EcritureNum` is given by the export, in date order per journal). */
export interface Entry {
  journal: JournalCode;
  /** `EcritureDate`, `YYYY-MM-DD`. */
  date: string;
  pieceRef: string;
  pieceDate: string;
  label: string;
  lines: EntryLine[];
}

/** Σ debit and Σ credit of an entry's lines, cents. */
export function entryTotals(entry: Pick<Entry, 'lines'>): { debit: number; credit: number } {
  return {
    debit: sumCents(entry.lines.map((line) => line.debit)),
    credit: sumCents(entry.lines.map((line) => line.credit)),
  };
}

/** The FEC's `EcritureLib` is cut to this many characters (its value is text on one line). */
export const ENTRY_LABEL_MAX_LENGTH = 100;

/** A label on one line, without tabs, pipes or line breaks, cut to `ENTRY_LABEL_MAX_LENGTH`. */
export function entryLabel(...parts: (string | null | undefined)[]): string {
  const text = parts
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map((part) =>
      part
        .replace(/[\t|\r\n]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .join(' - ');
  return [...text].slice(0, ENTRY_LABEL_MAX_LENGTH).join('');
}

/** A line of `cents` on `side`; a negative amount goes to the other side; 0 gives no line. */
function line(
  side: 'debit' | 'credit',
  cents: number,
  account: Account,
  extra: Pick<EntryLine, 'aux' | 'label' | 'rate'> = {},
): EntryLine[] {
  if (cents === 0) return [];
  const onDebit = (side === 'debit') === cents > 0;
  const amount = Math.abs(cents);
  return [{ account, ...extra, debit: onDebit ? amount : 0, credit: onDebit ? 0 : amount }];
}

/** The entry's lines with debit and credit swapped (a credit note, a refund). */
function swapped(lines: EntryLine[]): EntryLine[] {
  return lines.map((entryLine) => ({ ...entryLine, debit: entryLine.credit, credit: entryLine.debit }));
}

/** « TVA 20 % », « HT 5,5 % ». */
function rateLabel(prefix: string, rate: string): string {
  const hundredths = parsePercent(rate);
  const text = formatPercent(hundredths)
    .replace(/\.?0+$/, '')
    .replace('.', ',');
  return `${prefix} ${text} %`;
}

/** The calendar day (`YYYY-MM-DD`, France) of a date or an instant. */
export function dayOf(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : calendarDateInFrance(new Date(value));
}

// ---------------------------------------------------------------------------------------------
// Lettering codes
// ---------------------------------------------------------------------------------------------

function lettersOf(value: number): string {
  // Bijective base 26: 1 → A, 26 → Z, 27 → AA.
  let rest = value;
  let code = '';
  while (rest > 0) {
    const digit = (rest - 1) % 26;
    code = String.fromCharCode(65 + digit) + code;
    rest = Math.floor((rest - 1) / 26);
  }
  return code;
}

/**
 * The lettering code of a document, the same in every export: from its number `XX-<year>-<n>`
 * ((year mod 100) × 100 000 + n in letters, « FAC-2026-0042 » → `EVKYB`), else from a hash of the
 * number or id. Unique per number series and year, which is what shares an auxiliary account.
 */
export function letteringCode(numberOrId: string): string {
  const match = /-(\d{4})-(\d{1,5})$/.exec(numberOrId);
  if (match) return lettersOf((Number(match[1]) % 100) * 100_000 + Number(match[2]));
  let hash = 2_166_136_261;
  for (const character of numberOrId) {
    hash = Math.imul(hash ^ (character.codePointAt(0) ?? 0), 16_777_619) >>> 0;
  }
  return lettersOf((hash % 11_000_000) + 12_000_000);
}

// ---------------------------------------------------------------------------------------------
// Sales (VE) and customer payments (BQ)
// ---------------------------------------------------------------------------------------------

/** What the sales rules read of a customer invoice or credit note (money as decimal strings). */
export interface SaleDocument {
  id: string;
  /** `standard`, `deposit`, `progress` or `credit_note`. */
  kind: string;
  status: string;
  number?: string | null | undefined;
  /** `YYYY-MM-DD`; absent on records made before it: the day of `sentAt`. */
  issueDate?: string | null | undefined;
  sentAt?: string | null | undefined;
  title?: string | null | undefined;
  /** Each line's HT (deductions of deposits are the negative ones) and rate. */
  lines?: readonly { total: string; vatRate: string }[] | null | undefined;
  vatBreakdown: readonly { rate: string; base: string; amount: string }[];
  retentionAmount?: string | null | undefined;
  /** The day the retention was paid (`YYYY-MM-DD`). */
  retentionReleasedAt?: string | null | undefined;
  payments?: readonly { amount: string; paidAt: string; reference?: string | null | undefined }[] | null;
  paidAmount?: string | null | undefined;
  paidAt?: string | null | undefined;
  amountDue?: string | null | undefined;
  creditedAmount?: string | null | undefined;
  creditedInvoiceId?: string | null | undefined;
}

/** An invoice with its issued credit notes and whom it was sold to: what one client account settles. */
export interface SaleGroup {
  invoice: SaleDocument;
  /** Its issued credit notes (drafts left out by the caller, or here). */
  creditNotes: readonly SaleDocument[];
  client: AuxAccount;
  /** The company was taxed on receipts when it issued the invoice (regime normal, no debits option). */
  vatOnReceipts: boolean;
}

interface RateFigures {
  rate: string;
  baseCents: number;
  vatCents: number;
  /** HT of the deposits deducted at that rate (positive). */
  deductionCents: number;
}

function rateFiguresOf(document: SaleDocument): RateFigures[] {
  const deductions = new Map<number, number>();
  for (const documentLine of document.lines ?? []) {
    const total = centsOf(documentLine.total);
    if (total >= 0) continue;
    const rate = tryParseDecimal(documentLine.vatRate, PERCENT_SCALE);
    const key = rate.ok ? rate.units : 0;
    deductions.set(key, (deductions.get(key) ?? 0) - total);
  }
  return document.vatBreakdown.map((entry) => {
    const rate = tryParseDecimal(entry.rate, PERCENT_SCALE);
    return {
      rate: formatPercent(rate.ok ? rate.units : 0),
      baseCents: centsOf(entry.base),
      vatCents: centsOf(entry.amount),
      deductionCents: deductions.get(rate.ok ? rate.units : 0) ?? 0,
    };
  });
}

/** The day a customer document was issued: `issueDate`, else the day of `sentAt`. */
export function issueDayOf(document: Pick<SaleDocument, 'issueDate' | 'sentAt'>): string | undefined {
  if (document.issueDate) return document.issueDate.slice(0, 10);
  return document.sentAt ? dayOf(document.sentAt) : undefined;
}

/** Whether a customer document is in the books: issued (not a draft) and dated. */
export function isBooked(document: Pick<SaleDocument, 'status' | 'issueDate' | 'sentAt'>): boolean {
  return document.status !== 'draft' && issueDayOf(document) !== undefined;
}

/**
 * The payments of a customer invoice (`payments`, else one of `paidAmount` at `paidAt`, a record
 * made before payments were listed; an invoice `paid` without any amount: what remained, at
 * `paidAt`), in cents, each with its day, in the order received.
 */
export function salePaymentsOf(
  invoice: SaleDocument,
): { cents: number; day: string; reference?: string | undefined }[] {
  const listed = (invoice.payments ?? [])
    .map((payment) => ({
      cents: centsOf(payment.amount),
      at: payment.paidAt,
      reference: payment.reference ?? undefined,
    }))
    .filter((payment) => payment.cents > 0 && payment.at);
  if (listed.length === 0) {
    const paid = centsOf(invoice.paidAmount);
    if (paid > 0 && invoice.paidAt) listed.push({ cents: paid, at: invoice.paidAt, reference: undefined });
    else if (invoice.status === 'paid' && invoice.paidAt) {
      const due = centsOf(invoice.amountDue) - centsOf(invoice.creditedAmount);
      if (due > 0) listed.push({ cents: due, at: invoice.paidAt, reference: undefined });
    }
  }
  return listed
    .map((payment, position) => ({ ...payment, position, time: Date.parse(payment.at) }))
    .sort((a, b) => a.time - b.time || a.position - b.position)
    .map(({ cents, at, reference }) => ({ cents, day: dayOf(at), reference }));
}

/** The pending VAT of each rate and the TTC not yet settled, while an invoice's events are replayed. */
interface PendingState {
  rates: { rate: string; outstandingCents: number; pendingVatCents: number }[];
}

/**
 * How a settlement of `cents` (a payment or a released retention) splits over the rates and what
 * VAT it moves from 445740 to 445710, updating `state`. `settles`: nothing will remain (all the
 * pending VAT moves).
 */
function settle(state: PendingState, cents: number, settles: boolean): { rate: string; vatCents: number }[] {
  const weights = state.rates.map((entry) => Math.max(0, entry.outstandingCents));
  const parts = splitInProportion(cents, weights);
  return state.rates.map((entry, index) => {
    const part = parts[index] ?? 0;
    let moved: number;
    if (settles || part >= entry.outstandingCents) moved = entry.pendingVatCents;
    else if (entry.outstandingCents <= 0) moved = 0;
    else {
      const share = Number(
        (BigInt(part) * BigInt(entry.pendingVatCents) * 2n + BigInt(entry.outstandingCents)) /
          (2n * BigInt(entry.outstandingCents)),
      );
      moved = Math.min(entry.pendingVatCents, Math.max(0, share));
    }
    entry.outstandingCents = Math.max(0, entry.outstandingCents - part);
    entry.pendingVatCents -= moved;
    return { rate: entry.rate, vatCents: moved };
  });
}

interface GroupEvent {
  day: string;
  order: number;
  position: number;
  build: () => Entry;
}

/** The number a document shows, or its id when it has none (never for an issued document). */
function pieceOf(document: SaleDocument): string {
  return document.number ?? document.id;
}

/**
 * Every entry of an invoice's group — its VE entry, those of its credit notes, the BQ entries of its
 * payments and of its retention's release — in date order, lettered as of `letteredUpTo`
 * (`YYYY-MM-DD`: the settled lines whose last movement is on or before that day). A draft invoice
 * or one without an issue day has none.
 */
export function saleGroupEntries(
  group: SaleGroup,
  chart: Pick<ChartOfAccounts, 'accounts' | 'salesByRate'>,
  letteredUpTo: string,
): Entry[] {
  const { invoice, client } = group;
  const issueDay = issueDayOf(invoice);
  if (!isBooked(invoice) || issueDay === undefined) return [];
  const { accounts } = chart;
  const figures = rateFiguresOf(invoice);
  const ttcCents = sumCents(figures.map((entry) => entry.baseCents + entry.vatCents));
  const retentionCents = Math.max(0, Math.min(ttcCents, centsOf(invoice.retentionAmount)));
  const vatAccount = group.vatOnReceipts ? accounts.vatPending : accounts.vatCollected;
  const isDeposit = invoice.kind === 'deposit';
  const label = entryLabel(client.label, invoice.title);

  const state: PendingState = {
    rates: figures.map((entry) => ({
      rate: entry.rate,
      outstandingCents: entry.baseCents + entry.vatCents,
      pendingVatCents: group.vatOnReceipts ? entry.vatCents : 0,
    })),
  };
  const pendingOf = (rate: string) => state.rates.find((entry) => entry.rate === rate);

  /** The lines of a sale document's own entry (an invoice; a credit note before its sides are swapped). */
  const saleLines = (
    document: SaleDocument,
    documentFigures: RateFigures[],
    vatLines: (entry: RateFigures) => EntryLine[],
    retention: number,
  ): EntryLine[] => {
    const ttc = sumCents(documentFigures.map((entry) => entry.baseCents + entry.vatCents));
    const deducted = sumCents(documentFigures.map((entry) => entry.deductionCents));
    return [
      ...line('debit', ttc - retention, accounts.clients, { aux: client }),
      ...line('debit', retention, accounts.retention, { aux: client, label: 'Retenue de garantie' }),
      ...line('debit', deducted, accounts.deposits, { label: 'Déduction des acomptes' }),
      ...documentFigures.flatMap((entry) =>
        line(
          'credit',
          entry.baseCents + entry.deductionCents,
          isDeposit ? accounts.deposits : salesAccountOfRate(chart, entry.rate),
          { label: rateLabel(isDeposit ? 'Acompte HT' : 'HT', entry.rate), rate: entry.rate },
        ),
      ),
      ...documentFigures.flatMap(vatLines),
    ];
  };

  const events: GroupEvent[] = [];
  events.push({
    day: issueDay,
    order: 0,
    position: 0,
    build: () => ({
      journal: 'VE',
      date: issueDay,
      pieceRef: pieceOf(invoice),
      pieceDate: issueDay,
      label,
      lines: saleLines(
        invoice,
        figures,
        (entry) =>
          line('credit', entry.vatCents, vatAccount, {
            label: rateLabel('TVA', entry.rate),
            rate: entry.rate,
          }),
        retentionCents,
      ),
    }),
  });

  const notes = group.creditNotes.filter(isBooked);
  notes.forEach((note, position) => {
    const day = issueDayOf(note) as string;
    events.push({
      day,
      order: 1,
      position,
      build: () => {
        const noteFigures = rateFiguresOf(note);
        const lines = saleLines(
          note,
          noteFigures,
          (entry) => {
            const pending = pendingOf(entry.rate);
            const fromPending = group.vatOnReceipts
              ? Math.min(entry.vatCents, Math.max(0, pending?.pendingVatCents ?? 0))
              : 0;
            if (pending) {
              pending.pendingVatCents -= fromPending;
              pending.outstandingCents = Math.max(
                0,
                pending.outstandingCents - (entry.baseCents + entry.vatCents),
              );
            }
            return [
              ...line('credit', fromPending, accounts.vatPending, {
                label: rateLabel('TVA', entry.rate),
                rate: entry.rate,
              }),
              ...line('credit', entry.vatCents - fromPending, accounts.vatCollected, {
                label: rateLabel('TVA', entry.rate),
                rate: entry.rate,
              }),
            ];
          },
          Math.max(0, centsOf(note.retentionAmount)),
        );
        return {
          journal: 'VE',
          date: day,
          pieceRef: pieceOf(note),
          pieceDate: day,
          label: entryLabel(client.label, note.title),
          lines: swapped(lines),
        };
      },
    });
  });

  const payments = salePaymentsOf(invoice);
  const released = invoice.retentionReleasedAt ? invoice.retentionReleasedAt.slice(0, 10) : undefined;
  // The person's word that the invoice is settled (`paid`; `cancelled` by its credit notes): its last
  // settlement moves all the VAT still pending, once nothing is held back as retention.
  const settledWhole =
    (invoice.status === 'paid' || invoice.status === 'cancelled') &&
    (retentionCents === 0 || released !== undefined);
  // Read once the events are sorted (entries are built after the sort).
  const isLastSettlement = (event: GroupEvent | undefined) =>
    event !== undefined && events.filter((other) => other.order >= 2).at(-1) === event;
  const bankEntry = (
    event: () => GroupEvent | undefined,
    day: string,
    cents: number,
    clientAccount: Account,
    what: string,
  ): Entry => {
    const outstanding = sumCents(state.rates.map((entry) => entry.outstandingCents));
    const settlesAll = cents >= outstanding || (settledWhole && isLastSettlement(event()));
    const moves = group.vatOnReceipts ? settle(state, cents, settlesAll) : [];
    return {
      journal: 'BQ',
      date: day,
      pieceRef: pieceOf(invoice),
      pieceDate: day,
      label: entryLabel(what, client.label, pieceOf(invoice)),
      lines: [
        ...line('debit', cents, accounts.bank),
        ...line('credit', cents, clientAccount, { aux: client }),
        ...moves.flatMap((move) => [
          ...line('debit', move.vatCents, accounts.vatPending, {
            label: rateLabel('TVA', move.rate),
            rate: move.rate,
          }),
          ...line('credit', move.vatCents, accounts.vatCollected, {
            label: rateLabel('TVA', move.rate),
            rate: move.rate,
          }),
        ]),
      ],
    };
  };
  payments.forEach((payment, position) => {
    const event: GroupEvent = {
      day: payment.day,
      order: 2,
      position,
      build: () => bankEntry(() => event, payment.day, payment.cents, accounts.clients, 'Règlement'),
    };
    events.push(event);
  });
  if (released !== undefined && retentionCents > 0) {
    const event: GroupEvent = {
      day: released,
      order: 3,
      position: 0,
      build: () =>
        bankEntry(() => event, released, retentionCents, accounts.retention, 'Retenue de garantie libérée'),
    };
    events.push(event);
  }

  events.sort((a, b) => a.day.localeCompare(b.day) || a.order - b.order || a.position - b.position);
  const entries = events.map((event) => event.build());
  return letter(entries, letteringCode(pieceOf(invoice)), letteredUpTo, [
    accounts.clients.number,
    accounts.retention.number,
  ]);
}

/**
 * Letters, per account in `accountNumbers`, the lines of `entries` on that account once they balance
 * (Σ debit = Σ credit, above 0) counting the entries dated on or before `upTo`: each gets `code` and
 * the day of the last of them. Entries after `upTo`, and an account that does not balance, are left
 * unlettered.
 */
function letter(entries: Entry[], code: string, upTo: string, accountNumbers: readonly string[]): Entry[] {
  for (const number of new Set(accountNumbers)) {
    let debit = 0;
    let credit = 0;
    let lastDay: string | undefined;
    const touched: EntryLine[] = [];
    for (const entry of entries) {
      if (entry.date > upTo) continue;
      for (const entryLine of entry.lines) {
        if (entryLine.account.number !== number) continue;
        debit += entryLine.debit;
        credit += entryLine.credit;
        touched.push(entryLine);
        lastDay = entry.date;
      }
    }
    if (debit > 0 && debit === credit && lastDay !== undefined) {
      for (const entryLine of touched) entryLine.letter = { code, date: lastDay };
    }
  }
  return entries;
}

// ---------------------------------------------------------------------------------------------
// Purchases (HA) and supplier payments (BQ)
// ---------------------------------------------------------------------------------------------

/** What the purchase rules read of a supplier invoice or supplier credit note (as read: `supplierInvoiceAsRead`). */
export interface PurchaseDocument {
  id: string;
  /** `invoice` or `credit_note`. */
  kind?: string | null | undefined;
  status: string;
  number: string;
  title?: string | null | undefined;
  supplierReference?: string | null | undefined;
  /** The supplier's date (BT-2), else the day it was received, else the day it was recorded. */
  issueDate?: string | null | undefined;
  receivedAt?: string | null | undefined;
  createdAt?: string | null | undefined;
  lines?: readonly { total: string; resourceType?: ResourceType | null | undefined }[] | null | undefined;
  /** HT (absent when the VAT is not detailed). */
  netAmount?: string | null | undefined;
  vatBreakdown?: readonly { rate: string; base: string; amount: string }[] | null | undefined;
  vatAmount?: string | null | undefined;
  /** TTC. */
  totalAmount: string;
  /** BT-114, an imported e-invoice's rounding of what is due: part of the cost, owed to the supplier. */
  roundingAmount?: string | null | undefined;
  /** BT-113, an imported e-invoice's amount already paid (an advance): not owed any more. */
  prepaidAmount?: string | null | undefined;
  /** An imported e-invoice in another currency (BT-5): not in the books (`isPurchaseBooked`). */
  currency?: string | null | undefined;
  vatDetailed?: boolean | null | undefined;
  payments?: readonly { amount: string; paidAt: string }[] | null | undefined;
  paidAmount?: string | null | undefined;
  paidAt?: string | null | undefined;
  creditNotes?: readonly { id: string }[] | null | undefined;
  creditedInvoiceId?: string | null | undefined;
}

/** A supplier invoice with its credit notes (or a credit note crediting no invoice, alone). */
export interface PurchaseGroup {
  invoice: PurchaseDocument;
  creditNotes: readonly PurchaseDocument[];
  supplier: AuxAccount;
}

/** The day a supplier document enters the books. */
export function purchaseDayOf(document: PurchaseDocument): string | undefined {
  if (document.issueDate) return document.issueDate.slice(0, 10);
  if (document.receivedAt) return dayOf(document.receivedAt);
  return document.createdAt ? dayOf(document.createdAt) : undefined;
}

/**
 * Whether a supplier document is in the books: recorded (not a draft), in euros, and not cancelled —
 * except an invoice cancelled by its credit notes, which stay in the books with it.
 */
export function isPurchaseBooked(document: PurchaseDocument): boolean {
  if (document.status === 'draft' || purchaseDayOf(document) === undefined) return false;
  // Its amounts are not euros and the product knows no exchange rate: the accountant books it.
  if (!isInEuros(document)) return false;
  if (document.status === 'cancelled') {
    return document.kind !== 'credit_note' && (document.creditNotes?.length ?? 0) > 0;
  }
  return true;
}

/**
 * The payments of a supplier document, cents and day: its listed `payments` up to `paidAmount`, and
 * what `paidAmount` has beyond them (paid before payments were listed, or set by hand) at `paidAt`.
 */
export function purchasePaymentsOf(document: PurchaseDocument): { cents: number; day: string }[] {
  const listed = (document.payments ?? [])
    .map((payment) => ({ cents: centsOf(payment.amount), at: payment.paidAt }))
    .filter((payment) => payment.cents > 0 && payment.at)
    .map((payment, position) => ({ ...payment, position, time: Date.parse(payment.at) }))
    .sort((a, b) => a.time - b.time || a.position - b.position);
  const paid = Math.max(0, centsOf(document.paidAmount));
  const payments: { cents: number; at: string }[] = [];
  let left = paid;
  // `paidAmount` is the record's word: listed payments beyond it (an edit lowered it) are left out.
  for (const payment of listed) {
    if (left <= 0) break;
    payments.push({ cents: Math.min(payment.cents, left), at: payment.at });
    left -= Math.min(payment.cents, left);
  }
  const at = document.paidAt ?? document.createdAt;
  if (left > 0 && at) payments.push({ cents: left, at });
  return payments
    .map((payment, position) => ({ ...payment, position, time: Date.parse(payment.at) }))
    .sort((a, b) => a.time - b.time || a.position - b.position)
    .map(({ cents, at: paidAt }) => ({ cents, day: dayOf(paidAt) }));
}

function purchaseLines(
  document: PurchaseDocument,
  chart: Pick<ChartOfAccounts, 'accounts'>,
  supplier: AuxAccount,
): EntryLine[] {
  const { accounts } = chart;
  // What the supplier is owed: the TTC and the rounding of an imported e-invoice (BT-114), which
  // the gap below puts on the first purchase account.
  const ttc = sumCents([centsOf(document.totalAmount), centsOf(document.roundingAmount)]);
  const detailed = document.vatDetailed !== false && document.netAmount != null;
  const net = detailed ? centsOf(document.netAmount) : ttc;
  const byAccount = new Map<string, { account: Account; cents: number }>();
  for (const documentLine of document.lines ?? []) {
    const account = accounts[purchaseUseOfResourceType[documentLine.resourceType ?? 'other']];
    const current = byAccount.get(account.number) ?? { account, cents: 0 };
    current.cents += centsOf(documentLine.total);
    byAccount.set(account.number, current);
  }
  if (byAccount.size === 0) {
    byAccount.set(accounts.purchasesOther.number, { account: accounts.purchasesOther, cents: 0 });
  }
  const groups = [...byAccount.values()];
  // Document allowances and charges (and a TTC-only record): spread over the accounts in proportion
  // to their amounts, so the purchases add up to the HT exactly.
  const difference = net - sumCents(groups.map((entry) => entry.cents));
  const parts = splitInProportion(
    difference,
    groups.map((entry) => Math.max(0, entry.cents)),
  );
  groups.forEach((entry, index) => (entry.cents += parts[index] ?? 0));
  const vat = detailed
    ? (document.vatBreakdown ?? []).map((entry) => ({ rate: entry.rate, cents: centsOf(entry.amount) }))
    : [];
  const vatTotal = sumCents(vat.map((entry) => entry.cents));
  // What the lines and the VAT do not explain (never, for a record read through its rules) stays on
  // the first purchase account, so the entry balances whatever was stored.
  const gap = ttc - net - vatTotal;
  if (gap !== 0 && groups[0]) groups[0].cents += gap;
  // BT-113: the advance already paid settles that much of the supplier's due, from 409.
  const prepaid = Math.max(0, centsOf(document.prepaidAmount));
  return [
    ...line('credit', ttc, accounts.suppliers, { aux: supplier }),
    ...groups.flatMap((entry) => line('debit', entry.cents, entry.account)),
    ...vat.flatMap((entry) =>
      line('debit', entry.cents, accounts.vatDeductible, {
        label: rateLabel('TVA', entry.rate),
        rate: entry.rate,
      }),
    ),
    ...line('debit', prepaid, accounts.suppliers, { aux: supplier, label: 'Acompte déjà versé' }),
    ...line('credit', prepaid, accounts.supplierAdvances, { label: 'Acompte déjà versé' }),
  ];
}

/**
 * Every entry of a supplier invoice's group — its HA entry, its credit notes', the BQ entries of the
 * payments (and of a credit note's refund) — in date order, the supplier's lines lettered as of
 * `letteredUpTo`.
 */
export function purchaseGroupEntries(
  group: PurchaseGroup,
  chart: Pick<ChartOfAccounts, 'accounts'>,
  letteredUpTo: string,
): Entry[] {
  const { invoice, supplier } = group;
  const { accounts } = chart;
  if (!isPurchaseBooked(invoice)) return [];
  const documents = [invoice, ...group.creditNotes.filter(isPurchaseBooked)];
  const events: GroupEvent[] = [];
  documents.forEach((document, position) => {
    const day = purchaseDayOf(document) as string;
    const isNote = document.kind === 'credit_note';
    events.push({
      day,
      order: isNote ? 1 : 0,
      position,
      build: () => {
        const lines = purchaseLines(document, chart, supplier);
        return {
          journal: 'HA',
          date: day,
          pieceRef: document.number,
          pieceDate: day,
          label: entryLabel(supplier.label, document.supplierReference ?? undefined, document.title),
          lines: isNote ? swapped(lines) : lines,
        };
      },
    });
    purchasePaymentsOf(document).forEach((payment, index) => {
      events.push({
        day: payment.day,
        order: 2,
        position: position * 10_000 + index,
        build: () => {
          // A supplier paid: credit the bank, debit the supplier; a credit note refunded: the reverse.
          const lines = [
            ...line('credit', payment.cents, accounts.bank),
            ...line('debit', payment.cents, accounts.suppliers, { aux: supplier }),
          ];
          return {
            journal: 'BQ',
            date: payment.day,
            pieceRef: document.number,
            pieceDate: payment.day,
            label: entryLabel(isNote ? 'Remboursement' : 'Règlement', supplier.label, document.number),
            lines: isNote ? swapped(lines) : lines,
          };
        },
      });
    });
  });
  events.sort((a, b) => a.day.localeCompare(b.day) || a.order - b.order || a.position - b.position);
  return letter(
    events.map((event) => event.build()),
    letteringCode(invoice.number),
    letteredUpTo,
    [accounts.suppliers.number],
  );
}
