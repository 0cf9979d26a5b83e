/**
 * The message as RFC 5322 bytes, composed by nodemailer's MIME composer: `mailer.ts` loads this
 * module when it sends, so that a function evaluates the composer on that path only.
 */
import MailComposer from 'nodemailer/lib/mail-composer';
import { safeDisplayName, singleAddress, tagList, type OutgoingMail } from './mail-message.js';

function crlf(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}

/** The message as RFC 5322 bytes: multipart/alternative (text + HTML) and the attachments, UTF-8. */
export async function buildMime(mail: OutgoingMail, from: string): Promise<Buffer> {
  const to = singleAddress(mail.to, 'destinataire');
  const replyTo = mail.replyTo ? singleAddress(mail.replyTo, 'réponse') : undefined;
  const headers: Record<string, string> = {};
  for (const tag of tagList(mail.tags)) headers[`X-BTP-${tag.Name}`] = tag.Value;
  const composer = new MailComposer({
    from: { name: safeDisplayName(mail.fromName), address: from },
    to,
    ...(replyTo ? { replyTo } : {}),
    subject: mail.subject.replace(/[\r\n]+/g, ' '),
    // RFC 5322 lines end with CRLF; the composer keeps bare LFs as given, and SES sends the raw bytes.
    text: crlf(mail.text),
    html: crlf(mail.html),
    headers,
    attachments: (mail.attachments ?? []).map((attachment) => ({
      filename: attachment.filename.replace(/[\r\n"\\/]+/g, '_'),
      content: attachment.content,
      contentType: attachment.contentType,
    })),
    textEncoding: 'quoted-printable',
  });
  return composer.compile().build();
}
