import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import MailComposer from 'nodemailer/lib/mail-composer';
import { createTransport, type Transporter } from 'nodemailer';
import * as z from 'zod';
import { logger } from '../lib/logger.js';

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
 * The mail part of the functions' environment, read on first use (a route that never sends does not
 * need it): `MAIL_FROM` the verified sending address; in AWS `MAIL_CONFIGURATION_SET` (the SES
 * configuration set whose event destination reports bounces and complaints); locally
 * `MAIL_SMTP_PORT` (and `MAIL_SMTP_HOST`, default 127.0.0.1), the local SMTP server; `APP_URL` the
 * site's public URL.
 */
const mailConfigSchema = z.object({
  MAIL_FROM: z.email(),
  MAIL_CONFIGURATION_SET: z.string().min(1).optional(),
  MAIL_SMTP_HOST: z.string().min(1).default('127.0.0.1'),
  MAIL_SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  AWS_REGION: z.string().min(1).default('eu-west-3'),
});

type MailConfig = z.infer<typeof mailConfigSchema>;

function mailConfig(): MailConfig {
  const result = mailConfigSchema.safeParse(process.env);
  if (!result.success) {
    throw new MailSendError("L'envoi d'e-mails n'est pas configuré.", {
      cause: new Error(
        `Configuration de l'envoi invalide : ${result.error.issues.map((issue) => issue.path.join('.')).join(', ')}`,
      ),
    });
  }
  return result.data;
}

/** The app's public URL for a path (`appUrl('/devis/abc')`), from env `APP_URL`. */
export function appUrl(path: string): string {
  const base = process.env.APP_URL;
  if (!base) throw new Error("APP_URL manquant : l'adresse publique du site est nécessaire.");
  const url = new URL(path.startsWith('/') ? path : `/${path}`, base.endsWith('/') ? base : `${base}/`);
  return url.toString();
}

/**
 * A display name as one line without the characters that could end the quoted name or start a new
 * header: control characters (CR, LF, tabs…) become spaces. The composer then quotes or
 * encoded-word-encodes what remains (a `"` or `\` is escaped, non-ASCII is RFC 2047).
 */
export function safeDisplayName(name: string): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.slice(0, 120) || 'BTP Gestion';
}

/** An address as given, refused if it holds anything that could smuggle a header or a second recipient. */
function singleAddress(address: string, field: string): string {
  const trimmed = address.trim();
  if (!z.email().safeParse(trimmed).success) {
    throw new MailSendError(`Adresse e-mail invalide (${field}).`);
  }
  return trimmed;
}

/** The value of a tag as SES accepts it (ASCII letters, digits, `_`, `-`, `.`, `@`). */
function tagValue(value: string): string {
  return value.replace(/[^A-Za-z0-9_.@-]/g, '_').slice(0, 256) || '_';
}

/** The tags as SES message tags (in AWS) and `X-BTP-*` headers (everywhere, read back by tests and the bounce handler). */
function tagList(tags: OutgoingMail['tags']): { Name: string; Value: string }[] {
  return [
    { Name: 'companyId', Value: tagValue(tags.companyId) },
    ...(tags.clientId ? [{ Name: 'clientId', Value: tagValue(tags.clientId) }] : []),
    { Name: 'kind', Value: tagValue(tags.kind) },
  ];
}

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

let ses: SESv2Client | undefined;

function sesClient(region: string): SESv2Client {
  ses ??= new SESv2Client({ region, maxAttempts: 3 });
  return ses;
}

let smtp: { key: string; transport: Transporter } | undefined;

function smtpTransport(host: string, port: number): Transporter {
  const key = `${host}:${port}`;
  if (smtp?.key !== key) {
    smtp = {
      key,
      transport: createTransport({
        host,
        port,
        secure: false,
        ignoreTLS: true,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    };
  }
  return smtp.transport;
}

/**
 * Sends one message: through the local SMTP server when `MAIL_SMTP_PORT` is set (local stack),
 * else with SESv2 `SendEmail` (raw MIME, the configuration set and the tags). Throws
 * {@link MailSendError} on any failure, logged without the message's content or addresses.
 */
export async function sendMail(mail: OutgoingMail): Promise<{ messageId: string }> {
  const cfg = mailConfig();
  const raw = await buildMime(mail, cfg.MAIL_FROM);
  try {
    if (cfg.MAIL_SMTP_PORT !== undefined) {
      const info = (await smtpTransport(cfg.MAIL_SMTP_HOST, cfg.MAIL_SMTP_PORT).sendMail({
        envelope: { from: cfg.MAIL_FROM, to: [mail.to.trim()] },
        raw,
      })) as { messageId?: string };
      return { messageId: info.messageId ?? '' };
    }
    const output = await sesClient(cfg.AWS_REGION).send(
      new SendEmailCommand({
        FromEmailAddress: cfg.MAIL_FROM,
        Destination: { ToAddresses: [mail.to.trim()] },
        Content: { Raw: { Data: raw } },
        ...(cfg.MAIL_CONFIGURATION_SET ? { ConfigurationSetName: cfg.MAIL_CONFIGURATION_SET } : {}),
        EmailTags: tagList(mail.tags),
      }),
    );
    if (!output.MessageId) throw new Error('SES answered without a MessageId');
    return { messageId: output.MessageId };
  } catch (error) {
    logger.error('mail send failed', {
      kind: mail.tags.kind,
      companyId: mail.tags.companyId,
      transport: cfg.MAIL_SMTP_PORT !== undefined ? 'smtp' : 'ses',
      error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
    });
    throw new MailSendError(undefined, { cause: error });
  }
}
