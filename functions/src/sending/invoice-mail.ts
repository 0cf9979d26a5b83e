/**
 * A facture or an avoir e-mailed to its client (docs/sending.md): `POST /api/invoices/{id}/send`
 * and `POST /api/invoices/{id}/email`. Unlike a quote, the invoice is issued first (its number and
 * its archived Factur-X PDF committed: never numbered twice), then e-mailed; a failed e-mail leaves
 * it issued with `emailStatus: failed`, shown on its card with « Renvoyer l'e-mail ».
 */
import type { Invoice, InvoiceListItem } from '@btp/shared/entities/invoice';
import type { DocumentEmailData } from '@btp/shared/sending';
import { clients } from '../data/entities/clients.js';
import { invoices } from '../data/entities/invoices.js';
import { submitIssuedInvoice } from '../einvoicing/exchange/invoice-submission.js';
import { readIssuer } from '../invoicing/issuer.js';
import { presentInvoice } from '../invoicing/present.js';
import { sendInvoice } from '../invoicing/invoice-sending.js';
import { conflict } from '../lib/http-errors.js';
import { logger } from '../lib/logger.js';
import { notify } from '../notifications/notify.js';
import { archiveFileName, archiveIssuedInvoice } from '../pdf/pdf-archive.js';
import { mailDocument, recipientOf } from './document-mail.js';
import { claimSending } from './idempotency.js';
import { archivedPdf, recordEmailStatus } from './record-email-status.js';
import { documentLabel, type SentDocument } from './templates.js';

export const invoiceMailMessages = {
  onlyIssued: 'Seule une facture ou un avoir émis peut être renvoyé par e-mail.',
} as const;

function invoiceDocument(invoice: Invoice): SentDocument {
  const kind = invoice.kind === 'credit_note' ? 'credit_note' : 'invoice';
  return {
    kind,
    number: invoice.number ?? '',
    title: invoice.title,
    totalWithVat: invoice.totalWithVat,
    ...(kind === 'invoice' ? { amountDue: invoice.amountDue } : {}),
    ...(kind === 'invoice' && invoice.dueDate ? { dueDate: invoice.dueDate } : {}),
    ...(invoice.creditedInvoiceNumber ? { creditedInvoiceNumber: invoice.creditedInvoiceNumber } : {}),
  };
}

/**
 * E-mails an issued invoice (its archive, made now when it has none) and records the outcome.
 * Never throws for the e-mail: a failure is recorded (and notified), the invoice stays issued.
 */
async function mailIssued(
  companyId: string,
  issued: Invoice,
  to: string,
  message: string | undefined,
): Promise<Invoice> {
  const company = await readIssuer(companyId);
  const archived = issued.pdfDocumentId ? issued : await archiveIssuedInvoice(companyId, issued);
  const pdf = await archivedPdf(companyId, archived.pdfDocumentId as string);
  const document = invoiceDocument(archived);
  const status = await mailDocument({
    companyId,
    company,
    clientId: archived.clientId,
    to,
    ...(message ? { message } : {}),
    document,
    pdf,
    fileName: archiveFileName(document.kind === 'quote' ? 'invoice' : document.kind, document.number),
  });
  const recorded = await recordEmailStatus(invoices, companyId, archived.id, status);
  if (status.state === 'failed') {
    await notify(companyId, {
      kind: 'email_failed',
      title: `E-mail non envoyé : ${documentLabel(document.kind)} ${document.number}`,
      body: `Destinataire : ${to}. ${status.reason}`,
      link: `/invoicing?q=${encodeURIComponent(document.number)}`,
    });
  }
  return recorded;
}

/**
 * `POST /api/invoices/{id}/send`: the recipient checked (400 without one, nothing written), the
 * invoice issued (number, archive: `sendInvoice`), then e-mailed; the answer carries `emailStatus`.
 * A repeated `Idempotency-Key` answers the invoice as it is, without a second e-mail.
 */
export async function sendInvoiceByEmail(
  companyId: string,
  id: string,
  body: DocumentEmailData & { version: number },
  idempotencyKey: string | undefined,
): Promise<InvoiceListItem> {
  const stored = await invoices.getOrThrow(companyId, id);
  const claim = await claimSending(companyId, idempotencyKey, { action: 'invoice-send', recordId: id });
  if (claim.kind === 'repeat') return presentInvoice(companyId, await invoices.getOrThrow(companyId, id));
  let issued: InvoiceListItem;
  let to: string;
  try {
    to = recipientOf(body.email, await clients.get(companyId, stored.clientId));
    issued = await sendInvoice(companyId, id, body.version);
  } catch (error) {
    await claim.release();
    throw error;
  }
  // Its submission to the plateforme agréée (issue 30), before the e-mail: a few seconds at most,
  // never blocking (what fails waits for the sync job).
  await submitIssuedInvoice(companyId, issued.id);
  try {
    return await presentInvoice(companyId, await mailIssued(companyId, issued, to, body.message));
  } catch (error) {
    // Issued but not e-mailed (the archive or the status write failed): logged; the card offers
    // « Renvoyer l'e-mail » once the status shows, and the invoice is answered as issued.
    logger.error('Facture émise, e-mail non envoyé ou statut non enregistré', { invoiceId: id, error });
    return issued;
  } finally {
    await claim.done().catch(() => undefined);
  }
}

/**
 * `POST /api/invoices/{id}/email`: an issued invoice's or credit note's e-mail again, to the
 * address given or the client's; the outcome recorded as `emailStatus` (409 for a draft).
 */
export async function emailInvoiceAgain(
  companyId: string,
  id: string,
  body: DocumentEmailData,
  idempotencyKey: string | undefined,
): Promise<InvoiceListItem> {
  const stored = await invoices.getOrThrow(companyId, id);
  if (!stored.number || stored.status === 'draft') throw conflict(invoiceMailMessages.onlyIssued);
  const to = recipientOf(body.email, await clients.get(companyId, stored.clientId));
  const claim = await claimSending(companyId, idempotencyKey, { action: 'invoice-email', recordId: id });
  if (claim.kind === 'repeat') return presentInvoice(companyId, await invoices.getOrThrow(companyId, id));
  let mailed = false;
  try {
    const recorded = await mailIssued(companyId, stored, to, body.message);
    mailed = true;
    return await presentInvoice(companyId, recorded);
  } finally {
    await (mailed ? claim.done().catch(() => undefined) : claim.release());
  }
}
