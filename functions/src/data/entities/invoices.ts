import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Invoice, InvoiceCreateData, InvoiceLine, InvoicePayment } from '@btp/shared/entities/invoice';
import type { VatRate } from '@btp/shared/enums';
import { invoiceTotals } from '@btp/shared/invoice-totals';
import {
  formatMoney,
  lineTotal,
  parseMoney,
  parsePercent,
  parseQuantity,
  percentOf,
  sumCents,
} from '@btp/shared/money';
import { LEGACY_VAT_RATE } from '@btp/shared/pricing';
import { pricedInvoice, singleLine } from '@btp/shared/invoice-lines';
import { awsErrorToHttp } from '../../lib/aws-errors.js';
import { db, tableName } from '../../lib/dynamo.js';
import { conflict, type HttpError } from '../../lib/http-errors.js';
import { takeNextNumber, numberSeries, type NumberSeries } from '../counters.js';
import { entityRepository, staleVersionMessage, type Fields } from '../entity-repository.js';
import { creditNoteLinkKey } from '../credit-note-links.js';
import { companyMarkerKey, companyPk, type Key } from '../keys.js';
import { hasAllLinks, linkedInvoiceIds, quoteInvoiceLinkKey } from '../quote-invoice-links.js';
import { referenceMessages } from './reference-messages.js';
import { withFigureImage } from '../figure-images.js';
import { transactWrite, type TransactItem } from '../transactions.js';

/** Same text as `invoiceMessages.projectNotFound` (that module imports this one). */
const projectOfCompanyMessage = 'Projet introuvable dans votre entreprise : choisissez un de vos projets.';

export const invoiceNumberTaken = 'Ce numéro de facture est déjà utilisé.';

/**
 * Customer invoices and credit notes: `COMPANY#<c>` / `INVOICE#<id>`, their lines inside the
 * record. A draft has no number; the final number is taken when it is issued, gapless per company
 * and year in its own series: `FAC-<year>-<n>` for invoices (standard, deposit, progress),
 * `AV-<year>-<n>` for credit notes.
 */
export const invoices = entityRepository<Invoice>({
  type: 'INVOICE',
  notFoundMessage: 'Facture introuvable.',
  // A client's or project's deletion checks what links to it (see reference-stamps.ts).
  references: [
    { field: 'clientId', targetType: 'CLIENT', message: referenceMessages.client },
    { field: 'projectId', targetType: 'PROJECT', message: projectOfCompanyMessage },
  ],
  unique: [{ field: 'NUMBER', value: (invoice) => invoice.number, message: invoiceNumberTaken }],
  // Every invoice naming a quote is linked to it (`quote-invoice-links.ts`), in its own writes.
  links: [
    (companyId, invoice) =>
      invoice.quoteId ? quoteInvoiceLinkKey(companyId, invoice.quoteId, invoice.id) : undefined,
  ],
});

/**
 * The invoices of a quote (`quoteId`: its deposits, whole-quote invoices, situations and their
 * credit notes, which carry the quote of the invoice they credit), in the order of
 * `invoices.listAll` (most recent first); with `attributes`, only those (and `id`, `quoteId`).
 * Read from the quote's links and the invoices they name (a few items) once the company has all
 * its links (`LINKS#V1`); before that (a table not rebuilt since the upgrade), from every invoice
 * of the company.
 */
