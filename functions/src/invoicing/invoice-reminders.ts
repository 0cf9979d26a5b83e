/**
 * Payment reminders (relances, docs/reminders-notifications.md): "Relancer" on an overdue invoice
 * (`POST /api/invoices/{id}/remind`) and the daily job that sends the step reached (7, 15 and 30
 * days past the due date) to every overdue invoice of the companies that turned them on.
 *
 * The daily job claims a step before sending it: one conditional Put of the marker
 * `COMPANY#<c>` / `REMINDER#<invoice id>#<step>`, refused when it exists. So two runs of the same
 * day (a retry, two timers) send each step at most once. A step whose e-mail failed stays claimed:
 * the failure is recorded on the invoice and notified, and the next step is the next chance.
 */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Company } from '@btp/shared/entities/company';
import { companyWithDefaults } from '@btp/shared/entities/company-profile';
import type { Invoice } from '@btp/shared/entities/invoice';
import { frenchDate } from '@btp/shared/french-text';
import { calendarDateInFrance, isOverdue } from '@btp/shared/invoice-status';
import { formatEuro, parseMoney } from '@btp/shared/money';
import { noClientEmailMessage } from '@btp/shared/sending-basics';
import {
  daysPastDue,
  reminderMessages,
  reminderStepLabel,
  reminderStepReached,
  renderReminder,
  type ReminderStep,
} from '@btp/shared/reminder-rules';
import { reminderSettingsOf } from '@btp/shared/reminder-settings';
import type { InvoiceReminder } from '@btp/shared/reminders';
import { companyIsOpen, getCompany, listCompanies } from '../accounts/companies.js';
import { dueIdsPrefix } from '../aggregates/figures.js';
import { queryAggregates } from '../aggregates/read.js';
import { clients } from '../data/entities/clients.js';
import { invoiceAsRead, invoices } from '../data/entities/invoices.js';
import { companyPk } from '../data/keys.js';
import { hasAllLinks } from '../data/quote-invoice-links.js';
import { documentObjectKey, readDocumentObject } from '../documents/document-storage.js';
import { awsErrorToHttp } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { badRequest, conflict, notFound } from '../lib/http-errors.js';
import { logger } from '../lib/logger.js';
import { MailSendError, sendMail } from '../mail/mailer.js';
import { notify } from '../notifications/notify.js';
import { archiveFileName, archiveIssuedInvoice, PDF_MIME_TYPE } from '../pdf/pdf-archive.js';

/** The largest PDF attached, in bytes (SES takes 40 MB a message; an invoice PDF is far smaller). */
const maxPdfBytes = 20 * 1024 * 1024;

/** "La facture FAC-2026-0001". */
const named = (invoice: Pick<Invoice, 'number'>) => `La facture ${invoice.number ?? ''}`.trim();

/** The SPA path of an invoice's card. */
export const invoiceLink = (invoice: Pick<Invoice, 'number'>) =>
  `/invoicing?q=${encodeURIComponent(invoice.number ?? '')}`;

/** What remains to pay, in cents (TTC, credit notes and payments deducted). */
function remainingCents(invoice: Invoice): number {
  const read = invoiceAsRead(invoice);
  return parseMoney(read.remainingAmount ?? read.amountDue);
}

/** Whether an invoice can be reminded on `today`: an issued invoice, overdue, with something left to pay. */
export function isRemindable(invoice: Invoice, today: string): boolean {
  return (
    invoice.kind !== 'credit_note' &&
    Boolean(invoice.number) &&
    isOverdue(invoice, today) &&
    remainingCents(invoice) > 0
  );
}

/**
 * The issued PDF's bytes: the archive made when it was issued, read from the bucket (drawn now, and
 * not read back, for one issued before archives: from its snapshots, else `company` as read).
 */
