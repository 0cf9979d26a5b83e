/**
 * Customer invoices (Facturation): drafts are edited freely; `send` gives the final gapless number
 * `FAC-<year>-<n>` and `pay` records the payment. A numbered invoice is never edited nor deleted
 * (French invoicing law: it can only be cancelled by a credit note). `overdue` is derived when an
 * invoice is read (shared/src/invoice-status.ts), never stored.
 */
import type {
  Invoice,
  InvoiceCreateData,
  InvoiceListItem,
  InvoicePayData,
  InvoiceUpdateData,
} from '@btp/shared/entities/invoice';
import { calendarDateInFrance, withEffectiveStatus } from '@btp/shared/invoice-status';
import type { ListQuery } from '@btp/shared/list';
import { formatEuro, formatMoney, parseMoney } from '@btp/shared/money';
import type { Fields, Page } from '../data/entity-repository.js';
import { clients } from '../data/entities/clients.js';
import { createDraftInvoice, deleteDraftInvoice, invoices, issueInvoice } from '../data/entities/invoices.js';
import { projects } from '../data/entities/projects.js';
import { quotes } from '../data/entities/quotes.js';
import { nowIso } from '../data/ids.js';
import { withClientAndProject } from '../data/related.js';
import { badRequest, conflict, type ErrorDetail } from '../lib/http-errors.js';

export const invoiceMessages = {
  clientNotFound: 'Client introuvable dans votre entreprise : choisissez un de vos clients.',
  projectNotFound: 'Projet introuvable dans votre entreprise : choisissez un de vos projets.',
  projectOfOtherClient: 'Ce projet appartient à un autre client : choisissez un projet du client facturé.',
  quoteNotFound: 'Devis introuvable dans votre entreprise : choisissez un de vos devis.',
  quoteOfOtherClient: 'Ce devis a été établi pour un autre client : choisissez un devis du client facturé.',
  quoteOfOtherProject: 'Ce devis concerne un autre projet que celui de la facture.',
  payDraft: 'Cette facture est encore un brouillon : envoyez-la avant de la marquer payée.',
  paidAmountAboveTotal: (total: string) =>
    `Le montant payé ne peut pas dépasser le montant total de la facture (${total}).`,
  paidAmountZero: 'Le montant payé doit être supérieur à 0.',
  paidAtInFuture: 'La date de paiement ne peut pas être dans le futur.',
} as const;

/** "La facture FAC-2026-0001" or, without a number, "Cette facture". */
function named(invoice: Invoice): string {
  return invoice.number ? `La facture ${invoice.number}` : 'Cette facture';
}

/** What happened to an invoice that is no longer a draft, as the end of a sentence. */
function stateOf(invoice: Invoice): string {
  if (invoice.status === 'paid') return 'est déjà payée';
  if (invoice.status === 'cancelled') return 'est annulée';
  return 'a déjà été envoyée';
}

function assertDraft(invoice: Invoice, action: 'modifiée' | 'envoyée'): void {
  if (invoice.status !== 'draft' || invoice.number) {
    throw conflict(
      `${named(invoice)} ${stateOf(invoice)} : seule une facture en brouillon peut être ${action}.`,
    );
  }
}

/** The invoices as the API shows them: status read on today's date in France, client and project. */
async function present(companyId: string, records: Invoice[]): Promise<InvoiceListItem[]> {
  const today = calendarDateInFrance();
  const related = await withClientAndProject(companyId, records);
  return related.map((invoice) => withEffectiveStatus(invoice, today));
}

async function presentOne(companyId: string, record: Invoice): Promise<InvoiceListItem> {
  const [invoice] = await present(companyId, [record]);
  return invoice as InvoiceListItem;
}

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

/** The company's invoices, most recent first, a page at a time. */
export async function listInvoices(companyId: string, query: ListQuery): Promise<Page<InvoiceListItem>> {
  const page = await invoices.list(companyId, query);
  return { items: await present(companyId, page.items), nextCursor: page.nextCursor };
}

export async function getInvoice(companyId: string, id: string): Promise<InvoiceListItem> {
  return presentOne(companyId, await invoices.getOrThrow(companyId, id));
}

