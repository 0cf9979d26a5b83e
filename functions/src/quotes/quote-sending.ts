/**
 * Sending a quote: draft → sent, with its PDF archived as sent (DOCUMENTS.md § 5). Apart from
 * `quote-service.ts` so that only the send route loads the PDF renderer.
 */
import type { Quote } from '@btp/shared/entities/quote';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { canSendQuote } from '@btp/shared/quote-status';
import { staleVersionMessage } from '../data/entity-repository.js';
import { clients } from '../data/entities/clients.js';
import { quoteAsRead, quotes } from '../data/entities/quotes.js';
import { nowIso } from '../data/ids.js';
import { assertProfileComplete, readIssuer } from '../invoicing/issuer.js';
import { conflict } from '../lib/http-errors.js';
import { archiveDocumentItems, discardPdf, drawPdf, quoteSubject, storePdf } from '../pdf/pdf-archive.js';
import { quoteAsSent, quotePdfInput } from '../pdf/pdf-sources.js';
import { renderQuotePdf } from '../pdf/renderer.js';
import { quoteMessages } from './quote-service.js';

/**
 * `POST /api/quotes/{id}/send`: draft → sent, `sentAt` now (409 for any other status, or a stale
 * `version`). Refused (409, one `details` entry per missing field) while the company's legal
 * profile lacks what a quote must print (DOCUMENTS.md § 1), and (409) when its client no longer
 * exists.
 *
 * Its PDF is drawn first, from the quote as it is sent (the company and the client as they are
 * now), and stored unlisted; then one write, guarded by the version read, sends the quote with its
 * `pdfDocumentId` and lists the PDF as a document of type `quote`. If that write fails (a stale
 * version, a concurrent send) the stored PDF is deleted again: a quote is sent with its archive or
 * not at all.
 */
/**
 * What sending does between drawing the PDF and writing the quote as sent: the e-mail to the client
 * (`quote-mail.ts`). It receives the quote as it is sent and its PDF; throwing aborts the sending
 * (the quote stays a draft, its PDF is deleted); its answer is written with the quote.
 */
export type QuoteDelivery = (sent: Quote, pdf: Buffer) => Promise<Pick<Quote, 'emailStatus'>>;

export async function sendQuote(
  companyId: string,
  id: string,
  version?: number,
  deliver?: QuoteDelivery,
): Promise<Quote> {
  const [stored, company] = await Promise.all([quotes.getOrThrow(companyId, id), readIssuer(companyId)]);
  if (version !== undefined && version !== stored.version) throw conflict(staleVersionMessage);
  if (!canSendQuote(stored.status)) throw conflict(quoteMessages.sendOnlyDraft(stored.status));
  assertProfileComplete(company, { forInvoice: false });
  const client = await clients.get(companyId, stored.clientId);
  if (!client) throw conflict(quoteMessages.clientGone);

  const sentAt = nowIso();
  // Not re-priced: what the person saw is what is sent (a draft stored before VAT existed gets its
  // VAT fields as it reads).
  const sentAs = (current: Quote): Quote => ({ ...quoteAsRead(current), status: 'sent', sentAt });
  const input = await quotePdfInput(
    companyId,
    quoteAsSent(sentAs(stored)),
    calendarDateInFrance(new Date(sentAt)),
    { company, client },
  );
  const pdf = await drawPdf(renderQuotePdf, input);
  const file = await storePdf(companyId, pdf);
  try {
    const delivered = deliver ? await deliver(quoteAsSent(sentAs(stored)), pdf) : {};
    const sent = await quotes.update(
      companyId,
      id,
      (current) => {
        if (!canSendQuote(current.status)) throw conflict(quoteMessages.sendOnlyDraft(current.status));
        return { ...sentAs(current), ...delivered, pdfDocumentId: file.documentId };
      },
      {
        // The version the PDF was drawn from: the quote is sent only as drawn.
        expectedVersion: stored.version,
        extraItems: archiveDocumentItems(companyId, file, quoteSubject(stored)),
      },
    );
    return quoteAsRead(sent);
  } catch (error) {
    await discardPdf(companyId, file, 'quote not sent');
    throw error;
  }
}
