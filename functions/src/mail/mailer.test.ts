import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { seededRandom } from '@btp/shared/testing/seeded-random';
import '@btp/shared/zod-fr';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  appUrl,
  MailSendError,
  parseMailConfig,
  safeDisplayName,
  sendMail,
  type OutgoingMail,
} from './mailer.js';
import { buildMime } from './mime.js';

const ses = mockClient(SESv2Client);

const from = 'envoi@btp-gestion.fr';

const mail: OutgoingMail = {
  to: 'client@exemple.fr',
  fromName: 'Dupont Bâtiment',
  replyTo: 'contact@dupont.fr',
  subject: 'Devis DEV-2026-0001 — façade',
  text: 'Bonjour,\n\nVeuillez trouver ci-joint notre devis n° DEV-2026-0001.',
  html: '<p>Bonjour,</p><p>Veuillez trouver ci-joint notre devis n° DEV-2026-0001.</p>',
  attachments: [
    {
      filename: 'DEV-2026-0001.pdf',
      content: Buffer.from('%PDF-1.7 é\u0000\u00ff'),
      contentType: 'application/pdf',
    },
  ],
  tags: { companyId: 'c-1', clientId: 'cl-1', kind: 'quote' },
};

/** The headers of a MIME part (folded lines joined), by lower-case name. */
function headersOf(raw: string): Map<string, string> {
  const head = raw.split(/\r\n\r\n/)[0] ?? '';
  const map = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    map.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return map;
}

/** Decodes RFC 2047 encoded words (UTF-8, B or Q). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** The body parts of a multipart body: each part's headers and decoded content. */
function parts(raw: string, boundary: string): { headers: Map<string, string>; body: string; raw: string }[] {
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const trimmed = part.replace(/^\r\n/, '');
      const [, ...rest] = trimmed.split('\r\n\r\n');
      return { headers: headersOf(trimmed), body: rest.join('\r\n\r\n').replace(/\r\n$/, ''), raw: trimmed };
    });
}

function boundaryOf(contentType: string | undefined): string {
  const match = /boundary="?([^";]+)"?/.exec(contentType ?? '');
  if (!match?.[1]) throw new Error(`no boundary in ${contentType}`);
  return match[1];
}