/**
 * A new draft: no number, nothing paid (`paidAmount` is recorded only by `pay`, so a body's value
 * is ignored).
 */
export async function createInvoice(companyId: string, data: InvoiceCreateData): Promise<InvoiceListItem> {
  await checkReferences(companyId, data);
  const created = await createDraftInvoice(companyId, { ...data, paidAmount: '0.00' });
  return presentOne(companyId, created);
}

/** Replaces the editable fields of a draft (409 once sent); status, number and payment are kept. */
export async function updateInvoice(
  companyId: string,
  id: string,
  body: InvoiceUpdateData,
): Promise<InvoiceListItem> {
  const { version, ...fields } = body;
  assertDraft(await invoices.getOrThrow(companyId, id), 'modifiée');
  await checkReferences(companyId, fields);
  const updated = await invoices.update(
    companyId,
    id,
    (current) => {
      // Checked again on the record the write is guarded by: it may have been sent meanwhile.
      assertDraft(current, 'modifiée');
      return { ...fields, status: current.status, paidAmount: '0.00' } as Fields<Invoice>;
    },
    { expectedVersion: version },
  );
  return presentOne(companyId, updated);
}

/** draft → sent: takes the next gapless number and sets `sentAt`, in one transaction with the counter. */
export async function sendInvoice(companyId: string, id: string): Promise<InvoiceListItem> {
  const sent = await issueInvoice(
    companyId,
    id,
    () => ({ status: 'sent', sentAt: nowIso() }),
    (current) => assertDraft(current, 'envoyée'),
  );
  return presentOne(companyId, sent);
}

/**
 * sent (or overdue) → paid. `paidAmount` defaults to the total and may be lower (a holdback, the
 * "retenue de garantie" of building contracts) but not above it; `paidAt` defaults to now and may
 * not be a later day than today in France.
 */
export async function payInvoice(
  companyId: string,
  id: string,
  body: InvoicePayData,
): Promise<InvoiceListItem> {
  const paid = await invoices.update(
    companyId,
    id,
    (current) => {
      if (current.status === 'draft') throw conflict(invoiceMessages.payDraft);
      if (current.status === 'paid') throw conflict(`${named(current)} est déjà payée.`);
      if (current.status === 'cancelled') {
        throw conflict(`${named(current)} est annulée : elle ne peut pas être marquée payée.`);
      }
      const totalCents = parseMoney(current.totalAmount);
      const paidCents = body.paidAmount === undefined ? totalCents : parseMoney(body.paidAmount);
      const details: ErrorDetail[] = [];
      if (paidCents > totalCents) {
        details.push({
          path: 'paidAmount',
          message: invoiceMessages.paidAmountAboveTotal(formatEuro(totalCents)),
        });
      } else if (paidCents === 0 && totalCents > 0) {
        details.push({ path: 'paidAmount', message: invoiceMessages.paidAmountZero });
      }
      if (body.paidAt && calendarDateInFrance(new Date(body.paidAt)) > calendarDateInFrance()) {
        details.push({ path: 'paidAt', message: invoiceMessages.paidAtInFuture });
      }
      if (details.length > 0) throw badRequest(undefined, details);
      return {
        ...current,
        status: 'paid',
        paidAmount: formatMoney(paidCents),
        paidAt: body.paidAt ?? nowIso(),
      } as Fields<Invoice>;
    },
    { expectedVersion: body.version },
  );
  return presentOne(companyId, paid);
}

/** Deletes a draft. A numbered invoice can never be deleted (French law): 409. */
export async function deleteInvoice(companyId: string, id: string): Promise<void> {
  await deleteDraftInvoice(companyId, id, (current) => {
    if (current.number) {
      throw conflict(
        `${named(current)} a été émise : la loi interdit de supprimer une facture numérotée. Pour l'annuler, établissez un avoir.`,
      );
    }
    if (current.status !== 'draft') {
      throw conflict(
        `${named(current)} ${stateOf(current)} : seule une facture en brouillon peut être supprimée.`,
      );
    }
  });
}
