/**
 * An issued facture or avoir e-mailed (docs/sending.md): the e-mail of `POST /api/invoices/{id}/send`
 * once the invoice is issued (`invoice-mail.ts`), and `POST /api/invoices/{id}/email`, the e-mail
 * again (« Renvoyer l'e-mail »). Apart from the issue and the submission to the plateforme agréée,
 * which only the send needs: `invoices/email` starts without them (issue 27, `bench:lambda`).
 */
import type { Company } from '@btp/shared/entities/company';
import type { Invoice, InvoiceWithRefs } from '@btp/shared/entities/invoice';
import type { DocumentEmailData } from '@btp/shared/sending';
import { clients } from '../data/entities/clients.js';
import { invoices } from '../data/entities/invoices.js';
import type { IssuedInvoice } from '../invoicing/invoice-sending.js';
import { readIssuer } from '../invoicing/issuer.js';
import { presentInvoice } from '../invoicing/present.js';
import { conflict } from '../lib/http-errors.js';
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
 * E-mails an issued invoice with its archive (the bytes the issue drew, else made now when it has
 * none, else read from the bucket) from `company` (read once by the caller), and records the
 * outcome. Never throws for the e-mail: a failure is recorded (and notified), the invoice stays
 * issued.
 */
export async function mailIssued(
  companyId: string,
  company: Partial<Company>,
  issued: IssuedInvoice,
  to: string,
  message: string | undefined,
): Promise<Invoice> {
  const archived = issued.invoice.pdfDocumentId
    ? issued
    : await archiveIssuedInvoice(companyId, issued.invoice, { company }).then(({ record, pdf }) => ({
        invoice: record,
        ...(pdf ? { pdf } : {}),
      }));
  const pdf = archived.pdf ?? (await archivedPdf(companyId, archived.invoice.pdfDocumentId as string));
  const document = invoiceDocument(archived.invoice);
  const status = await mailDocument({
    companyId,
    company,
    clientId: archived.invoice.clientId,
    to,
    ...(message ? { message } : {}),
    document,
    pdf,
    fileName: archiveFileName(document.kind === 'quote' ? 'invoice' : document.kind, document.number),
  });
  const recorded = await recordEmailStatus(invoices, companyId, archived.invoice.id, status);
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
 * `POST /api/invoices/{id}/email`: an issued invoice's or credit note's e-mail again, to the
 * address given or the client's; the outcome recorded as `emailStatus` (409 for a draft). The
 * company and the client are read once, in parallel.
 */
export async function emailInvoiceAgain(
  companyId: string,
  id: string,
  body: DocumentEmailData,
  idempotencyKey: string | undefined,
): Promise<InvoiceWithRefs> {
  const stored = await invoices.getOrThrow(companyId, id);
  if (!stored.number || stored.status === 'draft') throw conflict(invoiceMailMessages.onlyIssued);
  const [company, client] = await Promise.all([
    readIssuer(companyId),
    clients.get(companyId, stored.clientId),
  ]);
  const to = recipientOf(body.email, client);
  const claim = await claimSending(companyId, idempotencyKey, { action: 'invoice-email', recordId: id });
  if (claim.kind === 'repeat') return presentInvoice(companyId, await invoices.getOrThrow(companyId, id));
  let mailed = false;
  try {
    const recorded = await mailIssued(companyId, company, { invoice: stored }, to, body.message);
    mailed = true;
    return await presentInvoice(companyId, recorded, client ? { client } : undefined);
  } finally {
    await (mailed ? claim.done().catch(() => undefined) : claim.release());
  }
}