async function issuedPdf(company: Company, stored: Invoice): Promise<Buffer> {
  let archived = stored;
  if (!stored.pdfDocumentId) {
    const made = await archiveIssuedInvoice(company.id, stored, { company: companyWithDefaults(company) });
    if (made.pdf) return made.pdf;
    archived = made.record;
  }
  const bytes = await readDocumentObject(
    documentObjectKey(company.id, archived.pdfDocumentId as string),
    maxPdfBytes,
  );
  if (!bytes) throw new Error(`Archived PDF of invoice ${stored.id} not found`);
  return Buffer.from(bytes);
}

/** The client's e-mail as it is now, or as it was when the invoice was issued. */
async function clientEmail(companyId: string, invoice: Invoice): Promise<string | undefined> {
  const client = await clients.get(companyId, invoice.clientId);
  return client?.email ?? invoice.buyer?.email ?? undefined;
}

/** Appends a reminder to the invoice (moving its version, so a write made from an older read is refused). */
async function recordReminder(
  companyId: string,
  invoiceId: string,
  reminder: InvoiceReminder,
): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: invoices.key(companyId, invoiceId),
        UpdateExpression:
          'SET reminders = list_append(if_not_exists(reminders, :none), :reminder), version = version + :one, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':none': [], ':reminder': [reminder], ':one': 1, ':now': reminder.at },
      }),
    );
  } catch (error) {
    throw awsErrorToHttp(error) ?? error;
  }
}

/**
 * Sends one reminder of `invoice` to `to` (the PDF attached), records it on the invoice whatever
 * happened (its message id, or the failure) and notifies the company. Never throws for a failed
 * e-mail: the failure is the answer.
 */
async function deliverReminder(
  company: Company,
  invoice: Invoice,
  step: InvoiceReminder['step'],
  to: string,
  now: Date,
): Promise<InvoiceReminder> {
  const settings = reminderSettingsOf(company);
  const message = renderReminder(settings, {
    numero: invoice.number ?? '',
    montant: formatEuro(remainingCents(invoice)),
    echeance: invoice.dueDate ? frenchDate(invoice.dueDate) : '',
    entreprise: company.name,
  });
  const at = now.toISOString();
  let reminder: InvoiceReminder;
  try {
    const pdf = await issuedPdf(company, invoice);
    const { messageId } = await sendMail({
      to,
      fromName: company.name,
      ...(company.email ? { replyTo: company.email } : {}),
      ...message,
      attachments: [
        {
          filename: archiveFileName('invoice', invoice.number ?? ''),
          content: pdf,
          contentType: PDF_MIME_TYPE,
        },
      ],
      tags: { companyId: company.id, clientId: invoice.clientId, kind: 'reminder' },
    });
    reminder = { at, step, to, messageId };
  } catch (error) {
    if (!(error instanceof MailSendError))
      logger.error('Relance non envoyée', { invoiceId: invoice.id, error });
    const failure = error instanceof MailSendError ? error.message : "La relance n'a pas pu être préparée.";
    reminder = { at, step, to, failure };
  }
  await recordReminder(company.id, invoice.id, reminder);
  const label = reminderStepLabel(step);
  await notify(
    company.id,
    reminder.failure
      ? {
          kind: 'email_failed',
          title: `Relance non envoyée : ${invoice.number ?? ''}`,
          body: `${reminder.failure} (${to}, relance ${label})`,
          link: invoiceLink(invoice),
        }
      : {
          kind: 'reminder_sent',
          title: `Relance envoyée : ${invoice.number ?? ''}`,
          body: `Relance ${label} envoyée à ${to}.`,
          link: invoiceLink(invoice),
        },
  );
  return reminder;
}

/**
 * `POST /api/invoices/{id}/remind`: sends a reminder now to `email` (default: the client's), the
 * PDF attached, and records it (step `manual`). 409 when the invoice is not overdue or nothing
 * remains to pay; 400 when there is no address. Answers the reminder recorded (a failed e-mail is
 * recorded too, and answered as a 502 by the handler).
 */
