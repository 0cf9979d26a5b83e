/**
 * An outgoing e-mail as the functions describe it, and what every transport applies to it: the
 * sender's display name made safe, one recipient address, the tags (`mailer.ts` sends it; `mime.ts`
 * composes it as RFC 5322 bytes).
 */
import { isEmailAddress } from '@btp/shared/email-address';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export type MailKind = 'quote' | 'invoice' | 'credit_note' | 'reminder';

export interface OutgoingMail {
  /** One recipient address. */
  to: string;
  /** The company's name, shown as the sender's display name. */
  fromName: string;
  /** The company's e-mail, when it has one. */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Carried as message tags / headers so a bounce can be traced back. */
  tags: { companyId: string; clientId?: string; kind: MailKind };
}

/** A message could not be handed to SES or to the SMTP server. Its message is French and safe to show. */
export class MailSendError extends Error {
  constructor(message = "L'e-mail n'a pas pu être envoyé.", options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailSendError';
  }
}

/**
 * A display name as one line without the characters that could end the quoted name or start a new
 * header: control characters (CR, LF, tabs…) become spaces. The composer then quotes or
 * encoded-word-encodes what remains (a `"` or `\` is escaped, non-ASCII is RFC 2047).
 */
export function safeDisplayName(name: string): string {
  const cleaned = name
    // oxlint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.slice(0, 120) || 'BTP Gestion';
}

/** An address as given, refused if it holds anything that could smuggle a header or a second recipient. */
export function singleAddress(address: string, field: string): string {
  const trimmed = address.trim();
  if (!isEmailAddress(trimmed)) {
    throw new MailSendError(`Adresse e-mail invalide (${field}).`);
  }
  return trimmed;
}

/** The value of a tag as SES accepts it (ASCII letters, digits, `_`, `-`, `.`, `@`). */
function tagValue(value: string): string {
  return value.replace(/[^A-Za-z0-9_.@-]/g, '_').slice(0, 256) || '_';
}

/** The tags as SES message tags (in AWS) and `X-BTP-*` headers (everywhere, read back by tests and the bounce handler). */
export function tagList(tags: OutgoingMail['tags']): { Name: string; Value: string }[] {
  return [
    { Name: 'companyId', Value: tagValue(tags.companyId) },
    ...(tags.clientId ? [{ Name: 'clientId', Value: tagValue(tags.clientId) }] : []),
    { Name: 'kind', Value: tagValue(tags.kind) },
  ];
}
