/**
 * A facture or an avoir e-mailed to its client (docs/sending.md): `POST /api/invoices/{id}/send`
 * (the e-mail again, `POST /api/invoices/{id}/email`, is `invoice-resend.ts`). Unlike a quote, the
 * invoice is issued first (its number and its archived Factur-X PDF committed: never numbered
 * twice), then e-mailed; a failed e-mail leaves it issued with `emailStatus: failed`, shown on its
 * card with « Renvoyer l'e-mail ». The send is one path (docs/architecture.md, "Issuing and sending a
 * document"): what it reads is read once (`invoicing/invoice-sending.ts`, steps 1 to 3) and handed
 * down to the e-mail.
 */
import type { InvoiceWithRefs } from '@btp/shared/entities/invoice';
import type { DocumentEmailData } from '@btp/shared/sending';
import { invoices } from '../data/entities/invoices.js';
import { submitIssuedInvoice } from '../einvoicing/exchange/invoice-submission.js';
import {
  checkInvoiceIssue,
  issueInvoiceDocument,
  readInvoiceIssue,
  type IssuedInvoice,
} from '../invoicing/invoice-sending.js';
import { presentInvoice } from '../invoicing/present.js';
import { logger } from '../lib/logger.js';
import { recipientOf } from './document-mail.js';
import { claimSending } from './idempotency.js';
import { mailIssued } from './invoice-resend.js';

export { emailInvoiceAgain, invoiceMailMessages } from './invoice-resend.js';

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
