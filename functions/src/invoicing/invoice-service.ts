/**
 * Customer invoices and credit notes (Facturation): drafts are edited freely; `send` issues one —
 * the next gapless number of its series (`FAC-<year>-<n>`, `AV-<year>-<n>` for a credit note), the
 * issue and due dates, the seller's and buyer's identities copied, its PDF archived
 * (`invoice-sending.ts`) — and `pay` records the payment.
 * An issued invoice is never edited nor deleted (French invoicing law): it is cancelled, all or in
 * part, by credit notes (`credit-notes.ts`). `overdue` is derived when an invoice is read
 * (shared/src/invoice-status.ts), never stored.
 */
import type {
  Invoice,
  InvoiceCreateData,
  InvoiceListItem,
  InvoiceWithRefs,
  InvoicePayData,
  InvoicePayment,
  InvoiceUpdateData,
} from '@btp/shared/entities/invoice';
import { calendarDateInFrance, withEffectiveStatus } from '@btp/shared/invoice-status';
import type { ListQuery } from '@btp/shared/list';
import { formatEuro, formatMoney, parseMoney, sumCents } from '@btp/shared/money';
import type { Fields, Page, WriteOptions } from '../data/entity-repository.js';
import { staleVersionMessage } from '../data/entity-repository.js';
import { clients } from '../data/entities/clients.js';
import {
  createDraftInvoice,
  deleteDraftInvoice,
  invoiceAsRead,
  invoiceFigureAttributes,
  invoiceFiguresAsRead,
  invoices,
} from '../data/entities/invoices.js';
import { projects } from '../data/entities/projects.js';
import { quotes } from '../data/entities/quotes.js';
import { newId, nowIso } from '../data/ids.js';
import { searchableListByIds } from '../data/list-search.js';
import { withClientAndProject } from '../data/related.js';
import { collectionReporter, submitCollection } from '../einvoicing/exchange/collection.js';
import { notify } from '../notifications/notify.js';
import { badRequest, conflict, HttpError, type ErrorDetail } from '../lib/http-errors.js';
import { isDeductionLine, pricedInvoice, singleLine, type LineToPrice } from '@btp/shared/invoice-lines';
import { invoiceListAttributes, invoiceListSearch, invoiceSearchAttributes } from './invoice-list-search.js';
import { readPricingContext } from './issuer.js';
import { withBillingLock } from './billing-lock.js';
import { presentInvoice, presentInvoiceList } from './present.js';
import { checkDepositFits } from './quote-invoicing.js';
import { recomputedSituation } from './situations.js';
import { assertDraft, invoiceMessages, named, stateOf } from './invoice-refusals.js';

// The refusals the send reads too, apart from the service (`invoice-refusals.ts`).
export { assertDraft, invoiceMessages } from './invoice-refusals.js';

/**
 * The client, project and quote an invoice names must be the company's own, and agree with
 * each other (the project and the quote of the invoiced client). 400 on the field otherwise.
 */
async function checkReferences(
  companyId: string,
  data: Pick<InvoiceCreateData, 'clientId' | 'projectId' | 'quoteId'>,
): Promise<void> {
  const [client, project, quote] = await Promise.all([
    clients.get(companyId, data.clientId),
    data.projectId ? projects.get(companyId, data.projectId) : undefined,
    data.quoteId ? quotes.get(companyId, data.quoteId) : undefined,
  ]);
  const details: ErrorDetail[] = [];
  if (!client) details.push({ path: 'clientId', message: invoiceMessages.clientNotFound });
  if (data.projectId && !project)
    details.push({ path: 'projectId', message: invoiceMessages.projectNotFound });
  else if (project && client && project.clientId !== client.id) {
    details.push({ path: 'projectId', message: invoiceMessages.projectOfOtherClient });
  }
  if (data.quoteId && !quote) details.push({ path: 'quoteId', message: invoiceMessages.quoteNotFound });
  else if (quote && client && quote.clientId !== client.id) {
    details.push({ path: 'quoteId', message: invoiceMessages.quoteOfOtherClient });
  } else if (quote && project && quote.projectId && quote.projectId !== project.id) {
    details.push({ path: 'quoteId', message: invoiceMessages.quoteOfOtherProject });
  }
  if (details.length > 0) throw badRequest(undefined, details);
}

