/**
 * Payment reminders and notifications against the local stack (docs/reminders-notifications.md):
 * "Relancer", the daily job (run here at chosen instants, as the stack's timer or the EventBridge
 * schedule would), the company's settings, and the bell's routes. The e-mails are read back from
 * the local inbox (`/_mail/email`).
 */
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { DEFAULT_REMINDER_SUBJECT } from '@btp/shared/reminders';
import { describe, expect, it } from 'vitest';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { getCompany } from '../../../functions/src/accounts/companies.js';
import { linksMarkerKey } from '../../../functions/src/data/quote-invoice-links.js';
import { remindCompany, runDailyReminders } from '../../../functions/src/invoicing/invoice-reminders.js';
import { db, tableName } from '../../../functions/src/lib/dynamo.js';
import { withInvoiceRangeQueries } from '../../../functions/src/test-support/aggregates-harness.js';
import type { TestClient } from './http-client.js';
import { completeCompanyProfile, signedInCompany, startTestStack } from './support.js';
import { attachmentBytes, mailsTo, waitForMail, type ReceivedMail } from './support/mailbox.js';

const stack = await startTestStack();

interface Reminder {
  at: string;
  step: 'manual' | 7 | 15 | 30;
  to: string;
  messageId?: string;
  failure?: string;
}

interface Invoice {
  id: string;
  number?: string;
  status: string;
  version: number;
  dueDate?: string;
  reminders?: Reminder[];
}

interface Company {
  http: TestClient;
  companyId: string;
  clientId: string;
  clientEmail: string;
}

interface NotificationList {
  items: {
    id: string;
    kind: string;
    title: string;
    body?: string;
    link?: string;
    createdAt: string;
    read: boolean;
  }[];
  unreadCount: number;
}

let counter = 0;

/** A company with a complete profile and a client whose e-mail is unique to it. */
async function companyWithClient(name: string): Promise<Company> {
  const { client: http, companyId } = await signedInCompany(stack.url, name);
  await completeCompanyProfile(http);
  counter += 1;
  const clientEmail = `client-${Date.now().toString(36)}-${counter}@exemple.fr`;
  const created = await http.post('/api/clients', { name: `Client ${name} ${counter}`, email: clientEmail });
  expect(created.status).toBe(201);
  return { http, companyId, clientId: (created.body as { id: string }).id, clientEmail };
}

function shiftDate(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** An issued invoice of 1 000 € HT (1 200 € TTC) due `daysAgo` days before `today`. */
async function issued(company: Company, daysAgo: number, today = calendarDateInFrance()): Promise<Invoice> {
  const draft = await company.http.post('/api/invoices', {
    clientId: company.clientId,
    title: `Travaux J-${daysAgo}`,
    totalAmount: '1000',
    dueDate: shiftDate(today, -daysAgo),
  });
  expect(draft.status).toBe(201);
  const sent = await company.http.post(`/api/invoices/${(draft.body as Invoice).id}/send`, {
    version: (draft.body as Invoice).version,
  });
  expect(sent.status).toBe(200);
  return sent.body as Invoice;
}

async function read(company: Company, id: string): Promise<Invoice> {
  const response = await company.http.get(`/api/invoices/${id}`);
  expect(response.status).toBe(200);
  return response.body as Invoice;
}

async function turnRemindersOn(company: Company, fields: Record<string, unknown> = {}): Promise<void> {
  const current = (await company.http.get('/api/company')).body as {
    version: number;
    reminderSubject: string;
    reminderText: string;
  };
  const response = await company.http.put('/api/company/reminders', {
    remindersEnabled: true,
    reminderSubject: current.reminderSubject,
    reminderText: current.reminderText,
    version: current.version,
    ...fields,
  });
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ remindersEnabled: true });
}

const reminderMails = async (company: Company): Promise<ReceivedMail[]> =>
  (await mailsTo(stack.url, company.clientEmail)).filter((mail) => mail.headers['x-btp-kind'] === 'reminder');

/** Waits until `count` reminders reached the client's inbox (SMTP delivery is asynchronous), then answers them. */
async function waitForReminders(company: Company, count: number): Promise<ReceivedMail[]> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const mails = await reminderMails(company);
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return reminderMails(company);
}

