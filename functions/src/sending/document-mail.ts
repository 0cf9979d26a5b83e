/**
 * E-mailing a document to its client (docs/sending.md): the recipient (the address typed in the
 * send dialog, else the client's), the message from the templates, the PDF attached, sent through
 * the mailer from the company's name. The outcome is what the record keeps as `emailStatus`.
 */
import type { Client } from '@btp/shared/entities/client';
import type { Company } from '@btp/shared/entities/company';
import { noClientEmailMessage } from '@btp/shared/sending-basics';
import type { EmailStatus } from '@btp/shared/sending';
import { nowIso } from '../data/ids.js';
import { badRequest } from '../lib/http-errors.js';
import { logger } from '../lib/logger.js';
import { sendMail } from '../mail/mailer.js';
import { PDF_MIME_TYPE } from '../pdf/pdf-archive.js';
import { documentMail, type SentDocument } from './templates.js';

/** Why an e-mail was not sent, as the card shows it (the provider's own words stay in the logs). */
export const mailFailureReason =
  "Le serveur d'envoi n'a pas accepté le message (adresse refusée ou service indisponible).";

/** The address to send to: `typed` when given, else the client's; 400 when there is neither. */
export function recipientOf(typed: string | undefined, client: Pick<Client, 'email'> | undefined): string {
  const to = typed?.trim() || client?.email?.trim();
  if (!to) throw badRequest(noClientEmailMessage, [{ path: 'email', message: noClientEmailMessage }]);
  return to;
}

export interface DocumentMailRequest {
  companyId: string;
  company: Partial<Company>;
  clientId: string;
  to: string;
  message?: string;
  document: SentDocument;
  pdf: Buffer;
  /** "Devis DEV-2026-0001.pdf". */
  fileName: string;
}

/**
 * Sends the document's e-mail. Never throws for the mail itself: a refusal or an outage answers a
 * `failed` status (logged with its cause), a success the `sent` one with the provider's id.
 */
export async function mailDocument(request: DocumentMailRequest): Promise<EmailStatus> {
  const { company, document, to } = request;
  const content = documentMail(document, company, request.message);
  try {
    const { messageId } = await sendMail({
      to,
      fromName: content.fromName,
      ...(company.email ? { replyTo: company.email } : {}),
      subject: content.subject,
      text: content.text,
      html: content.html,
      attachments: [{ filename: request.fileName, content: request.pdf, contentType: PDF_MIME_TYPE }],
      tags: { companyId: request.companyId, clientId: request.clientId, kind: document.kind },
    });
    return { state: 'sent', at: nowIso(), to, messageId };
  } catch (error) {
    logger.error('E-mail du document non envoyé', { kind: document.kind, number: document.number, error });
    return { state: 'failed', at: nowIso(), to, reason: mailFailureReason };
  }
}