/**
 * `GET /api/invoices`: the company's invoices and credit notes, most recent first, a page at a time;
 * with `q` and/or `sort`, those that match in that order (`invoice-list-search.ts`). Each is read
 * and answered without its lines, snapshots and a situation's per-line figures
 * (`invoiceListAttributes`); `GET /api/invoices/{id}` answers the whole record.
 */
export async function listInvoices(companyId: string, query: ListQuery): Promise<Page<InvoiceListItem>> {
  return searchableListByIds(companyId, query, invoiceListSearch, {
    page: async () => {
      const page = await invoices.list(companyId, {
        limit: query.limit,
        cursor: query.cursor,
        attributes: invoiceListAttributes,
      });
      return { items: await presentInvoiceList(companyId, page.items, 'keys'), nextCursor: page.nextCursor };
    },
    // Every invoice without its lines (only what the search reads), then the page's whole.
    searched: async () => {
      const today = calendarDateInFrance();
      const read = await invoices.listAll(companyId, [
        ...invoiceFigureAttributes,
        ...invoiceSearchAttributes,
      ]);
      const related = await withClientAndProject(companyId, read.map(invoiceFiguresAsRead));
      return related.map((invoice) => withEffectiveStatus(invoice, today));
    },
    byIds: async (ids) => {
      const found = await invoices.getMany(companyId, ids, invoiceListAttributes);
      return presentInvoiceList(
        companyId,
        ids.flatMap((id) => found.get(id) ?? []),
        'any',
      );
    },
  });
}

export async function getInvoice(companyId: string, id: string): Promise<InvoiceWithRefs> {
  return presentInvoice(companyId, await invoices.getOrThrow(companyId, id));
}

/** The lines a create or update body gives: `lines`, or its `totalAmount` alone as one line; `undefined` for neither. */
function bodyLines(
  body: Pick<InvoiceCreateData, 'lines' | 'totalAmount' | 'title'>,
): LineToPrice[] | undefined {
  if (body.lines !== undefined) return body.lines;
  if (body.totalAmount !== undefined) return [singleLine(body.title, body.totalAmount)];
  return undefined;
}

/**
 * `POST /api/invoices`: a new draft of a standard invoice, no number, nothing paid. Its lines are
 * `lines` (selling prices HT; a line without a rate takes the company's default), or `totalAmount`
 * alone read as one line titled as the invoice, or none yet; totals by the shared rule, every line
 * at 0 % under reverse charge or the franchise.
 */
export async function createInvoice(companyId: string, data: InvoiceCreateData): Promise<InvoiceWithRefs> {
  const [context] = await Promise.all([readPricingContext(companyId), checkReferences(companyId, data)]);
  const { lines: _lines, totalAmount: _total, ...fields } = data;
  const write = (lock: WriteOptions = {}) =>
    createDraftInvoice(
      companyId,
      {
        ...fields,
        kind: 'standard',
        status: 'draft',
        paidAmount: '0.00',
        creditedAmount: '0.00',
        ...pricedInvoice(bodyLines(data) ?? [], {
          noVat: data.reverseCharge || context.franchise,
          defaultVatRate: context.defaultVatRate,
        }),
      } as Fields<Invoice>,
      lock,
    );
  // An invoice naming a quote invoices it in full (`quoteBillingState`): it moves the quote's
  // billing lock, so a deposit or another invoice of the quote checked before it is checked again.
  const { quoteId } = data;
  const created = quoteId ? await withBillingLock(companyId, 'QUOTE', quoteId, write) : await write();
  return presentInvoice(companyId, created);
}

/**
 * `PUT /api/invoices/{id}`: replaces the editable fields of a draft (409 once sent) and, when the
 * body has `lines` (or `totalAmount` alone), its lines; without either the lines stay, re-priced
 * (lines leaving the reverse charge at 0 % take the company's default rate). Kind, status, number
 * and payment are kept. A deposit keeps its quote and may not exceed what remains of it; a final
 * invoice keeps the deposits it deducts after the body's lines; a credit note is not edited (409).
 */