describe('PUT /api/company/reminders', () => {
  it('answers the defaults (off) on GET /api/company, saves the settings, refuses a stale version and empty texts', async () => {
    const company = await companyWithClient('Réglages');
    const before = (await company.http.get('/api/company')).body as Record<string, unknown>;
    expect(before).toMatchObject({ remindersEnabled: false, reminderSubject: DEFAULT_REMINDER_SUBJECT });
    expect(before.reminderText).toContain('{numero}');

    const saved = await company.http.put('/api/company/reminders', {
      remindersEnabled: true,
      reminderSubject: 'Rappel {numero}',
      reminderText: 'Merci de régler {montant}.',
      version: before.version,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      remindersEnabled: true,
      reminderSubject: 'Rappel {numero}',
      reminderText: 'Merci de régler {montant}.',
      version: (before.version as number) + 1,
    });
    // The profile form's PUT keeps them.
    await completeCompanyProfile(company.http, { city: 'Villeurbanne' });
    expect((await company.http.get('/api/company')).body).toMatchObject({
      city: 'Villeurbanne',
      remindersEnabled: true,
      reminderSubject: 'Rappel {numero}',
    });

    const stale = await company.http.put('/api/company/reminders', {
      remindersEnabled: false,
      reminderSubject: 'x',
      reminderText: 'y',
      version: before.version,
    });
    expect(stale.status).toBe(409);
    const empty = await company.http.put('/api/company/reminders', {
      remindersEnabled: false,
      reminderSubject: ' ',
      reminderText: '',
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      details: expect.arrayContaining([
        { path: 'reminderSubject', message: "L'objet de la relance est requis" },
        { path: 'reminderText', message: 'Le texte de la relance est requis' },
      ]) as unknown,
    });
  });
});

describe('POST /api/invoices/{id}/remind', () => {
  it('e-mails one reminder with the issued PDF to the client and records it on the invoice', async () => {
    const company = await companyWithClient('Relance manuelle');
    const invoice = await issued(company, 10);
    expect(invoice.status).toBe('overdue');

    const response = await company.http.post(`/api/invoices/${invoice.id}/remind`);
    expect(response.status).toBe(200);
    const reminded = response.body as Invoice;
    expect(reminded.reminders).toEqual([
      {
        at: expect.any(String) as unknown,
        step: 'manual',
        to: company.clientEmail,
        messageId: expect.any(String) as unknown,
      },
    ]);
    expect(reminded.version).toBe(invoice.version + 1);

    const mail = await waitForMail(
      stack.url,
      company.clientEmail,
      (received) => received.headers['x-btp-kind'] === 'reminder',
    );
    expect(mail.subject).toBe(
      `Relance : facture ${invoice.number} échue le ${invoice.dueDate!.split('-').reverse().join('/')}`,
    );
    expect(mail.text).toContain(`la facture ${invoice.number} d'un montant de 1\u202f200,00\u00a0€`);
    expect(mail.headers['x-btp-companyid']).toBe(company.companyId);
    expect(mail.attachments).toEqual([
      expect.objectContaining({ filename: `Facture ${invoice.number}.pdf`, contentType: 'application/pdf' }),
    ]);
    const pdf = await attachmentBytes(stack.url, mail, mail.attachments[0]!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await reminderMails(company)).toHaveLength(1);

    // Shown again when the invoice is read.
    expect((await read(company, invoice.id)).reminders).toHaveLength(1);
  });

  it('sends once for a repeated Idempotency-Key, answering the invoice again', async () => {
    const company = await companyWithClient('Clé');
    const invoice = await issued(company, 9);
    const key = `relance-${Date.now().toString(36)}`;
    const path = `/api/invoices/${invoice.id}/remind`;
    const first = await company.http.request('POST', path, {}, { headers: { 'idempotency-key': key } });
    const again = await company.http.request('POST', path, {}, { headers: { 'idempotency-key': key } });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect((again.body as Invoice).reminders).toHaveLength(1);
    await waitForReminders(company, 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await reminderMails(company)).toHaveLength(1);
    // A new key is a new reminder.
    const other = await company.http.request(
      'POST',
      path,
      {},
      { headers: { 'idempotency-key': `${key}-2` } },
    );
    expect((other.body as Invoice).reminders).toHaveLength(2);
  });

  it('sends to another address when given one, and asks for one when the client has none', async () => {
    const company = await companyWithClient('Adresse');
    const invoice = await issued(company, 3);
    const other = `compta-${Date.now().toString(36)}@exemple.fr`;
    const response = await company.http.post(`/api/invoices/${invoice.id}/remind`, { email: other });
    expect(response.status).toBe(200);
    await waitForMail(stack.url, other);

    const noEmail = await company.http.post('/api/clients', { name: `Sans e-mail ${Date.now()}` });
    const draft = await company.http.post('/api/invoices', {
      clientId: (noEmail.body as { id: string }).id,
      title: 'Sans adresse',
      totalAmount: '100',
      dueDate: shiftDate(calendarDateInFrance(), -5),
    });
    const sent = await company.http.post(`/api/invoices/${(draft.body as Invoice).id}/send`, {
      version: (draft.body as Invoice).version,
      email: other,
    });
    expect(sent.status).toBe(200);
    const refused = await company.http.post(`/api/invoices/${(draft.body as Invoice).id}/remind`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      details: [{ path: 'email', message: "Le client n'a pas d'adresse e-mail : saisissez-en une." }],
    });
  });

  it('refuses (409) an invoice not overdue, a paid one, a draft; 404 for another company’s', async () => {
    const company = await companyWithClient('Pas en retard');
    const notDue = await issued(company, 0);
    const notDueAnswer = await company.http.post(`/api/invoices/${notDue.id}/remind`);
    expect(notDueAnswer.status).toBe(409);
    expect(notDueAnswer.body).toEqual({
      error: 'conflict',
      message: `La facture ${notDue.number} n'est pas en retard de paiement : elle ne peut pas être relancée.`,
    });

    const paid = await issued(company, 20);
    expect((await company.http.post(`/api/invoices/${paid.id}/pay`)).status).toBe(200);
    expect((await company.http.post(`/api/invoices/${paid.id}/remind`)).status).toBe(409);

    const draft = await company.http.post('/api/invoices', {
      clientId: company.clientId,
      title: 'Brouillon',
      totalAmount: '10',
      dueDate: shiftDate(calendarDateInFrance(), -30),
    });
    expect((await company.http.post(`/api/invoices/${(draft.body as Invoice).id}/remind`)).status).toBe(409);

    const other = await companyWithClient('Autre');
    const late = await issued(company, 12);
    expect((await other.http.post(`/api/invoices/${late.id}/remind`)).status).toBe(404);
    expect(await reminderMails(company)).toHaveLength(0);
    expect((await read(company, late.id)).reminders ?? []).toEqual([]);
  });
});

