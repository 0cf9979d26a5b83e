/**
 * Sending a quote: draft → sent, with its PDF archived as sent (DOCUMENTS.md § 5). Apart from
 * `quote-service.ts` so that only the routes that send load the PDF renderer's loader. One path,
 * each step handed what the earlier ones read (docs/architecture.md, "Issuing and sending a
 * document"):
 *
 * 1. `readQuoteSending`: the quote (read by the caller) and its sources, read once
 *    (`pdf/pdf-sources.ts`): the company and the client as they are now (they become the quote's
 *    `seller` and `buyer` snapshots), the project, the logo;
 * 2. `checkQuoteSending`: the version, a draft, the company's legal profile, the client;
 * 3. `sendQuoteDocument`: the PDF drawn from the quote as it is sent (the company and the client
 *    of 1 copied into it as its `seller` and `buyer`) and stored unlisted; the delivery (the
 *    e-mail, `sending/quote-mail.ts`, with that PDF and the company read in 1); then one write,
 *    guarded by the version read, sends the quote with its snapshots and `pdfDocumentId` and lists
 *    the PDF as a document of type `quote`. If the delivery or that write fails (a stale version, a
 *    concurrent send) the stored PDF is deleted again: a quote is sent with its archive or not at
 *    all.
 */
import type { Quote } from '@btp/shared/entities/quote';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { canSendQuote } from '@btp/shared/quote-status';
import { staleVersionMessage } from '../data/entity-repository.js';
import { quoteAsRead, quotes } from '../data/entities/quotes.js';
import { nowIso } from '../data/ids.js';
import { assertProfileComplete, buyerSnapshot, sellerSnapshot } from '../invoicing/issuer.js';
import { conflict } from '../lib/http-errors.js';
import { archiveDocumentItems, discardPdf, drawPdf, quoteSubject, storePdf } from '../pdf/pdf-archive.js';
import { quoteAsSent, quotePdfInputOf, readQuoteSources, type DocumentSources } from '../pdf/pdf-sources.js';
import { renderQuotePdf } from '../pdf/renderer.js';
import { quoteMessages } from './quote-service.js';

/**
 * What sending does between drawing the PDF and writing the quote as sent: the e-mail to the client
 * (`quote-mail.ts`). It receives the quote as it is sent and its PDF; throwing aborts the sending
 * (the quote stays a draft, its PDF is deleted); its answer is written with the quote.
 */
export type QuoteDelivery = (sent: Quote, pdf: Buffer) => Promise<Pick<Quote, 'emailStatus'>>;

/** Everything sending a quote reads, read once (step 1) and handed to every later step. */
export interface QuoteSending {
  companyId: string;
  /** The quote as stored: the version the sending is guarded by. */
  stored: Quote;
  sources: DocumentSources;
}

/** Step 1: the sources of the quote `stored` (read by the caller), read once for the whole sending. */
export async function readQuoteSending(companyId: string, stored: Quote): Promise<QuoteSending> {
  return {
    companyId,
    stored,
    sources: await readQuoteSources(companyId, quoteAsRead(stored), { send: true }),
  };
}

/**
 * Step 2: refuses (409) a stale `version`, a quote that is not a draft, (one `details` entry per
 * missing field) a company whose legal profile lacks what a quote must print (DOCUMENTS.md § 1),
 * and a quote whose client no longer exists. Reads nothing.
 */
export function checkQuoteSending(sending: QuoteSending, version?: number): void {
  const { stored, sources } = sending;
  if (version !== undefined && version !== stored.version) throw conflict(staleVersionMessage);
  if (!canSendQuote(stored.status)) throw conflict(quoteMessages.sendOnlyDraft(stored.status));
  assertProfileComplete(sources.company ?? {}, { forInvoice: false });
  if (!sources.client) throw conflict(quoteMessages.clientGone);
}

/** Step 3: the PDF drawn and stored, the delivery, then the quote written as sent with its archive. */
export async function sendQuoteDocument(sending: QuoteSending, deliver?: QuoteDelivery): Promise<Quote> {
  const { companyId, stored, sources } = sending;
  const sentAt = nowIso();
  // Not re-priced: what the person saw is what is sent (a draft stored before VAT existed gets its
  // VAT fields as it reads).
  // Step 2 refused a quote whose client is gone; checked again here for the type.
  if (!sources.client) throw conflict(quoteMessages.clientGone);
  const seller = sellerSnapshot(sources.company ?? {});
  const buyer = buyerSnapshot(sources.client);
  const sentAs = (current: Quote): Quote => ({
    ...quoteAsRead(current),
    status: 'sent',
    sentAt,
    seller,
    buyer,
  });
  const input = quotePdfInputOf(quoteAsSent(sentAs(stored)), sources, calendarDateInFrance(new Date(sentAt)));
  const pdf = await drawPdf(renderQuotePdf, input);
  const file = await storePdf(companyId, pdf);
  try {
    const delivered = deliver ? await deliver(quoteAsSent(sentAs(stored)), pdf) : {};
    const sent = await quotes.update(
      companyId,
      stored.id,
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

/**
 * `POST /api/quotes/{id}/send` without the e-mail (the demo data, the tests): draft → sent, `sentAt`
 * now, steps 1 to 3.
 */
export async function sendQuote(
  companyId: string,
  id: string,
  version?: number,
  deliver?: QuoteDelivery,
): Promise<Quote> {
  const sending = await readQuoteSending(companyId, await quotes.getOrThrow(companyId, id));
  checkQuoteSending(sending, version);
  return sendQuoteDocument(sending, deliver);
}