export async function updateInvoice(
  companyId: string,
  id: string,
  body: InvoiceUpdateData,
): Promise<InvoiceWithRefs> {
  const { version, lines: _lines, totalAmount: _total, situation: _situation, ...fields } = body;
  const stored = invoiceAsRead(await invoices.getOrThrow(companyId, id));
  assertDraft(stored, 'modifiée');
  if (stored.kind === 'credit_note') throw conflict(invoiceMessages.editCreditNote);
  if (version !== undefined && version !== stored.version) throw conflict(staleVersionMessage);
  if (stored.kind === 'progress')
    return presentInvoice(companyId, await updateSituation(companyId, stored, body));
  const editable = stored.kind === 'deposit' ? { ...fields, quoteId: stored.quoteId } : fields;
  const [context] = await Promise.all([readPricingContext(companyId), checkReferences(companyId, editable)]);

  const deductions = stored.lines.filter(isDeductionLine);
  const given = bodyLines(body);
  const leavesReverseCharge = stored.reverseCharge && !editable.reverseCharge;
  const lines =
    given !== undefined
      ? [...given, ...deductions]
      : stored.lines.map((line) =>
          leavesReverseCharge && line.vatRate === '0.00' ? { ...line, vatRate: undefined } : line,
        );
  const amounts = pricedInvoice(lines, {
    noVat: editable.reverseCharge || context.franchise,
    defaultVatRate: context.defaultVatRate,
  });

  const write = (extra: Parameters<typeof invoices.update>[3] = {}) =>
    invoices.update(
      companyId,
      id,
      (current) => {
        // Checked again on the record the write is guarded by: it may have been sent meanwhile.
        assertDraft(current, 'modifiée');
        const read = invoiceAsRead(current);
        return {
          ...read,
          projectId: undefined,
          quoteId: undefined,
          description: undefined,
          dueDate: undefined,
          ...editable,
          ...amounts,
          status: read.status,
          paidAmount: '0.00',
        } as Fields<Invoice>;
      },
      { expectedVersion: version ?? stored.version, ...extra },
    );

  // A deposit may not exceed what remains of its quote; a standard invoice naming a quote invoices
  // it in full: both under the quote's billing lock, as when they are made.
  const quoteId = editable.quoteId;
  const updated = quoteId
    ? await withBillingLock(companyId, 'QUOTE', quoteId, async (lockItems) => {
        if (stored.kind === 'deposit') await checkDepositFits(companyId, quoteId, amounts.totalAmount, id);
        return write(lockItems);
      })
    : await write();
  return presentInvoice(companyId, updated);
}

/**
 * `PUT /api/invoices/{id}` on a draft situation: its title, description and due date; its client,
 * project, quote and lines stay (lines in the body are not read). With `situation`, its figures are
 * computed again at those percentages under the quote's billing lock (the checks of a new one).
 */
async function updateSituation(
  companyId: string,
  stored: Invoice,
  body: InvoiceUpdateData,
): Promise<Invoice> {
  const write = (amounts: object, extra: Parameters<typeof invoices.update>[3] = {}) =>
    invoices.update(
      companyId,
      stored.id,
      (current) => {
        assertDraft(current, 'modifiée');
        const read = invoiceAsRead(current);
        return {
          ...read,
          description: undefined,
          dueDate: undefined,
          title: body.title,
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.dueDate !== undefined ? { dueDate: body.dueDate } : {}),
          ...amounts,
          status: read.status,
          paidAmount: '0.00',
        } as Fields<Invoice>;
      },
      { expectedVersion: body.version ?? stored.version, ...extra },
    );
  const { situation } = body;
  const quoteId = stored.quoteId;
  if (!situation || !quoteId) return write({});
  return withBillingLock(companyId, 'QUOTE', quoteId, async (lock) =>
    write(await recomputedSituation(companyId, stored, situation), lock),
  );
}

/**
 * `POST /api/invoices/{id}/pay`: adds one payment to a sent (or overdue) invoice: `{id, amount,
 * paidAt, method?, reference?}` at the end of its `payments` (a record made before payments were
 * listed reads as one payment of its `paidAmount`, `paymentsAsRead`), `paidAmount` their sum.
 * `paidAmount` of the body (this payment) defaults to what remains to pay (`amountDue` −
 * `creditedAmount` − `paidAmount`) and may be lower (a partial payment), never above it (409); the
 * invoice becomes `paid` only when nothing is left, else it stays sent (or overdue) with its
 * remainder pending; the write is conditional on the version read, so two concurrent payments can
 * never overpay; `paidAt` defaults to now and may not be a later day than today in France. A draft,
 * a paid or cancelled invoice and a credit note are refused (409).
 */
