/**
 * The accounting export (« Export comptable » on Finances): a job that writes the FEC and a CSV per
 * journal of a period to the documents bucket (`POST /api/accounting/exports`), and what polling it
 * answers (`GET /api/accounting/exports/{id}`): its progress, then the summary per journal and the
 * files' presigned URLs.
 */
import { dateField } from '../fields.js';
import { journalCodes } from './entries.js';
import { exportPeriodIssue } from './export-input.js';
import * as z from '../lazy-zod.js';
import '../zod-fr.js';

// The limit and the messages, without zod (the export's routes read them): `export-messages.ts`.
export { exportMessages, MAX_EXPORT_MONTHS } from './export-messages.js';

/** The first day of the month `months` after the one of `day` (`YYYY-MM-DD`). */
function monthsLater(day: string, months: number): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1 + months;
  const target = new Date(Date.UTC(year + Math.floor(month / 12), month % 12, 1));
  return target.toISOString().slice(0, 10);
}

/** `POST /api/accounting/exports`: the period, both days included, at most 24 months. */
export const exportInput = z
  .object({
    from: dateField({ required: 'La date de début est requise' }),
    to: dateField({ required: 'La date de fin est requise' }),
  })
  .superRefine((value, context) => {
    const issue = exportPeriodIssue(value.from, value.to);
    if (issue) context.addIssue({ code: 'custom', ...issue });
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

export const periodKinds = ['month', 'quarter', 'year'] as const;
export type PeriodKind = (typeof periodKinds)[number];
export const periodKindLabels: Record<PeriodKind, string> = {
  month: 'Mois',
  quarter: 'Trimestre',
  year: 'Exercice',
};

const monthNames = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

function lastDayOf(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A period the export offers: a month (`2026-03`), a quarter (`2026-Q1`) or a financial year
 * (`2026`: the calendar year, the company's profile having no closing day), with its first and last
 * days and its French name.
 */
export function periodOf(kind: PeriodKind, value: string): { from: string; to: string; label: string } {
  const year = Number(value.slice(0, 4));
  if (kind === 'month') {
    const month = Number(value.slice(5, 7));
    return {
      from: `${year}-${pad(month)}-01`,
      to: lastDayOf(year, month),
      label: `${monthNames[month - 1]} ${year}`,
    };
  }
  if (kind === 'quarter') {
    const quarter = Number(value.slice(6, 7));
    const first = (quarter - 1) * 3 + 1;
    return {
      from: `${year}-${pad(first)}-01`,
      to: lastDayOf(year, first + 2),
      label: `${quarter === 1 ? '1er' : `${quarter}e`} trimestre ${year}`,
    };
  }
  return { from: `${year}-01-01`, to: `${year}-12-31`, label: `Exercice ${year}` };
}

/** The `count` periods of a kind up to the one of `today` (`YYYY-MM-DD`), the latest first. */
export function recentPeriods(
  kind: PeriodKind,
  today: string,
  count: number,
): { value: string; label: string }[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return Array.from({ length: count }, (_, back) => {
    let value: string;
    if (kind === 'month') {
      const index = year * 12 + (month - 1) - back;
      value = `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
    } else if (kind === 'quarter') {
      const index = year * 4 + Math.floor((month - 1) / 3) - back;
      value = `${Math.floor(index / 4)}-Q${(index % 4) + 1}`;
    } else {
      value = String(year - back);
    }
    return { value, label: periodOf(kind, value).label };
  });
}