export async function invoicesOfQuote(companyId: string, quoteId: string): Promise<Invoice[]>;
export async function invoicesOfQuote<K extends keyof Invoice & string>(
  companyId: string,
  quoteId: string,
  attributes: readonly K[],
): Promise<Pick<Invoice, K | 'id' | 'quoteId'>[]>;
export async function invoicesOfQuote(
  companyId: string,
  quoteId: string,
  attributes?: readonly (keyof Invoice & string)[],
): Promise<Invoice[]> {
  const projection = attributes ? [...new Set([...attributes, 'quoteId' as const])] : undefined;
  const [linked, ids] = await Promise.all([hasAllLinks(companyId), linkedInvoiceIds(companyId, quoteId)]);
  const found = linked
    ? [...(await invoices.getMany(companyId, ids, projection)).values()]
    : projection
      ? await invoices.listAll(companyId, projection)
      : await invoices.listAll(companyId);
  // A link written by a rebuild for an invoice deleted or moved to another quote meanwhile names
  // nothing of this quote: left out.
  return (found as Invoice[])
    .filter((invoice) => invoice.quoteId === quoteId)
    .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/** The series a document takes its number from when issued. */
export function seriesOf(invoice: Pick<Invoice, 'kind'>): NumberSeries {
  return invoice.kind === 'credit_note' ? numberSeries.creditNote : numberSeries.invoice;
}

/** The attributes the figures of an invoice are read from (dashboard projections). */
export const invoiceFigureAttributes = [
  'kind',
  'status',
  'number',
  'title',
  'totalAmount',
  'vatAmount',
  'totalWithVat',
  'amountDue',
  'paidAmount',
  'creditedAmount',
  'paidAt',
  'payments',
  'dueDate',
  'issueDate',
  'sentAt',
  'creditedInvoiceId',
] as const satisfies readonly (keyof Invoice)[];

type StoredFigures = Partial<Pick<Invoice, (typeof invoiceFigureAttributes)[number] | 'status'>> & {
  updatedAt?: string;
};

/**
 * The payments of a stored invoice: its `payments`, or for a record made before they were listed,
 * one payment of its `paidAmount` at its `paidAt` without a method (none when nothing was paid).
 */
export function paymentsAsRead(stored: StoredFigures): InvoicePayment[] {
  if (stored.payments !== undefined && stored.payments.length > 0) return stored.payments;
  const paidCents = stored.paidAmount === undefined ? 0 : parseMoney(stored.paidAmount);
  if (paidCents <= 0) return [];
  const paidAt = stored.paidAt ?? stored.updatedAt;
  return [
    { id: 'paiement-1', amount: formatMoney(paidCents), ...(paidAt ? { paidAt } : {}) } as InvoicePayment,
  ];
}

/**
 * The figures of an invoice as the API answers them, from a stored record or a projection of it.
 * Records made before invoices had VAT carry only `totalAmount`: it reads as HT at 20 %
 * (`LEGACY_VAT_RATE`), so TTC and the amount due are derived from it, never the HT recomputed.
 * `payments` reads as `paymentsAsRead`; `remainingAmount` (derived on every read) is what remains to
 * pay: amount due − credited − paid, never below 0.
 */
export function invoiceFiguresAsRead<T extends StoredFigures>(
  stored: T,
): T &
  Pick<
    Invoice,
    | 'kind'
    | 'totalAmount'
    | 'vatAmount'
    | 'totalWithVat'
    | 'amountDue'
    | 'paidAmount'
    | 'creditedAmount'
    | 'payments'
    | 'remainingAmount'
  > {
  const totalAmount = stored.totalAmount ?? '0.00';
  let vatAmount = stored.vatAmount;
  let totalWithVat = stored.totalWithVat;
  if (vatAmount === undefined || totalWithVat === undefined) {
    const totalCents = parseMoney(totalAmount);
    const vatCents = percentOf(totalCents, parsePercent(LEGACY_VAT_RATE));
    vatAmount = formatMoney(vatCents);
    totalWithVat = formatMoney(sumCents([totalCents, vatCents]));
  }
  const amountDue = stored.amountDue ?? totalWithVat;
  const paidAmount = stored.paidAmount ?? '0.00';
  const creditedAmount = stored.creditedAmount ?? '0.00';
  return {
    ...stored,
    kind: stored.kind ?? 'standard',
    totalAmount,
    vatAmount,
    totalWithVat,
    amountDue,
    paidAmount,
    creditedAmount,
    payments: paymentsAsRead(stored),
    remainingAmount: formatMoney(
      Math.max(0, parseMoney(amountDue) - parseMoney(creditedAmount) - parseMoney(paidAmount)),
    ),
  };
}

/**
 * A stored invoice as the API answers it. One made before invoices had lines reads as one line
 * titled as the invoice, of quantity 1 at its amount HT and 20 %, with its totals derived
 * (`invoiceFiguresAsRead`); a line without a rate reads at 20 %.
 */
export function invoiceAsRead(stored: Invoice): Invoice {
  const figures = invoiceSummaryAsRead(stored);
  const lines: InvoiceLine[] = (
    stored.lines ?? [
      {
        description: stored.title,
        quantity: '1.000',
        unitPrice: figures.totalAmount,
        total: figures.totalAmount,
      },
    ]
  ).map((line) => ({
    ...line,
    vatRate: line.vatRate ?? (LEGACY_VAT_RATE as VatRate),
    total: line.total ?? formatMoney(lineTotal(parseQuantity(line.quantity), parseMoney(line.unitPrice))),
  }));
  const vatBreakdown = stored.vatBreakdown ?? invoiceTotals({ lines }).vatBreakdown;
  return { ...figures, lines, vatBreakdown };
}

/**
 * A stored invoice, or a projection of it without its lines (`GET /api/invoices`), as the API
 * answers it: its figures as `invoiceFiguresAsRead`, and the fields every answer carries even when
 * the record has none (only situations and final invoices store the deduction and the retention).
 */
export function invoiceSummaryAsRead<T extends StoredFigures & Partial<Invoice>>(stored: T) {
  return {
    ...invoiceFiguresAsRead(stored),
    reverseCharge: stored.reverseCharge ?? false,
    depositDeduction: stored.depositDeduction ?? '0.00',
    retentionRate: stored.retentionRate ?? '0.00',
    retentionAmount: stored.retentionAmount ?? '0.00',
  };
}

/**
 * A new draft invoice (or credit note), without a number, written with `extraItems` (a billing
 * lock). Given a create body instead of the record's fields (tests, demo data), it is priced as a
 * standard invoice at 20 % for lines without a rate (`totalAmount` alone: one line at that amount).
 */
export function createDraftInvoice(
  companyId: string,
  data: Fields<Invoice> | InvoiceCreateData,
  options: {
    /** The id to give it (default: a new one). */
    id?: string;
    extraItems?: TransactItem[];
    explainExtra?(index: number): HttpError | undefined;
  } = {},
): Promise<Invoice> {
  const fields = 'vatBreakdown' in data ? data : draftOfBody(data);
  return invoices.create(companyId, { ...fields, status: 'draft' }, options);
}

/** The fields of a standard draft made from a create body, priced with the default rate (20 %). */
function draftOfBody(body: InvoiceCreateData): Fields<Invoice> {
  const { lines, totalAmount, ...fields } = body;
  const given = lines ?? (totalAmount !== undefined ? [singleLine(body.title, totalAmount)] : []);
  return {
    ...fields,
    kind: 'standard',
    status: 'draft',
    paidAmount: '0.00',
    creditedAmount: '0.00',
    ...pricedInvoice(given, { noVat: body.reverseCharge, defaultVatRate: LEGACY_VAT_RATE as VatRate }),
  } as Fields<Invoice>;
}

export interface IssueOptions {
  /** The invoice as the caller read it (not read again); the write is guarded by its version. */
  current?: Invoice;
  /** The series the number is taken from (default: invoices, `FAC`). */
  series?: NumberSeries;
  /** More items of the same transaction (the credited invoice of a credit note). */
  extraItems?: TransactItem[];
  /** Explains a failed condition on one of `extraItems` (index within them). */
  explainExtra?(index: number): HttpError | undefined;
  /**
   * More items that depend on the invoice as issued (the document record of its archived PDF),
   * written after `extraItems`; a failed condition on one of them is a plain 409.
   */
  issuedItems?(issued: Invoice): TransactItem[];
}

/**
 * Issues an invoice: it takes the next number of its series and `change(current, number)` gives
 * its other new fields (status, `sentAt`, snapshots, `pdfDocumentId`…), in one transaction with the
 * counter, its number marker, `extraItems` and `issuedItems(issued)`. `check(current)` refuses
 * an invoice that cannot be issued (not a draft) with its own error; `expectedVersion` is the
 * version the caller saw (409 when stale).
 */
export async function issueInvoice(
  companyId: string,
  id: string,
  change: (current: Invoice, number: string) => Partial<Invoice>,
  check: (current: Invoice) => void,
  expectedVersion?: number,
  options: IssueOptions = {},
): Promise<Invoice> {
  const current = options.current ?? (await invoices.getOrThrow(companyId, id));
  if (expectedVersion !== undefined && expectedVersion !== current.version)
    throw conflict(staleVersionMessage);
  check(current);
  const extraItems = options.extraItems ?? [];
  let issued: Invoice | undefined;
  await takeNextNumber(
    companyId,
    options.series ?? numberSeries.invoice,
    (number) => {
      const { record, item } = invoices.replaceItem(companyId, current, {
        ...current,
        ...change(current, number),
        number,
      } as Fields<Invoice>);
      issued = record;
      return [
        item,
        {
          Put: {
            TableName: tableName(),
            Item: { ...companyMarkerKey(companyId, 'INVOICE', 'NUMBER', number), ownerId: id },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        ...extraItems,
        ...(options.issuedItems?.(record) ?? []),
      ];
    },
    (index) => {
      if (index === 0) return conflict(staleVersionMessage);
      if (index === 1) return conflict(invoiceNumberTaken);
      return index - 2 < extraItems.length ? options.explainExtra?.(index - 2) : conflict();
    },
  );
  return issued as Invoice;
}

/**
 * Deletes an invoice that `check(current)` accepts (a draft), guarded by the version read and by
 * the absence of a number, so an invoice sent in the meantime is never deleted: a numbered
 * invoice stays forever (French law).
 */
export async function deleteDraftInvoice(
  companyId: string,
  id: string,
  check: (current: Invoice) => void,
): Promise<Invoice> {
  const current = await invoices.getOrThrow(companyId, id);
  check(current);
  await transactWrite(
    [
      withFigureImage(
        {
          Delete: {
            TableName: tableName(),
            Key: invoices.key(companyId, id),
            ConditionExpression: 'version = :version AND attribute_not_exists(#number)',
            ExpressionAttributeNames: { '#number': 'number' },
            ExpressionAttributeValues: { ':version': current.version },
          },
        },
        { type: invoices.type, companyId, before: current },
      ),
      // Its link to its quote (`quote-invoice-links.ts`) goes with it.
      ...invoices.linkDeleteItems(companyId, current),
      // A draft credit note's link to the invoice it credits goes with it.
      ...(current.kind === 'credit_note' && current.creditedInvoiceId
        ? [
            {
              Delete: {
                TableName: tableName(),
                Key: creditNoteLinkKey(companyId, current.creditedInvoiceId, id),
              },
            },
          ]
        : []),
    ],
    () => conflict(staleVersionMessage),
  );
  return current;
}

/**
 * The billing lock of a quote (its deposits and invoices) or of an invoice (its credit notes):
 * `COMPANY#<c>` / `BILLING#<QUOTE|INVOICE>#<id>`, holding `value`, moved by one by every write that
 * bills more of it, in the same transaction. Two such writes never both pass a check of what
 * remains to bill (or to credit) made on the same reading.
 */
export interface BillingLock {
  key: Key;
  /** The value read (0 when the lock does not exist yet). */
  value: number;
}

export const billingLockKey = (companyId: string, type: 'QUOTE' | 'INVOICE', id: string): Key => ({
  pk: companyPk(companyId),
  sk: `BILLING#${type}#${id}`,
});

/** Reads a billing lock consistently. */
export async function readBillingLock(
  companyId: string,
  type: 'QUOTE' | 'INVOICE',
  id: string,
): Promise<BillingLock> {
  const key = billingLockKey(companyId, type, id);
  try {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
    );
    return { key, value: typeof Item?.value === 'number' ? Item.value : 0 };
  } catch (error) {
    throw awsErrorToHttp(error) ?? error;
  }
}

/** The item that moves a billing lock from the value read to the next, failing if it moved since. */
export function billingLockItem(lock: BillingLock): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...lock.key, value: lock.value + 1 },
      ConditionExpression: lock.value === 0 ? 'attribute_not_exists(pk)' : '#value = :value',
      ...(lock.value === 0
        ? {}
        : {
            ExpressionAttributeNames: { '#value': 'value' },
            ExpressionAttributeValues: { ':value': lock.value },
          }),
    },
  };
}
