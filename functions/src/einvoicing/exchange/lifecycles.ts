/**
 * The lifecycles the screens show (docs/einvoicing-network.md, "Screens"): `GET
 * /api/invoices/{id}/lifecycle` (Facturation's details), the `einvoicing` summary of each invoice
 * in the lists, and on Achats a supplier invoice received through the platform with the answers
 * the person gives (`POST /api/supplier-invoices/{id}/status`, each a CDAR to the seller).
 */
import type {
  InvoiceLifecycle,
  LifecycleEvent,
  SupplierInvoiceLifecycle,
  SupplierInvoiceStatusData,
} from '@btp/shared/einvoicing-network';
import { notSentLifecycle } from '@btp/shared/einvoicing-network-rules';
import type { LifecycleReason } from '@btp/shared/einvoicing-lifecycle';
import { sirenOfSiret } from '@btp/shared/legal-identity';
import { getCompany } from '../../accounts/companies.js';
import { invoices } from '../../data/entities/invoices.js';
import { supplierInvoices } from '../../data/entities/supplier-invoices.js';
import { newId, nowIso } from '../../data/ids.js';
import { transactWrite } from '../../data/transactions.js';
import { conflict } from '../../lib/http-errors.js';
import { logger } from '../../lib/logger.js';
import { writeCdar } from '../network/cdar-writer.js';
import { outStatusEvent, sendOutboxItem, statusTrackingId } from './outbox.js';
import { companyPlatform } from './platform-connection.js';
import { lifecycleOf, supplierLifecycleOf } from './network-summaries.js';
import {
  outboxItems,
  outboxPut,
  readInvoiceNetwork,
  readOutboxItem,
  readSupplierNetwork,
  type OutboxItem,
} from './network-store.js';

export const lifecycleMessages = {
  notReceived:
    "Cette facture n'a pas été reçue via la plateforme : son statut ne peut pas être transmis au fournisseur.",
  refused: 'Cette facture a déjà été refusée : elle ne peut plus changer de statut.',
  noSiren:
    'Le SIRET de votre entreprise est requis pour transmettre un statut : complétez-le dans Paramètres › Entreprise.',
} as const;

/** The statuses still waiting in the outbox about one record, as pending events. */
function pendingEvents(waiting: readonly OutboxItem[], subjectId: string): LifecycleEvent[] {
  return waiting.flatMap((item) => (item.subject.id === subjectId && item.event ? [item.event] : []));
}

/** `GET /api/invoices/{id}/lifecycle`: 404 for another company's invoice, as for an unknown one. */
export async function invoiceLifecycle(companyId: string, invoiceId: string): Promise<InvoiceLifecycle> {
  await invoices.getOrThrow(companyId, invoiceId);
  const [record, waiting] = await Promise.all([
    readInvoiceNetwork(companyId, invoiceId),
    outboxItems(companyId),
  ]);
  return record ? lifecycleOf(record, pendingEvents(waiting, invoiceId)) : notSentLifecycle;
}

/** `GET /api/supplier-invoices/{id}/lifecycle`: `null` for one not received through the platform. */
export async function supplierInvoiceLifecycle(
  companyId: string,
  id: string,
): Promise<SupplierInvoiceLifecycle | null> {
  await supplierInvoices.getOrThrow(companyId, id);
  const record = await readSupplierNetwork(companyId, id);
  if (!record) return null;
  return supplierLifecycleOf(record, pendingEvents(await outboxItems(companyId), id));
}

/**
 * `POST /api/supplier-invoices/{id}/status`: Prise en charge (204), Approuvée (205), En litige
 * (207, with a reason) or Refusée (210, with a reason) about a supplier invoice received through
 * the platform: a CDAR from the company (buyer) to the seller, put in the outbox and submitted
 * right away when the platform answers (else by the sync job). Answers the invoice's lifecycle,
 * the answer in it (pending until the platform has it). 409 for an invoice not received through
 * the platform or already refused; 404 for another company's.
 */
export async function answerSupplierInvoice(
  companyId: string,
  id: string,
  body: SupplierInvoiceStatusData,
): Promise<SupplierInvoiceLifecycle> {
  await supplierInvoices.getOrThrow(companyId, id);
  const [record, company] = await Promise.all([readSupplierNetwork(companyId, id), getCompany(companyId)]);
  if (!record) throw conflict(lifecycleMessages.notReceived);
  if ((record.events ?? []).some((event) => event.direction === 'out' && event.status === '210')) {
    throw conflict(lifecycleMessages.refused);
  }
  const ourSiren = company?.siren ?? sirenOfSiret(company?.siret);
  if (!ourSiren) throw conflict(lifecycleMessages.noSiren);
  const at = nowIso();
  const trackingId = statusTrackingId(id, body.status, newId());
  const xml = writeCdar({
    messageId: trackingId,
    issuedAt: new Date(at),
    status: body.status,
    ...(body.reasonCode ? { reasonCode: body.reasonCode as LifecycleReason } : {}),
    ...(body.comment ? { reasonText: body.comment } : {}),
    invoice: {
      number: record.invoiceNumber,
      issueDate: record.invoiceIssueDate,
      typeCode: record.invoiceTypeCode,
      sellerSiren: record.sellerSiren,
      buyerSiren: ourSiren,
    },
    issuer: { role: 'BY', siren: ourSiren, name: company?.name },
    recipients: [{ role: 'SE', siren: record.sellerSiren, name: record.sellerName }],
  });
  await transactWrite([
    outboxPut(companyId, {
      trackingId,
      kind: 'status',
      subject: { type: 'supplier_invoice', id },
      number: record.invoiceNumber,
      xml,
      event: outStatusEvent({
        status: body.status,
        at,
        ...(body.reasonCode ? { reasonCode: body.reasonCode } : {}),
        ...(body.comment ? { comment: body.comment } : {}),
      }),
      fileName: `${trackingId}.xml`,
    }),
  ]);
  try {
    const item = await readOutboxItem(companyId, trackingId);
    if (item) await sendOutboxItem(companyId, await companyPlatform(companyId, 'route'), item);
  } catch (error) {
    logger.warn('Statut de facture fournisseur laissé au prochain passage vers la plateforme', { id, error });
  }
  return (await supplierInvoiceLifecycle(companyId, id)) as SupplierInvoiceLifecycle;
}
