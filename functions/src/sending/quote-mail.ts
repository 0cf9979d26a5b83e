/**
 * A devis e-mailed to its client (docs/sending.md): `POST /api/quotes/{id}/send` and
 * `POST /api/quotes/{id}/email`. The e-mail carries the PDF as sent and the link of the online
 * « Bon pour accord » (`/devis/<token>`, a new token each time, replacing the earlier unused one).
 */
import type { Quote } from '@btp/shared/entities/quote';
import type { DocumentEmailData } from '@btp/shared/sending';
import { clients } from '../data/entities/clients.js';
import { quoteAsRead, quotes } from '../data/entities/quotes.js';
import { readIssuer } from '../invoicing/issuer.js';
import { conflict, HttpError } from '../lib/http-errors.js';
import { appUrl } from '../mail/mailer.js';
import { archiveFileName, archiveSentQuote } from '../pdf/pdf-archive.js';
import { issueAcceptanceLink } from '../quotes/acceptance-link.js';
import { checkQuoteSending, readQuoteSending, sendQuoteDocument } from '../quotes/quote-sending.js';
import { mailDocument, recipientOf } from './document-mail.js';
import { claimSending } from './idempotency.js';
import { archivedPdf, recordEmailStatus } from './record-email-status.js';
import type { SentDocument } from './templates.js';

export const quoteMailMessages = {
  /** 503: nothing was written, the quote is still a draft. */
  notSent:
    "L'e-mail du devis n'a pas pu être envoyé : le devis reste un brouillon. Vérifiez l'adresse puis réessayez dans quelques instants.",
  onlySent: 'Seul un devis envoyé (en attente de signature) peut être renvoyé par e-mail.',
} as const;

/** The 503 of a first send whose e-mail failed: the quote stays a draft (the message is shown). */
export const quoteMailFailed = () => new HttpError(503, 'email_failed', quoteMailMessages.notSent);

function quoteDocument(quote: Quote, acceptPath: string): SentDocument {
  return {
    kind: 'quote',
    number: quote.number,
    title: quote.title,
    totalWithVat: quote.totalWithVat,
    ...(quote.validUntil ? { validUntil: quote.validUntil } : {}),
    acceptUrl: appUrl(acceptPath),
  };
}

/**
 * `POST /api/quotes/{id}/send`: the quote e-mailed, then sent. Step by step (docs/architecture.md):
 * the quote read (404), the `Idempotency-Key` claimed (a repeat answers the quote as it is, without
 * a second e-mail), its sources read once, the recipient checked (400 without one), the sending
 * checked (409), then the e-mail goes out with the PDF as sent before the quote is written as sent:
 * when it fails, nothing is written (503, the quote stays a draft).
 */
export async function sendQuoteByEmail(
  companyId: string,
  id: string,
  body: DocumentEmailData & { version?: number },
  idempotencyKey: string | undefined,
): Promise<Quote> {
  const stored = await quotes.getOrThrow(companyId, id);
  const claim = await claimSending(companyId, idempotencyKey, { action: 'quote-send', recordId: id });
  if (claim.kind === 'repeat') return quoteAsRead(await quotes.getOrThrow(companyId, id));
  let mailed = false;
  try {
    const sending = await readQuoteSending(companyId, stored);
    const to = recipientOf(body.email, sending.sources.client);
    checkQuoteSending(sending, body.version);
    const company = sending.sources.company ?? {};
    const sent = await sendQuoteDocument(sending, async (quote, pdf) => {
      const path = await issueAcceptanceLink(companyId, quote);
      const status = await mailDocument({
        companyId,
        company,
        clientId: quote.clientId,
        to,
        ...(body.message ? { message: body.message } : {}),
        document: quoteDocument(quote, path),
        pdf,
        fileName: archiveFileName('quote', quote.number),
      });
      if (status.state === 'failed') throw quoteMailFailed();
      mailed = true;
      return { emailStatus: status };
    });
    await claim.done();
    return sent;
  } catch (error) {
    // Once the e-mail is gone the key stays taken: a retry must not send it again.
    await (mailed ? claim.done().catch(() => undefined) : claim.release());
    throw error;
  }
}

/**
 * `POST /api/quotes/{id}/email`: a sent quote's e-mail again (its archived PDF and a new link), to
 * the address given or the client's (the company and the client read once). Its outcome is
 * recorded as `emailStatus` and the quote answered either way (409 unless the quote is `sent`).
 */
export async function emailQuoteAgain(
  companyId: string,
  id: string,
  body: DocumentEmailData,
  idempotencyKey: string | undefined,
): Promise<Quote> {
  const stored = quoteAsRead(await quotes.getOrThrow(companyId, id));
  if (stored.status !== 'sent') throw conflict(quoteMailMessages.onlySent);
  const [company, client] = await Promise.all([
    readIssuer(companyId),
    clients.get(companyId, stored.clientId),
  ]);
  const to = recipientOf(body.email, client);
  const claim = await claimSending(companyId, idempotencyKey, { action: 'quote-email', recordId: id });
  if (claim.kind === 'repeat') return quoteAsRead(await quotes.getOrThrow(companyId, id));
  let archived: Quote;
  let pdf: Buffer;
  let path: string;
  try {
    let drawn: Buffer | undefined;
    if (stored.pdfDocumentId) archived = stored;
    else ({ record: archived, pdf: drawn } = await archiveSentQuote(companyId, stored, { company, client }));
    pdf = drawn ?? (await archivedPdf(companyId, archived.pdfDocumentId as string));
    path = await issueAcceptanceLink(companyId, archived);
  } catch (error) {
    await claim.release();
    throw error;
  }
  const status = await mailDocument({
    companyId,
    company,
    clientId: stored.clientId,
    to,
    ...(body.message ? { message: body.message } : {}),
    document: quoteDocument(archived, path),
    pdf,
    fileName: archiveFileName('quote', archived.number),
  });
  try {
    return quoteAsRead(await recordEmailStatus(quotes, companyId, id, status));
  } finally {
    await claim.done().catch(() => undefined);
  }
}