export async function remindInvoice(
  companyId: string,
  invoiceId: string,
  email: string | undefined,
  now: Date = new Date(),
): Promise<InvoiceReminder> {
  const invoice = await invoices.getOrThrow(companyId, invoiceId);
  if (!isRemindable(invoice, calendarDateInFrance(now)))
    throw conflict(reminderMessages.notOverdue(named(invoice)));
  const to = email ?? (await clientEmail(companyId, invoice));
  if (!to) throw badRequest(undefined, [{ path: 'email', message: noClientEmailMessage }]);
  const company = await getCompany(companyId);
  if (!company) throw notFound('Entreprise introuvable.');
  return deliverReminder(company, invoice, 'manual', to, now);
}

/** Claims a step of an invoice for the daily job: false when another run claimed it already. */
async function claimStep(
  companyId: string,
  invoiceId: string,
  step: ReminderStep,
  now: Date,
): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { pk: companyPk(companyId), sk: `REMINDER#${invoiceId}#${step}`, claimedAt: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** What one run of the daily job did. */
export interface DailyRemindersResult {
  companies: number;
  sent: number;
  failed: number;
}

/**
 * The step an invoice reached on `today` and has not had yet (by its recorded reminders), or
 * undefined. The claim marker is what makes it at most once; this only saves a write.
 */
export function dueStep(invoice: Invoice, today: string): ReminderStep | undefined {
  if (!isRemindable(invoice, today) || !invoice.dueDate) return undefined;
  const step = reminderStepReached(daysPastDue(invoice.dueDate, today));
  if (step === undefined) return undefined;
  if ((invoice.reminders ?? []).some((reminder) => reminder.step === step)) return undefined;
  return step;
}

/**
 * The company's invoices that may be due a reminder: those awaiting payment whose due day is past,
 * from the aggregates' due-day index (`AGG#DUEIDS#<day>#<id>`, days before today, and those
 * stored overdue), read whole by id; as many as the company has overdue, whatever its size. A
 * company whose aggregates were not rebuilt at this version (no `LINKS#V1` marker: every invoice
 * is read, as before).
 */
async function reminderCandidates(companyId: string, today: string): Promise<Invoice[]> {
  if (!(await hasAllLinks(companyId))) return invoices.listAll(companyId);
  const index = await queryAggregates(companyId, dueIdsPrefix, `${dueIdsPrefix}${today}`);
  const ids = index.map(({ sk }) => sk.slice(dueIdsPrefix.length).split('#')[1] ?? '');
  const found = await invoices.getMany(companyId, ids);
  // Newest first, as the whole list was read.
  return [...found.values()].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/** One company's run: every overdue invoice whose step is due gets it, once. */
export async function remindCompany(company: Company, now: Date): Promise<{ sent: number; failed: number }> {
  const today = calendarDateInFrance(now);
  let sent = 0;
  let failed = 0;
  for (const invoice of await reminderCandidates(company.id, today)) {
    const step = dueStep(invoice, today);
    if (step === undefined) continue;
    const to = await clientEmail(company.id, invoice);
    // Without an address nothing is claimed: the step is sent once the client has one.
    if (!to) continue;
    if (!(await claimStep(company.id, invoice.id, step, now))) continue;
    const reminder = await deliverReminder(company, invoice, step, to, now);
    if (reminder.failure) failed += 1;
    else sent += 1;
  }
  return { sent, failed };
}

/**
 * The daily job: every open company with reminders on. A company that fails (throttling…) is
 * logged and the others go on; its steps not claimed are sent by the next run.
 */
export async function runDailyReminders(now: Date = new Date()): Promise<DailyRemindersResult> {
  const result: DailyRemindersResult = { companies: 0, sent: 0, failed: 0 };
  for (const company of await listCompanies()) {
    if (!companyIsOpen(company) || !reminderSettingsOf(company).remindersEnabled) continue;
    result.companies += 1;
    try {
      const done = await remindCompany(company, now);
      result.sent += done.sent;
      result.failed += done.failed;
    } catch (error) {
      logger.error('Relances automatiques interrompues pour une entreprise', {
        companyId: company.id,
        error,
      });
    }
  }
  return result;
}