function quotedPrintable(text: string): string {
  return Buffer.from(
    text
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

describe('buildMime', () => {
  it('makes multipart/mixed: multipart/alternative (text then HTML, UTF-8) and the PDF attachment', async () => {
    const raw = (await buildMime(mail, from)).toString('latin1');
    const headers = headersOf(raw);
    expect(headers.get('mime-version')).toBe('1.0');
    expect(headers.get('to')).toBe('client@exemple.fr');
    expect(headers.get('reply-to')).toBe('contact@dupont.fr');
    expect(decodeWords(headers.get('subject') ?? '')).toBe('Devis DEV-2026-0001 — façade');
    expect(headers.get('subject')).toMatch(/^=\?UTF-8\?[BQ]\?/);
    expect(headers.get('content-type')).toMatch(/^multipart\/mixed;/);

    const [alternative, attachment, ...others] = parts(raw, boundaryOf(headers.get('content-type')));
    expect(others).toEqual([]);
    expect(alternative?.headers.get('content-type')).toMatch(/^multipart\/alternative;/);
    const [text, html] = parts(alternative!.raw, boundaryOf(alternative?.headers.get('content-type')));
    expect(text?.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(quotedPrintable(text!.body)).toBe(mail.text.replace(/\n/g, '\r\n'));
    expect(html?.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(quotedPrintable(html!.body)).toBe(mail.html);

    expect(attachment?.headers.get('content-type')).toBe('application/pdf; name=DEV-2026-0001.pdf');
    expect(attachment?.headers.get('content-disposition')).toBe('attachment; filename=DEV-2026-0001.pdf');
    expect(attachment?.headers.get('content-transfer-encoding')).toBe('base64');
    expect(Buffer.from(attachment!.body.replace(/\r\n/g, ''), 'base64')).toEqual(
      mail.attachments![0]!.content,
    );
  });

  it('carries the tags as X-BTP headers', async () => {
    const headers = headersOf((await buildMime(mail, from)).toString('latin1'));
    expect(headers.get('x-btp-companyid')).toBe('c-1');
    expect(headers.get('x-btp-clientid')).toBe('cl-1');
    expect(headers.get('x-btp-kind')).toBe('quote');
  });

  it('shows the company name as the sender, quoted, on the verified address', async () => {
    const headers = headersOf(
      (await buildMime({ ...mail, fromName: 'SARL "Les Bâtisseurs", Lyon' }, from)).toString('latin1'),
    );
    const decoded = decodeWords(headers.get('from') ?? '');
    expect(decoded).toMatch(/<envoi@btp-gestion\.fr>$/);
    expect(decoded).toContain('Les Bâtisseurs');
    expect(decoded).not.toContain('contact@dupont.fr');
  });

  it('cannot be made to add a header through the name, the subject or an address', async () => {
    const raw = (
      await buildMime(
        { ...mail, fromName: 'Evil\r\nBcc: victim@exemple.fr', subject: 'Objet\r\nBcc: victim@exemple.fr' },
        from,
      )
    ).toString('latin1');
    const headers = headersOf(raw);
    expect(headers.has('bcc')).toBe(false);
    expect(raw).not.toMatch(/^Bcc:/im);
    await expect(
      buildMime({ ...mail, to: 'a@exemple.fr\r\nBcc: victim@exemple.fr' }, from),
    ).rejects.toBeInstanceOf(MailSendError);
    await expect(buildMime({ ...mail, to: 'a@exemple.fr, b@exemple.fr' }, from)).rejects.toBeInstanceOf(
      MailSendError,
    );
    await expect(
      buildMime({ ...mail, replyTo: 'x@exemple.fr\nCc: y@exemple.fr' }, from),
    ).rejects.toBeInstanceOf(MailSendError);
  });

  it('makes a display name one line', () => {
    expect(safeDisplayName('  Dupont\r\n\tBâtiment \u2028 ')).toBe('Dupont Bâtiment');
    expect(safeDisplayName('\r\n')).toBe('BTP Gestion');
  });
});

describe('sendMail through SES (no MAIL_SMTP_PORT)', () => {
  beforeEach(() => {
    ses.reset();
    process.env.MAIL_FROM = from;
    process.env.MAIL_CONFIGURATION_SET = 'btp-gestion-mail';
    delete process.env.MAIL_SMTP_PORT;
  });
  afterEach(() => {
    delete process.env.MAIL_FROM;
    delete process.env.MAIL_CONFIGURATION_SET;
  });

  it('sends the raw MIME with the verified sender, the configuration set and the tags', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-123' });
    await expect(sendMail(mail)).resolves.toEqual({ messageId: 'ses-123' });
    const calls = ses.commandCalls(SendEmailCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0]!.args[0].input;
    expect(input.FromEmailAddress).toBe(from);
    expect(input.Destination).toEqual({ ToAddresses: ['client@exemple.fr'] });
    expect(input.ConfigurationSetName).toBe('btp-gestion-mail');
    expect(input.EmailTags).toEqual([
      { Name: 'companyId', Value: 'c-1' },
      { Name: 'clientId', Value: 'cl-1' },
      { Name: 'kind', Value: 'quote' },
    ]);
    const raw = Buffer.from(input.Content!.Raw!.Data!).toString('latin1');
    expect(headersOf(raw).get('content-type')).toMatch(/^multipart\/mixed;/);
    expect(raw).toContain('DEV-2026-0001.pdf');
  });

  it('turns an SES failure into MailSendError, with a French message that names nothing internal', async () => {
    ses
      .on(SendEmailCommand)
      .rejects(
        Object.assign(new Error('Email address is not verified: secret'), { name: 'MessageRejected' }),
      );
    const error = await sendMail(mail).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MailSendError);
    expect((error as Error).message).toBe("L'e-mail n'a pas pu être envoyé.");
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1);
  });

  it('refuses to send without MAIL_FROM', async () => {
    delete process.env.MAIL_FROM;
    await expect(sendMail(mail)).rejects.toBeInstanceOf(MailSendError);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });
});

describe('the mail configuration, read without zod', () => {
  /** The zod schema the mailer read its configuration with until issue 27's ninth pass. */
  const mailConfigSchema = z.object({
    MAIL_FROM: z.email(),
    MAIL_CONFIGURATION_SET: z.string().min(1).optional(),
    MAIL_SMTP_HOST: z.string().min(1).default('127.0.0.1'),
    MAIL_SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    AWS_REGION: z.string().min(1).default('eu-west-3'),
  });
  const samples: Record<string, (string | undefined)[]> = {
    MAIL_FROM: [undefined, '', 'envoi@btp-gestion.fr', ' envoi@btp-gestion.fr', 'envoi@btp-gestion', 'envoi'],
    MAIL_CONFIGURATION_SET: [undefined, '', 'btp-gestion-mail'],
    MAIL_SMTP_HOST: [undefined, '', 'localhost'],
    MAIL_SMTP_PORT: [
      undefined,
      '',
      ' ',
      '2525',
      ' 1025 ',
      '0',
      '65535',
      '65536',
      '25.5',
      '1e3',
      'x',
      'Infinity',
    ],
    AWS_REGION: [undefined, '', 'eu-west-1'],
  };

  it('answers as the zod schema it replaces: the same values, the same variables named (2,000 random environments)', () => {
    const random = seededRandom(2714);
    for (let round = 0; round < 2_000; round += 1) {
      const env: Record<string, string> = {};
      for (const [name, values] of Object.entries(samples)) {
        const value = random.pick(values);
        if (value !== undefined) env[name] = value;
      }
      const expected = mailConfigSchema.safeParse(env);
      const seen = parseMailConfig(env);
      if (expected.success) expect(seen, JSON.stringify(env)).toEqual({ config: expected.data });
      else
        expect(seen, JSON.stringify(env)).toEqual({
          invalid: expected.error.issues.map((issue) => issue.path.join('.')),
        });
    }
  });

  it('names what is wrong, never a value', () => {
    expect(parseMailConfig({ MAIL_FROM: 'secret-sender', MAIL_SMTP_PORT: '70000' })).toEqual({
      invalid: ['MAIL_FROM', 'MAIL_SMTP_PORT'],
    });
    expect(parseMailConfig({ MAIL_FROM: 'envoi@btp-gestion.fr', MAIL_SMTP_PORT: '1025' })).toEqual({
      config: {
        MAIL_FROM: 'envoi@btp-gestion.fr',
        MAIL_SMTP_HOST: '127.0.0.1',
        MAIL_SMTP_PORT: 1025,
        AWS_REGION: 'eu-west-3',
      },
    });
  });
});

describe('appUrl', () => {
  afterEach(() => {
    delete process.env.APP_URL;
  });
  it('joins APP_URL and the path, with or without a trailing slash', () => {
    process.env.APP_URL = 'https://app.exemple.fr';
    expect(appUrl('/devis/abc')).toBe('https://app.exemple.fr/devis/abc');
    process.env.APP_URL = 'https://app.exemple.fr/';
    expect(appUrl('devis/abc')).toBe('https://app.exemple.fr/devis/abc');
  });
});
