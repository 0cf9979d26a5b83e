import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { Transporter } from 'nodemailer';
import { isEmailAddress } from '@btp/shared/email-address';
import { logger } from '../lib/logger.js';
import { MailSendError, tagList, type OutgoingMail } from './mail-message.js';

export {
  MailSendError,
  safeDisplayName,
  type MailAttachment,
  type MailKind,
  type OutgoingMail,
} from './mail-message.js';

/**
 * The mail part of the functions' environment, read on first use (a route that never sends does not
 * need it): `MAIL_FROM` the verified sending address; in AWS `MAIL_CONFIGURATION_SET` (the SES
 * configuration set whose event destination reports bounces and complaints); locally
 * `MAIL_SMTP_PORT` (and `MAIL_SMTP_HOST`, default 127.0.0.1), the local SMTP server; `APP_URL` the
 * site's public URL. Read by hand, as `lib/config.ts` reads the rest: the functions that send start
 * without zod's code (issue 27, `bench:lambda`).
 */
interface MailConfig {
  MAIL_FROM: string;
  MAIL_CONFIGURATION_SET?: string | undefined;
  MAIL_SMTP_HOST: string;
  MAIL_SMTP_PORT?: number | undefined;
  AWS_REGION: string;
}

/** The mail configuration of `env`, or the names of the variables that are wrong. */
export function parseMailConfig(env: NodeJS.ProcessEnv): { config: MailConfig } | { invalid: string[] } {
  const invalid: string[] = [];
  const text = (name: string, fallback?: string): string | undefined => {
    const value = env[name] ?? fallback;
    if (value !== undefined && value.length < 1) invalid.push(name);
    return value;
  };
  const from = env.MAIL_FROM;
  if (from === undefined || !isEmailAddress(from)) invalid.push('MAIL_FROM');
  const configurationSet = text('MAIL_CONFIGURATION_SET');
  const host = text('MAIL_SMTP_HOST', '127.0.0.1');
  // As `z.coerce.number()`: blank text reads as 0 (then out of range).
  const port = env.MAIL_SMTP_PORT === undefined ? undefined : Number(env.MAIL_SMTP_PORT);
  if (port !== undefined && !(Number.isSafeInteger(port) && port >= 1 && port <= 65_535)) {
    invalid.push('MAIL_SMTP_PORT');
  }
  const region = text('AWS_REGION', 'eu-west-3');
  if (invalid.length > 0) return { invalid };
  return {
    config: {
      MAIL_FROM: from!,
      MAIL_CONFIGURATION_SET: configurationSet,
      MAIL_SMTP_HOST: host!,
      MAIL_SMTP_PORT: port,
      AWS_REGION: region!,
    },
  };
}

function mailConfig(): MailConfig {
  const result = parseMailConfig(process.env);
  if ('invalid' in result) {
    throw new MailSendError("L'envoi d'e-mails n'est pas configuré.", {
      cause: new Error(`Configuration de l'envoi invalide : ${result.invalid.join(', ')}`),
    });
  }
  return result.config;
}

/** The app's public URL for a path (`appUrl('/devis/abc')`), from env `APP_URL`. */
export function appUrl(path: string): string {
  const base = process.env.APP_URL;
  if (!base) throw new Error("APP_URL manquant : l'adresse publique du site est nécessaire.");
  const url = new URL(path.startsWith('/') ? path : `/${path}`, base.endsWith('/') ? base : `${base}/`);
  return url.toString();
}

let ses: SESv2Client | undefined;

/** The SESv2 client (in AWS only), loaded and made the first time a message is sent. */
async function sesClient(region: string): Promise<SESv2Client> {
  if (!ses) {
    const { SESv2Client: Client } = await import('@aws-sdk/client-sesv2');
    ses = new Client({ region, maxAttempts: 3 });
  }
  return ses;
}

let smtp: { key: string; transport: Transporter } | undefined;

/** The local stack's SMTP transport (nodemailer), loaded the first time a message goes through it. */
async function smtpTransport(host: string, port: number): Promise<Transporter> {
  const key = `${host}:${port}`;
  if (smtp?.key !== key) {
    const { createTransport } = await import('nodemailer');
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
  // The MIME composer is loaded here, on the one path that needs it.
  const { buildMime } = await import('./mime.js');
  const raw = await buildMime(mail, cfg.MAIL_FROM);
  try {
    if (cfg.MAIL_SMTP_PORT !== undefined) {
      const transport = await smtpTransport(cfg.MAIL_SMTP_HOST, cfg.MAIL_SMTP_PORT);
      const info = (await transport.sendMail({
        envelope: { from: cfg.MAIL_FROM, to: [mail.to.trim()] },
        raw,
      })) as { messageId?: string };
      return { messageId: info.messageId ?? '' };
    }
    const [client, { SendEmailCommand }] = await Promise.all([
      sesClient(cfg.AWS_REGION),
      import('@aws-sdk/client-sesv2'),
    ]);
    const output = await client.send(
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
