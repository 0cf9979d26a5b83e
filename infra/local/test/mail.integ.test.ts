import { describe, expect, it } from 'vitest';
import { appUrl, MailSendError, sendMail } from '../../../functions/src/mail/mailer.js';
import { freePort } from '../src/free-port.js';
import { startTestStack } from './support.js';
import { attachmentBytes, listMails, mailsTo, rawSource, waitForMail } from './support/mailbox.js';

const stack = await startTestStack();

/** A small PDF-like payload with every byte value, so a transfer encoding mistake shows. */
const pdf = Buffer.concat([
  Buffer.from('%PDF-1.7\n'),
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  Buffer.from('\n%%EOF\n'),
]);

describe('mail through the local stack (MailDev on /_mail/)', () => {
  it('a message sent with sendMail is in /_mail/email with its text, HTML, sender, reply-to, tags and PDF', async () => {
    const to = `client-${Date.now()}@exemple.fr`;
    const { messageId } = await sendMail({
      to,
      fromName: 'Dupont "Bâtiment" & Fils',
      replyTo: 'contact@dupont-batiment.fr',
      subject: 'Devis DEV-2026-0001 — rénovation de la cuisine',
      text: 'Bonjour,\n\nVeuillez trouver ci-joint notre devis.\n\nÀ bientôt',
      html: '<p>Bonjour,</p><p>Veuillez trouver ci-joint notre devis.</p>',
      attachments: [{ filename: 'DEV-2026-0001.pdf', content: pdf, contentType: 'application/pdf' }],
      tags: { companyId: 'company-1', clientId: 'client-1', kind: 'quote' },
    });
    expect(messageId).not.toBe('');

    const mail = await waitForMail(stack.url, to);
    expect(mail.subject).toBe('Devis DEV-2026-0001 — rénovation de la cuisine');
    expect(mail.from).toEqual([
      { address: 'no-reply@btp-gestion.localhost', name: 'Dupont "Bâtiment" & Fils' },
    ]);
    expect(mail.replyTo[0]?.address).toBe('contact@dupont-batiment.fr');
    expect(mail.text).toContain('Veuillez trouver ci-joint notre devis.');
    expect(mail.text).toContain('À bientôt');
    expect(mail.html).toContain('<p>Veuillez trouver ci-joint notre devis.</p>');
    expect(mail.headers['x-btp-companyid']).toBe('company-1');
    expect(mail.headers['x-btp-clientid']).toBe('client-1');
    expect(mail.headers['x-btp-kind']).toBe('quote');
    expect(mail.attachments).toEqual([
      expect.objectContaining({
        filename: 'DEV-2026-0001.pdf',
        contentType: 'application/pdf',
        size: pdf.length,
      }),
    ]);
    const [attachment] = mail.attachments;
    expect(await attachmentBytes(stack.url, mail, attachment!)).toEqual(pdf);
    expect(await rawSource(stack.url, mail)).toMatch(/^Content-Type: multipart\/alternative/m);
  });

  it('keeps every message, each to its own recipient', async () => {
    const first = `a-${Date.now()}@exemple.fr`;
    const second = `b-${Date.now()}@exemple.fr`;
    for (const to of [first, second, first]) {
      await sendMail({
        to,
        fromName: 'Entreprise',
        subject: `Pour ${to}`,
        text: 'Texte',
        html: '<p>Texte</p>',
        tags: { companyId: 'company-2', kind: 'invoice' },
      });
    }
    await expect.poll(async () => (await mailsTo(stack.url, first)).length).toBe(2);
    expect((await mailsTo(stack.url, second)).map((mail) => mail.subject)).toEqual([`Pour ${second}`]);
    expect((await listMails(stack.url)).length).toBeGreaterThanOrEqual(4);
  });

  it('serves the web inbox under /_mail/ on the stack port, and /_mail redirects to it', async () => {
    const page = await fetch(`${stack.url}/_mail/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('MailDev');
    const bare = await fetch(`${stack.url}/_mail`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/_mail/');
    expect(stack.mailUrl).toBe(`${stack.url}/_mail/`);
  });

  it('points appUrl at the stack', () => {
    expect(appUrl('/devis/abc')).toBe(`${stack.url}/devis/abc`);
  });

  it('answers MailSendError when the SMTP server cannot be reached', async () => {
    const port = process.env.MAIL_SMTP_PORT;
    process.env.MAIL_SMTP_PORT = String(await freePort());
    try {
      await expect(
        sendMail({
          to: 'personne@exemple.fr',
          fromName: 'Entreprise',
          subject: 'Perdu',
          text: 'Texte',
          html: '<p>Texte</p>',
          tags: { companyId: 'company-3', kind: 'reminder' },
        }),
      ).rejects.toBeInstanceOf(MailSendError);
    } finally {
      process.env.MAIL_SMTP_PORT = port;
    }
    expect((await mailsTo(stack.url, 'personne@exemple.fr')).length).toBe(0);
  });
});