describe('the daily reminders job', () => {
  it('sends the step reached once per step, even run twice at once and again the same day; a company with reminders off gets none', async () => {
    const on = await companyWithClient('Relances actives');
    const off = await companyWithClient('Relances coupées');
    await turnRemindersOn(on, { reminderSubject: '{entreprise} : facture {numero} à régler ({montant})' });
    const now = new Date();
    const today = calendarDateInFrance(now);
    const [j3, j7, j16, j40] = await Promise.all([3, 7, 16, 40].map((days) => issued(on, days, today)));
    const offLate = await issued(off, 20, today);
    const paid = await issued(on, 35, today);
    expect((await on.http.post(`/api/invoices/${paid.id}/pay`)).status).toBe(200);

    await Promise.all([runDailyReminders(now), runDailyReminders(now)]);
    await runDailyReminders(new Date(now.getTime() + 60 * 60 * 1000));

    const mails = await waitForReminders(on, 3);
    // Give a wrongly duplicated message the time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const subjects = (await reminderMails(on)).map((mail) => mail.subject);
    expect(subjects).toHaveLength(3);
    for (const invoice of [j7, j16, j40]) {
      expect(
        subjects.filter((subject) =>
          subject.endsWith(`: facture ${invoice!.number} à régler (1\u202f200,00\u00a0€)`),
        ),
      ).toHaveLength(1);
    }
    expect(mails.length).toBe(3);
    expect(mails.every((mail) => mail.attachments[0]?.contentType === 'application/pdf')).toBe(true);
    expect(await reminderMails(off)).toHaveLength(0);
    expect((await read(off, offLate.id)).reminders ?? []).toEqual([]);

    expect((await read(on, j3!.id)).reminders ?? []).toEqual([]);
    expect((await read(on, j7!.id)).reminders).toMatchObject([{ step: 7, to: on.clientEmail }]);
    expect((await read(on, j16!.id)).reminders).toMatchObject([{ step: 15 }]);
    expect((await read(on, j40!.id)).reminders).toMatchObject([{ step: 30 }]);
    expect((await read(on, paid.id)).reminders ?? []).toEqual([]);

    // Eight days later: J+3 reaches J+11 (step 7), J+7 reaches J+15 (step 15); the others have had theirs.
    const later = new Date(now.getTime() + 8 * 24 * 60 * 60 * 1000);
    await runDailyReminders(later);
    await runDailyReminders(later);
    await waitForReminders(on, 5);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await reminderMails(on)).toHaveLength(5);
    expect((await read(on, j3!.id)).reminders).toMatchObject([{ step: 7 }]);
    expect((await read(on, j7!.id)).reminders).toMatchObject([{ step: 7 }, { step: 15 }]);
    expect((await read(on, j16!.id)).reminders).toHaveLength(1);

    // Each one sent is in the bell, for this company only.
    const bell = (await on.http.get('/api/notifications')).body as NotificationList;
    const sentTitles = bell.items.filter((item) => item.kind === 'reminder_sent').map((item) => item.title);
    expect(sentTitles).toHaveLength(5);
    expect(sentTitles).toContain(`Relance envoyée : ${j40!.number}`);
    const offBell = (await off.http.get('/api/notifications')).body as NotificationList;
    expect(offBell.items.some((item) => item.kind === 'reminder_sent')).toBe(false);

    // The job reads the overdue invoices from the due-day index, not every invoice of the company.
    const company = (await getCompany(on.companyId))!;
    const again = await withInvoiceRangeQueries(() => remindCompany(company, later));
    expect(again).toEqual({ result: { sent: 0, failed: 0 }, queries: 0 });
    // A company not rebuilt since the upgrade (no links marker): every invoice is read, same steps.
    await db().send(new DeleteCommand({ TableName: tableName(), Key: linksMarkerKey(on.companyId) }));
    const sixteenDays = new Date(now.getTime() + 16 * 24 * 60 * 60 * 1000);
    const unmarked = await withInvoiceRangeQueries(() => remindCompany(company, sixteenDays));
    expect(unmarked.result).toEqual({ sent: 2, failed: 0 });
    expect(unmarked.queries).toBeGreaterThan(0);
    expect((await read(on, j3!.id)).reminders).toMatchObject([{ step: 7 }, { step: 15 }]);
    expect((await read(on, j16!.id)).reminders).toMatchObject([{ step: 15 }, { step: 30 }]);
  });
});

