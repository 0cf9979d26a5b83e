/**
 * The accounting export (« Export comptable » on Finances): a job that writes the FEC and a CSV per
 * journal of a period to the documents bucket (`POST /api/accounting/exports`), and what polling it
 * answers (`GET /api/accounting/exports/{id}`): its progress, then the summary per journal and the
 * files' presigned URLs.
 */
import { dateField } from '../fields.js';
import { journalCodes } from './entries.js';
import * as z from 'zod';
import '../zod-fr.js';

/** The longest period exported at once: a first financial year may last up to 24 months. */
export const MAX_EXPORT_MONTHS = 24;

export const exportMessages = {
  order: 'La date de fin doit être postérieure ou égale à la date de début',
  tooLong: `La période exportée dure au plus ${MAX_EXPORT_MONTHS} mois`,
  interrupted: "L'export s'est interrompu avant la fin : relancez-le.",
  failed: "L'export n'a pas pu être terminé : relancez-le.",
  notFound: 'Export introuvable.',
} as const;

/** The first day of the month `months` after the one of `day` (`YYYY-MM-DD`). */
function monthsLater(day: string, months: number): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1 + months;
  const target = new Date(Date.UTC(year + Math.floor(month / 12), month % 12, 1));
  return target.toISOString().slice(0, 10);
}

/** `POST /api/accounting/exports`: the period, both days included. */
export const exportInput = z
  .object({
    from: dateField({ required: 'La date de début est requise' }),
    to: dateField({ required: 'La date de fin est requise' }),
  })
  .superRefine((value, context) => {
    if (value.to < value.from)
      context.addIssue({ code: 'custom', path: ['to'], message: exportMessages.order });
    else if (value.to >= monthsLater(value.from, MAX_EXPORT_MONTHS + 1)) {
      context.addIssue({ code: 'custom', path: ['to'], message: exportMessages.tooLong });
    }
  });
export type ExportInput = z.input<typeof exportInput>;
export type ExportData = z.output<typeof exportInput>;

const money = z.string();

export const exportJournalSchema = z.object({
  journal: z.enum(journalCodes),
  label: z.string(),
  entries: z.number().int(),
  lines: z.number().int(),
  debit: money,
  credit: money,
});

export const exportSummarySchema = z.object({
  journals: z.array(exportJournalSchema),
  /** Σ over the journals. */
  total: z.object({ entries: z.number().int(), debit: money, credit: money }),
  /** Net credit of the works accounts in VE (HT invoiced less credit notes; deposits are on 419100). */
  invoicedHt: money,
  /** Net credit of the deposits account in VE (deposits issued less those deducted). */
  depositsHt: money,
  /** Finances' « CA encaissé HT » of the period's months; `null` when the period is not whole months. */
  revenueHt: money.nullable(),
  /** Documents read, and those with an entry in the period. */
  documents: z.object({ read: z.number().int(), booked: z.number().int() }),
});
export type ExportSummary = z.infer<typeof exportSummarySchema>;

export const exportFileSchema = z.object({
  kind: z.enum(['fec', 'csv']),
  journal: z.enum(journalCodes).optional(),
  name: z.string(),
  bytes: z.number().int(),
  /** Presigned GET, valid 5 minutes (absent while the job runs). */
  url: z.string().optional(),
});
export type ExportFile = z.infer<typeof exportFileSchema>;

export const exportStatuses = ['running', 'done', 'failed'] as const;

/** An export job as the API answers it. */
export const exportJobSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  status: z.enum(exportStatuses),
  /** Documents read so far (invoices, credit notes, supplier invoices). */
  read: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().optional(),
  /** Why it failed, in French. */
  message: z.string().optional(),
  summary: exportSummarySchema.optional(),
  files: z.array(exportFileSchema).default([]),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

/** The calendar months (`YYYY-MM`) a period covers, when it is made of whole months; else `undefined`. */
export function wholeMonthsOf(from: string, to: string): string[] | undefined {
  if (from.slice(8, 10) !== '01') return undefined;
  const next = new Date(
    Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)) - 1, Number(to.slice(8, 10)) + 1),
  );
  if (next.getUTCDate() !== 1) return undefined;
  const months: string[] = [];
  for (
    let month = from.slice(0, 7);
    month <= to.slice(0, 7);
    month = monthsLater(`${month}-01`, 1).slice(0, 7)
  ) {
    months.push(month);
  }
  return months;
}
