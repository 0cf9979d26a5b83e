/**
 * A facture or an avoir e-mailed to its client (docs/sending.md): `POST /api/invoices/{id}/send`
 * and `POST /api/invoices/{id}/email`. Unlike a quote, the invoice is issued first (its number and
 * its archived Factur-X PDF committed: never numbered twice), then e-mailed; a failed e-mail leaves
 * it issued with `emailStatus: failed`, shown on its card with « Renvoyer l'e-mail ». The send is
 * one path (docs/architecture.md, "Issuing and sending a document"): what it reads is read once
 * (`invoicing/invoice-sending.ts`, steps 1 to 3) and handed down to the e-mail.
 */
import type { Invoice, InvoiceWithRefs } from '@btp/shared/entities/invoice';
import type { DocumentEmailData } from '@btp/shared/sending';
import type { Company } from '@btp/shared/entities/company';
import { clients } from '../data/entities/clients.js';
import { invoices } from '../data/entities/invoices.js';
import { submitIssuedInvoice } from '../einvoicing/exchange/invoice-submission.js';
import {
  checkInvoiceIssue,
  issueInvoiceDocument,
  readInvoiceIssue,
  type IssuedInvoice,
} from '../invoicing/invoice-sending.js';
import { readIssuer } from '../invoicing/issuer.js';
import { presentInvoice } from '../invoicing/present.js';
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
 * E-mails an issued invoice with its archive (the bytes the issue drew, else made now when it has
 * none, else read from the bucket) from `company` (read once by the caller), and records the
 * outcome. Never throws for the e-mail: a failure is recorded (and notified), the invoice stays
 * issued.
 */
async function mailIssued(
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
 * `POST /api/invoices/{id}/send`, step by step (docs/architecture.md): the invoice read (404), the
 * `Idempotency-Key` claimed (a repeat answers the invoice as it is, without a second e-mail), its
 * sources read once, the recipient checked (400 without one, nothing written), the issue checked
 * (409) and made (number, snapshots, Factur-X PDF, archive), then e-mailed with the PDF drawn; the
 * answer carries `emailStatus`.
 */
export async function sendInvoiceByEmail(
  companyId: string,
  id: string,
  body: DocumentEmailData & { version: number },
  idempotencyKey: string | undefined,
): Promise<InvoiceWithRefs> {
  const stored = await invoices.getOrThrow(companyId, id);
  const claim = await claimSending(companyId, idempotencyKey, { action: 'invoice-send', recordId: id });
  if (claim.kind === 'repeat') return presentInvoice(companyId, await invoices.getOrThrow(companyId, id));
  let issue: Awaited<ReturnType<typeof readInvoiceIssue>>;
  let issued: IssuedInvoice;
  let to: string;
  try {
    issue = await readInvoiceIssue(companyId, stored);
    to = recipientOf(body.email, issue.sources.client);
    await checkInvoiceIssue(issue, body.version);
    issued = await issueInvoiceDocument(issue);
  } catch (error) {
    await claim.release();
    throw error;
  }
  // Step 7: its submission to the plateforme agréée (issue 30), before the e-mail, with the PDF
  // drawn in 6: a few seconds at most, never blocking (what fails waits for the sync job).
  await submitIssuedInvoice(companyId, issued.invoice.id, issued.pdf);
  try {
    const company = issue.sources.company ?? {};
    return await presentInvoice(
      companyId,
      await mailIssued(companyId, company, issued, to, body.message),
      issue.sources,
    );
  } catch (error) {
    // Issued but not e-mailed (the archive or the status write failed): logged; the card offers
    // « Renvoyer l'e-mail » once the status shows, and the invoice is answered as issued.
    logger.error('Facture émise, e-mail non envoyé ou statut non enregistré', { invoiceId: id, error });
    return presentInvoice(companyId, issued.invoice, issue.sources);
  } finally {
    await claim.done().catch(() => undefined);
  }
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