describe('GET /api/notifications and POST /api/notifications/read', () => {
  it('lists the company’s events newest first with unreadCount; marks some then all read; another company sees none of them', async () => {
    const a = await companyWithClient('Cloche A');
    const b = await companyWithClient('Cloche B');
    expect((await a.http.get('/api/notifications')).body).toEqual({ items: [], unreadCount: 0 });

    const first = await issued(a, 0);
    const second = await issued(a, 0);
    expect((await a.http.post(`/api/invoices/${first.id}/pay`)).status).toBe(200);
    expect((await a.http.post(`/api/invoices/${second.id}/pay`)).status).toBe(200);

    const listed = (await a.http.get('/api/notifications')).body as NotificationList;
    expect(listed.unreadCount).toBe(2);
    expect(listed.items.map((item) => [item.kind, item.title, item.read])).toEqual([
      ['invoice_paid', `Facture payée : ${second.number}`, false],
      ['invoice_paid', `Facture payée : ${first.number}`, false],
    ]);
    expect(listed.items[0]!.link).toBe(`/invoicing?q=${second.number}`);

    // B cannot see nor mark A's.
    expect((await b.http.get('/api/notifications')).body).toEqual({ items: [], unreadCount: 0 });
    const foreign = await b.http.post('/api/notifications/read', { ids: [listed.items[0]!.id] });
    expect(foreign.status).toBe(200);
    expect((await a.http.get('/api/notifications')).body).toMatchObject({ unreadCount: 2 });

    const one = await a.http.post('/api/notifications/read', { ids: [listed.items[1]!.id] });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ unreadCount: 1, items: [{ read: false }, { read: true }] });

    const all = await a.http.post('/api/notifications/read', {});
    expect(all.body).toMatchObject({ unreadCount: 0, items: [{ read: true }, { read: true }] });
    expect((await a.http.get('/api/notifications')).body).toMatchObject({ unreadCount: 0 });

    const invalid = await a.http.post('/api/notifications/read', { ids: 'all' });
    expect(invalid.status).toBe(400);
  });
});