export async function payInvoice(
  companyId: string,
  id: string,
  body: InvoicePayData,
  /** Written in the payment's transaction (a bank line matched: `bank/bank-match.ts`). */
  options: Pick<WriteOptions, 'extraItems' | 'explainExtra'> = {},
): Promise<InvoiceWithRefs> {
  // « Encaissée » (212) of this payment for the e-invoicing network, in the payment's transaction.
  const reportCollection = await collectionReporter(companyId, id);
  const paid = await invoices.update(
    companyId,
    id,
    (stored) => {
      const current = invoiceAsRead(stored);
      if (current.kind === 'credit_note') throw conflict(invoiceMessages.payCreditNote);
      if (current.status === 'draft') throw conflict(invoiceMessages.payDraft);
      if (current.status === 'paid') throw conflict(`${named(current)} est déjà payée.`);
      if (current.status === 'cancelled') {
        throw conflict(`${named(current)} est annulée : elle ne peut pas être marquée payée.`);
      }
      const alreadyPaid = sumCents(current.payments.map((payment) => parseMoney(payment.amount)));
      const remainingCents = parseMoney(current.amountDue) - parseMoney(current.creditedAmount) - alreadyPaid;
      if (remainingCents <= 0) throw conflict(invoiceMessages.nothingLeftToPay);
      const paidCents = body.paidAmount === undefined ? remainingCents : parseMoney(body.paidAmount);
      if (paidCents > remainingCents) {
        const message = invoiceMessages.paidAmountAboveRemaining(formatEuro(remainingCents));
        throw new HttpError(409, 'conflict', message, [{ path: 'paidAmount', message }]);
      }
      const details: ErrorDetail[] = [];
      if (paidCents === 0) {
        details.push({ path: 'paidAmount', message: invoiceMessages.paidAmountZero });
      }
      if (body.paidAt && calendarDateInFrance(new Date(body.paidAt)) > calendarDateInFrance()) {
        details.push({ path: 'paidAt', message: invoiceMessages.paidAtInFuture });
      }
      if (details.length > 0) throw badRequest(undefined, details);
      const paidAt = body.paidAt ?? nowIso();
      const payment: InvoicePayment = {
        id: newId(),
        amount: formatMoney(paidCents),
        paidAt,
        ...(body.method === undefined ? {} : { method: body.method }),
        ...(body.reference === undefined ? {} : { reference: body.reference }),
      };
      const { remainingAmount: _remaining, ...fields } = current;
      // A partial payment keeps the invoice awaiting payment (sent or overdue, derived on read):
      // it becomes `paid` only when nothing is left to pay.
      const settled = paidCents === remainingCents;
      return {
        ...fields,
        status: settled ? 'paid' : stored.status,
        payments: [...current.payments, payment],
        paidAmount: formatMoney(sumCents([alreadyPaid, paidCents])),
        paidAt,
      } as Fields<Invoice>;
    },
    {
      expectedVersion: body.version,
      ...options,
      extraItemsOf: (next) => {
        const payment = next.payments?.at(-1);
        return reportCollection && payment
          ? reportCollection(next, {
              key: payment.id,
              amountCents: parseMoney(payment.amount),
              at: payment.paidAt,
            })
          : [];
      },
    },
  );
  const payment = paid.payments?.at(-1);
  if (reportCollection && payment) await submitCollection(companyId, id, payment.id);
  if (paid.status === 'paid') {
    await notify(companyId, {
      kind: 'invoice_paid',
      title: `Facture payée : ${paid.number ?? ''}`.trim(),
      body: `${formatEuro(parseMoney(paid.paidAmount))} reçus en tout.`,
      link: `/invoicing?q=${encodeURIComponent(paid.number ?? '')}`,
    });
  }
  return presentInvoice(companyId, paid);
}

/** Deletes a draft (an invoice or a credit note). A numbered invoice can never be deleted (French law): 409. */
export async function deleteInvoice(companyId: string, id: string): Promise<void> {
  await deleteDraftInvoice(companyId, id, (current) => {
    if (current.number) {
      const document = current.kind === 'credit_note' ? 'un avoir numéroté' : 'une facture numérotée';
      const remedy = current.kind === 'credit_note' ? '' : " Pour l'annuler, établissez un avoir.";
      throw conflict(
        `${named(current)} a été ${current.kind === 'credit_note' ? 'émis' : 'émise'} : la loi interdit de supprimer ${document}.${remedy}`,
      );
    }
    if (current.status !== 'draft') {
      throw conflict(
        `${named(current)} ${stateOf(current)} : seule une facture en brouillon peut être supprimée.`,
      );
    }
  });
}
