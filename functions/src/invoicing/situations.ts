/**
 * Situations de travaux (DOCUMENTS.md § 4): progress billing of an accepted quote.
 *
 * - `POST /api/quotes/{id}/situations`: a draft invoice `kind: progress` at the cumulative
 *   percentages given (per line, one for all, or a signed progress report's), computed by the
 *   shared rule (`shared/src/situations.ts`) from what issued situations of the quote billed, net of
 *   their credit notes; written under the quote's billing lock, so two situations made at once
 *   never both pass the "one draft at a time" check;
 * - `GET /api/quotes/{id}/billing`: the contract, what is invoiced of each line, deposits, retention;
 * - `POST /api/invoices/{id}/retention/release`: the retention of an issued situation paid.
 *
 * A situation is then edited (its percentages: `PUT /api/invoices/{id}` with `situation`), issued,
 * paid and credited like any invoice. Sending it checks that nothing it was computed from changed
 * meanwhile (a credit note of an earlier situation): it is refused, never issued with stale figures.
 */
import type { Company } from '@btp/shared/entities/company';
import { DEFAULT_RETENTION_RATE } from '@btp/shared/entities/company-profile';
import type {
  Invoice,
  InvoiceWithRefs,
  RetentionReleaseData,
  Situation,
  SituationData,
} from '@btp/shared/entities/invoice';
import type { Quote } from '@btp/shared/entities/quote';
import type { QuoteBilling, QuoteBillingInvoice } from '@btp/shared/entities/quote-billing';
import { quoteStatusLabels, resourceTypeLabels, type VatRate } from '@btp/shared/enums';
import { retentionReleasableOn } from '@btp/shared/finance';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import {
  formatMoney,
  formatPercent,
  parseMoney,
  parsePercent,
  parseQuantity,
  sumCents,
} from '@btp/shared/money';
import {
  computeSituation,
  cumulativeAmountCents,
  FULL_PERCENT,
  percentOfAmount,
  situationProblems,
  situationProblemText,
  type RateAmount,
  type SituationBasis,
  type SituationFigures,
  type SituationProblem,
} from '@btp/shared/situations';
import type { Fields } from '../data/entity-repository.js';
import { createDraftInvoice, invoiceAsRead, invoices, invoicesOfQuote } from '../data/entities/invoices.js';
import { progressReports } from '../data/entities/progress-reports.js';
import { quoteAsRead, quotes } from '../data/entities/quotes.js';
import { badRequest, conflict, HttpError, type ErrorDetail } from '../lib/http-errors.js';
import { collectionReporter, submitCollection } from '../einvoicing/exchange/collection.js';
import { withBillingLock } from './billing-lock.js';
import { pricedInvoice, type InvoiceAmounts } from '@btp/shared/invoice-lines';
import { pricingContextOf } from '@btp/shared/pricing';
import { readIssuer } from './issuer.js';
import { presentInvoice } from './present.js';
import { quoteBillingState, type DepositState } from './quote-billing.js';

export const situationMessages = {
  notValidated: (status: keyof typeof quoteStatusLabels) =>
    `Seul un devis validé (accepté par le client) se facture par situations : ce devis est « ${quoteStatusLabels[status]} ».`,
  draftExists: (index: number | undefined) =>
    `La situation n° ${index ?? '?'} de ce devis est encore un brouillon : envoyez-la ou supprimez-la avant d'en établir une autre.`,
  draftDeposit:
    "Une facture d'acompte de ce devis est encore un brouillon : envoyez-la ou supprimez-la avant d'établir une situation.",
  invoicedInFull: (number: string | undefined) =>
    `Ce devis est déjà facturé en totalité par une facture${number ? ` (${number})` : ' en brouillon'} : il ne se facture plus par situations.`,
  noLines: "Ce devis n'a aucune ligne à facturer.",
  complete:
    'Toutes les lignes de ce devis sont déjà facturées à 100 % : il ne reste aucune situation à établir.',
  unknownItem: 'Cette ligne ne fait pas partie du devis.',
  itemTwice: 'Cette ligne est donnée deux fois.',
  reportNotFound: "État d'avancement introuvable dans votre entreprise.",
  reportOfOtherProject: (project: boolean) =>
    project
      ? "Cet état d'avancement concerne un autre chantier que celui du devis."
      : "Ce devis n'est rattaché à aucun chantier : choisissez les pourcentages ligne par ligne.",
  reportNotSigned: "Seul un état d'avancement signé par le client peut servir à une situation.",
  stale:
    'Une situation ou un avoir de ce devis a été émis depuis que ce brouillon a été calculé : modifiez la situation pour la recalculer, puis envoyez-la.',
  noRetention: "Cette facture ne porte pas de retenue de garantie : il n'y a rien à libérer.",
  releaseDraft: "Cette situation est encore un brouillon : elle n'a encore rien retenu.",
  releaseCancelled: 'Cette situation est annulée par un avoir : sa retenue de garantie n’est plus due.',
  alreadyReleased: (date: string) =>
    `La retenue de garantie de cette situation a déjà été libérée le ${date.split('-').reverse().join('/')}.`,
  releaseInFuture: 'La date de libération ne peut pas être dans le futur.',
  releaseBeforeIssue: (date: string) =>
    `La retenue ne peut pas être libérée avant l'émission de la situation (${date.split('-').reverse().join('/')}).`,
  situationFields:
    "Les lignes d'une situation se calculent depuis ses pourcentages : modifiez la situation, pas ses lignes.",
} as const;

/** What the rules read of the invoices of a quote. */
type QuoteInvoice = Invoice;

function isIssued(invoice: Pick<Invoice, 'status' | 'number'>): boolean {
  return invoice.status !== 'draft' && invoice.number !== undefined;
}

function addTo(map: Map<number, number>, rate: number, cents: number) {
  map.set(rate, sumCents([map.get(rate) ?? 0, cents]));
}

function rateList(map: Map<number, number>): RateAmount[] {
  return [...map.entries()]
    .filter(([, cents]) => cents !== 0)
    .sort(([a], [b]) => b - a)
    .map(([rateHundredths, cents]) => ({ rateHundredths, cents }));
}

/** What a quote's issued situations, their credit notes and its deposits add up to. */
export interface SituationHistory {
  basis: SituationBasis;
  /** Issued situations (cancelled ones included), by index. */
  issued: QuoteInvoice[];
  draft?: QuoteInvoice;
  deposits: DepositState[];
  draftDeposit?: QuoteInvoice;
  standardInvoice?: QuoteInvoice;
  nextIndex: number;
}

/** The retention rate of a contract: the one its first situation held, else the quote's, else the company's. */
function retentionRateOf(quote: Quote, company: Partial<Company>, issued: readonly QuoteInvoice[]): number {
  const first = issued[0];
  if (first) return parsePercent(first.retentionRate);
  if (quote.retentionBankGuarantee === true) return 0;
  return parsePercent(quote.retentionRate ?? company.defaultRetentionRate ?? DEFAULT_RETENTION_RATE);
}

/**
 * The history of a quote's situations from its invoices (any order): per line what issued situations
 * billed net of their issued credit notes, and the percent the next one starts from; issued
 * deposits per rate net of their credit notes; deductions made; retention held.
 */
export function situationHistory(
  quote: Quote,
  company: Partial<Company>,
  ofQuote: readonly QuoteInvoice[],
  noVat: boolean,
): SituationHistory {
  const situations = ofQuote.filter((invoice) => invoice.kind === 'progress');
  const issued = situations
    .filter(isIssued)
    .sort((a, b) => (a.situation?.index ?? 0) - (b.situation?.index ?? 0));
  const issuedIds = new Set(issued.map((invoice) => invoice.id));
  const credits = ofQuote.filter(
    (invoice) =>
      invoice.kind === 'credit_note' &&
      isIssued(invoice) &&
      invoice.creditedInvoiceId !== undefined &&
      issuedIds.has(invoice.creditedInvoiceId),
  );

  const amounts = new Map<string, number>();
  const deducted = new Map<number, number>();
  const take = (invoice: QuoteInvoice, sign: 1 | -1) => {
    for (const line of invoice.lines) {
      const cents = parseMoney(line.total) * sign;
      if (line.itemId !== undefined) amounts.set(line.itemId, (amounts.get(line.itemId) ?? 0) + cents);
      else if (parseQuantity(line.quantity) < 0) addTo(deducted, parsePercent(line.vatRate), -cents);
    }
  };
  for (const invoice of issued) take(invoice, 1);
  for (const note of credits) take(note, -1);

  // The percent each line reached: the last situation that is not cancelled, unless a credit
  // note gave part of it back (then the largest percent not above what is billed).
  const standing = issued.filter((invoice) => invoice.status !== 'cancelled');
  const lastPercent = new Map<string, number>();
  for (const invoice of standing) {
    for (const line of invoice.situation?.lines ?? []) {
      lastPercent.set(line.itemId, parsePercent(line.cumulativePercent));
    }
  }
  const basisLines = (quote.items ?? []).map((item) => {
    const saleTotalCents = parseMoney(item.saleTotal);
    const previousAmountCents = amounts.get(item.id) ?? 0;
    const last = lastPercent.get(item.id) ?? 0;
    const previousPercentHundredths =
      cumulativeAmountCents(saleTotalCents, last) === previousAmountCents
        ? last
        : percentOfAmount(saleTotalCents, previousAmountCents);
    return {
      itemId: item.id,
      description: item.description?.trim() ? item.description : resourceTypeLabels[item.resourceType],
      ...(item.unit ? { unit: item.unit } : {}),
      saleTotalCents,
      rateHundredths: parsePercent(item.vatRate),
      previousAmountCents,
      previousPercentHundredths,
    };
  });

  const state = quoteBillingState(quote.id, ofQuote);
  const deposits = state.deposits.filter((deposit) => isIssued(deposit.invoice));
  const depositsByRate = new Map<number, number>();
  for (const deposit of deposits) {
    for (const entry of deposit.netByRate) addTo(depositsByRate, entry.rateHundredths, entry.baseCents);
  }
  const draft = situations.find((invoice) => invoice.status === 'draft' && !invoice.number);
  const draftDeposit = state.draftDeposit as QuoteInvoice | undefined;
  const standardInvoice = state.standardInvoice as QuoteInvoice | undefined;
  return {
    basis: {
      lines: basisLines,
      depositsByRate: rateList(depositsByRate),
      deductedBeforeByRate: rateList(deducted),
      retentionRateHundredths: retentionRateOf(quote, company, issued),
      retentionBeforeCents: sumCents(standing.map((invoice) => parseMoney(invoice.retentionAmount))),
      noVat,
    },
    issued,
    ...(draft ? { draft } : {}),
    deposits,
    ...(draftDeposit ? { draftDeposit } : {}),
    ...(standardInvoice ? { standardInvoice } : {}),
    nextIndex: issued.length + 1,
  };
}

/** A quote's billing: what a situation of it is computed from (the quote, the company, its invoices). */
function quoteBillingOf(stored: Quote, company: Partial<Company>, linked: readonly Invoice[]) {
  const quote = quoteAsRead(stored);
  const ofQuote = linked.map(invoiceAsRead);
  const context = pricingContextOf(company);
  const noVat = quote.reverseCharge || context.franchise;
  return {
    quote,
    company,
    context,
    noVat,
    ofQuote,
    history: situationHistory(quote, company, ofQuote, noVat),
  };
}

/** Everything a situation of the quote is read from: the quote, the company, the quote's invoices. */
async function readQuoteBilling(companyId: string, quoteId: string) {
  const [stored, company, linked] = await Promise.all([
    quotes.getOrThrow(companyId, quoteId),
    readIssuer(companyId),
    invoicesOfQuote(companyId, quoteId),
  ]);
  return quoteBillingOf(stored, company, linked);
}

/** The percentages a body asks for, per quote line (hundredths); 400 on unknown lines or reports. */
async function requestedPercents(
  companyId: string,
  quote: Quote,
  basis: SituationBasis,
  body: SituationData,
): Promise<{ percents: Map<string, number>; progressReportId?: string }> {
  if (body.lines !== undefined) {
    const known = new Set(basis.lines.map((line) => line.itemId));
    const percents = new Map<string, number>();
    const details: ErrorDetail[] = [];
    body.lines.forEach((line, index) => {
      if (!known.has(line.itemId)) {
        details.push({ path: `lines.${index}.itemId`, message: situationMessages.unknownItem });
      } else if (percents.has(line.itemId)) {
        details.push({ path: `lines.${index}.itemId`, message: situationMessages.itemTwice });
      } else percents.set(line.itemId, parsePercent(line.cumulativePercent));
    });
    if (details.length > 0) throw badRequest(undefined, details);
    return { percents };
  }
  if (body.cumulativePercent !== undefined) {
    const percent = parsePercent(body.cumulativePercent);
    return { percents: new Map(basis.lines.map((line) => [line.itemId, percent])) };
  }
  const report = body.progressReportId
    ? await progressReports.get(companyId, body.progressReportId)
    : undefined;
  const fail = (message: string) => badRequest(undefined, [{ path: 'progressReportId', message }]);
  if (!report) throw fail(situationMessages.reportNotFound);
  if (!quote.projectId || report.projectId !== quote.projectId) {
    throw fail(situationMessages.reportOfOtherProject(quote.projectId !== undefined));
  }
  if (report.status !== 'signed') throw fail(situationMessages.reportNotSigned);
  const percent = Math.trunc(report.progressPercentage) * 100;
  return {
    percents: new Map(basis.lines.map((line) => [line.itemId, percent])),
    progressReportId: report.id,
  };
}

/** The 409 for what stops a situation, one `details` entry per refused line. */
function refusal(problems: readonly SituationProblem[], body: SituationData): HttpError {
  const pathOf = (itemId: string) => {
    const index = body.lines?.findIndex((line) => line.itemId === itemId) ?? -1;
    if (index >= 0) return `lines.${index}.cumulativePercent`;
    return body.cumulativePercent !== undefined ? 'cumulativePercent' : 'progressReportId';
  };
  const details = problems.map((problem): ErrorDetail => ({
    path: problem.kind === 'nothing' ? 'lines' : pathOf(problem.itemId),
    message: situationProblemText(problem),
  }));
  return new HttpError(409, 'conflict', details[0]?.message ?? '', details);
}

/** The stored form of a situation's figures. */
function situationRecord(
  figures: SituationFigures,
  index: number,
  quoteNumber: string,
  progressReportId: string | undefined,
): Situation {
  const money = formatMoney;
  return {
    index,
    quoteNumber,
    lines: figures.lines.map((line) => ({
      itemId: line.itemId,
      description: line.description,
      ...(line.unit ? { unit: line.unit } : {}),
      vatRate: formatPercent(line.rateHundredths) as VatRate,
      saleTotal: money(line.saleTotalCents),
      previousPercent: formatPercent(line.previousPercentHundredths),
      cumulativePercent: formatPercent(line.cumulativePercentHundredths),
      previousAmount: money(line.previousAmountCents),
      cumulativeAmount: money(line.cumulativeAmountCents),
      amount: money(line.amountCents),
    })),
    contractAmount: money(figures.contractCents),
    previousWorksAmount: money(figures.previousWorksCents),
    cumulativeWorksAmount: money(figures.cumulativeWorksCents),
    worksAmount: money(figures.worksCents),
    depositsAmount: money(figures.depositsCents),
    previousDeductedAmount: money(figures.deductedBeforeCents),
    cumulativeDeductedAmount: money(figures.deductedToDateCents),
    previousRetentionAmount: money(figures.retentionBeforeCents),
    cumulativeRetentionAmount: money(figures.retentionToDateCents),
    ...(progressReportId ? { progressReportId } : {}),
  };
}

/** The fields a situation's figures set on its invoice. */
function situationAmounts(
  figures: SituationFigures,
  situation: Situation,
  pricing: { noVat: boolean; defaultVatRate: VatRate },
): InvoiceAmounts & Pick<Invoice, 'depositDeduction' | 'retentionRate' | 'retentionAmount' | 'situation'> {
  const amounts = pricedInvoice(
    figures.invoiceLines.map((line) => ({ ...line, vatRate: line.vatRate as VatRate })),
    pricing,
  );
  return {
    ...amounts,
    depositDeduction: formatMoney(figures.deductionCents),
    retentionRate: formatPercent(figures.retentionRateHundredths),
    retentionAmount: formatMoney(figures.retentionCents),
    amountDue: formatMoney(parseMoney(amounts.totalWithVat) - figures.retentionCents),
    situation,
  };
}

/** Refuses a situation on this quote now (409), or gives the figures at the requested percentages. */
async function situationFor(
  companyId: string,
  read: Awaited<ReturnType<typeof readQuoteBilling>>,
  body: SituationData,
  draftId?: string,
) {
  const { quote, history } = read;
  if (quote.status !== 'validated') throw conflict(situationMessages.notValidated(quote.status));
  if (history.draft && history.draft.id !== draftId) {
    throw conflict(situationMessages.draftExists(history.draft.situation?.index));
  }
  if (history.standardInvoice)
    throw conflict(situationMessages.invoicedInFull(history.standardInvoice.number));
  if (history.draftDeposit) throw conflict(situationMessages.draftDeposit);
  if (history.basis.lines.length === 0) throw conflict(situationMessages.noLines);
  const { percents, progressReportId } = await requestedPercents(companyId, quote, history.basis, body);
  const problems = situationProblems(history.basis, percents);
  if (problems.length > 0) {
    const complete = history.basis.lines.every((line) => line.previousPercentHundredths >= FULL_PERCENT);
    if (complete) throw conflict(situationMessages.complete);
    throw refusal(problems, body);
  }
  const figures = computeSituation(history.basis, percents);
  const situation = situationRecord(figures, history.nextIndex, quote.number, progressReportId);
  return situationAmounts(figures, situation, {
    noVat: read.noVat,
    defaultVatRate: read.context.defaultVatRate,
  });
}

/**
 * `POST /api/quotes/{id}/situations`: a draft situation of a validated quote. Refused (409, nothing
 * written) on a quote that is not validated, while a situation or a deposit of it is a draft, once
 * it is invoiced in full by a standard invoice, for a percent above 100 or below what is already
 * billed, or when it bills nothing.
 */
export function createSituation(
  companyId: string,
  quoteId: string,
  body: SituationData,
): Promise<InvoiceWithRefs> {
  return withBillingLock(companyId, 'QUOTE', quoteId, async (lock) => {
    const read = await readQuoteBilling(companyId, quoteId);
    const { quote } = read;
    const amounts = await situationFor(companyId, read, body);
    const fields = {
      kind: 'progress',
      status: 'draft',
      clientId: quote.clientId,
      ...(quote.projectId ? { projectId: quote.projectId } : {}),
      quoteId: quote.id,
      title: `Situation n° ${amounts.situation?.index ?? 1} – ${quote.number} – ${quote.title}`.slice(
        0,
        2000,
      ),
      reverseCharge: quote.reverseCharge,
      paidAmount: '0.00',
      creditedAmount: '0.00',
      ...amounts,
    } as Fields<Invoice>;
    return presentInvoice(companyId, await createDraftInvoice(companyId, fields, lock));
  });
}

/**
 * The new figures of a draft situation from `PUT /api/invoices/{id}` with `situation` (its quote's
 * billing lock held by the caller): the same checks as a new one, its own draft aside.
 */
export async function recomputedSituation(companyId: string, draft: Invoice, body: SituationData) {
  if (!draft.quoteId) throw conflict(situationMessages.situationFields);
  const read = await readQuoteBilling(companyId, draft.quoteId);
  return situationFor(companyId, read, body, draft.id);
}

/** The percentages of a stored situation, as a body that makes it again. */
function percentsOf(situation: Situation): SituationData {
  return {
    lines: situation.lines.map((line) => ({
      itemId: line.itemId,
      cumulativePercent: line.cumulativePercent,
    })),
  };
}

/** What issuing a situation has already read of its quote's billing (`readInvoiceSources`). */
export interface SituationSources {
  company?: Partial<Company>;
  quote?: Quote;
  quoteInvoices?: Invoice[];
}

/**
 * Refuses (409) to issue a draft situation whose figures no longer follow from the quote's issued
 * situations, deposits and credit notes (one of them changed since it was computed). Computed from
 * `read` (the quote, the company and the quote's invoices the issue read once) when it has them,
 * else read here.
 */
export async function assertSituationCurrent(
  companyId: string,
  draft: Invoice,
  read: SituationSources = {},
): Promise<void> {
  if (draft.kind !== 'progress' || !draft.situation || !draft.quoteId) return;
  let current;
  try {
    const billing =
      read.company && read.quote && read.quoteInvoices && read.quote.id === draft.quoteId
        ? quoteBillingOf(read.quote, read.company, read.quoteInvoices)
        : await readQuoteBilling(companyId, draft.quoteId);
    current = await situationFor(companyId, billing, percentsOf(draft.situation), draft.id);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) throw conflict(situationMessages.stale);
    throw error;
  }
  const key = (lines: Invoice['lines']) =>
    JSON.stringify(
      lines.map((line) => [line.itemId, line.quantity, line.unitPrice, line.vatRate, line.total]),
    );
  const same =
    key(current.lines) === key(draft.lines) &&
    current.amountDue === draft.amountDue &&
    current.retentionAmount === draft.retentionAmount &&
    current.situation?.index === draft.situation.index;
  if (!same) throw conflict(situationMessages.stale);
}

/** The key of the retention's 212 among an invoice's amounts received. */
const retentionCollectionKey = 'RG';

/** A day as an instant: noon UTC, the same calendar day in France. */
function noonInFrance(day: string): string {
  return `${day}T12:00:00.000Z`;
}

/**
 * `POST /api/invoices/{id}/retention/release`: the retention of an issued situation paid to the
 * company on `releasedAt` (default today in France; not later, not before the situation's issue).
 * 409 for an invoice without retention, a draft, a cancelled situation or one already released.
 */
export async function releaseRetention(
  companyId: string,
  id: string,
  body: RetentionReleaseData,
): Promise<InvoiceWithRefs> {
  const today = calendarDateInFrance();
  const releasedAt = body.releasedAt ?? today;
  // The retention received is reported as a 212 « Encaissée » like a payment (issue 30).
  const reportCollection = await collectionReporter(companyId, id);
  const released = await invoices.update(
    companyId,
    id,
    (stored) => {
      const current = invoiceAsRead(stored);
      if (current.kind !== 'progress' || parseMoney(current.retentionAmount) <= 0) {
        throw conflict(situationMessages.noRetention);
      }
      if (!isIssued(current)) throw conflict(situationMessages.releaseDraft);
      if (current.status === 'cancelled') throw conflict(situationMessages.releaseCancelled);
      if (current.retentionReleasedAt)
        throw conflict(situationMessages.alreadyReleased(current.retentionReleasedAt));
      if (releasedAt > today) {
        throw badRequest(undefined, [{ path: 'releasedAt', message: situationMessages.releaseInFuture }]);
      }
      if (current.issueDate && releasedAt < current.issueDate) {
        throw badRequest(undefined, [
          { path: 'releasedAt', message: situationMessages.releaseBeforeIssue(current.issueDate) },
        ]);
      }
      return { ...current, retentionReleasedAt: releasedAt } as Fields<Invoice>;
    },
    {
      ...(body.version !== undefined ? { expectedVersion: body.version } : {}),
      extraItemsOf: (next) =>
        reportCollection
          ? reportCollection(next, {
              key: retentionCollectionKey,
              amountCents: parseMoney(next.retentionAmount),
              at: noonInFrance(releasedAt),
            })
          : [],
    },
  );
  if (reportCollection) await submitCollection(companyId, id, retentionCollectionKey);
  return presentInvoice(companyId, released);
}

function billingInvoiceOf(invoice: Invoice): QuoteBillingInvoice {
  return {
    id: invoice.id,
    kind: invoice.kind,
    status: invoice.status,
    ...(invoice.number ? { number: invoice.number } : {}),
    title: invoice.title,
    ...(invoice.issueDate ? { issueDate: invoice.issueDate } : {}),
    ...(invoice.dueDate ? { dueDate: invoice.dueDate } : {}),
    ...(invoice.situation ? { situationIndex: invoice.situation.index } : {}),
    totalAmount: invoice.totalAmount,
    totalWithVat: invoice.totalWithVat,
    depositDeduction: invoice.depositDeduction,
    retentionAmount: invoice.retentionAmount,
    ...(invoice.retentionReleasedAt ? { retentionReleasedAt: invoice.retentionReleasedAt } : {}),
    amountDue: invoice.amountDue,
    paidAmount: invoice.paidAmount,
    creditedAmount: invoice.creditedAmount,
    ...(invoice.creditedInvoiceId ? { creditedInvoiceId: invoice.creditedInvoiceId } : {}),
    version: invoice.version,
  };
}

/** Why no situation can be made now, or `undefined`. */
function blockedReason(quote: Quote, history: SituationHistory): string | undefined {
  if (quote.status !== 'validated') return situationMessages.notValidated(quote.status);
  if (history.draft) return situationMessages.draftExists(history.draft.situation?.index);
  if (history.standardInvoice) return situationMessages.invoicedInFull(history.standardInvoice.number);
  if (history.draftDeposit) return situationMessages.draftDeposit;
  if (history.basis.lines.length === 0) return situationMessages.noLines;
  if (history.basis.lines.every((line) => line.previousPercentHundredths >= FULL_PERCENT)) {
    return situationMessages.complete;
  }
  return undefined;
}

/** `GET /api/quotes/{id}/billing`: "Facturation du marché" (`QuoteBilling`). */
export async function quoteBilling(companyId: string, quoteId: string): Promise<QuoteBilling> {
  const { quote, history, noVat, ofQuote } = await readQuoteBilling(companyId, quoteId);
  const { basis } = history;
  const invoicedCents = sumCents(basis.lines.map((line) => line.previousAmountCents));
  const contractCents = parseMoney(quote.totalAmount);
  const standing = history.issued.filter((invoice) => invoice.status !== 'cancelled');
  const releasedCents = sumCents(
    standing
      .filter((invoice) => invoice.retentionReleasedAt)
      .map((invoice) => parseMoney(invoice.retentionAmount)),
  );
  const releasableOn = retentionReleasableOn(history.issued);
  const inOrder = [...ofQuote].sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
  );
  const money = formatMoney;
  const rates = (list: readonly RateAmount[]) =>
    list.map((entry) => ({
      rate: formatPercent(entry.rateHundredths) as VatRate,
      amount: money(entry.cents),
    }));
  const reason = blockedReason(quote, history);
  return {
    quoteId: quote.id,
    quoteNumber: quote.number,
    quoteStatus: quote.status,
    ...(quote.projectId ? { projectId: quote.projectId } : {}),
    contractAmount: quote.totalAmount,
    contractWithVat: quote.totalWithVat,
    lines: basis.lines.map((line) => ({
      itemId: line.itemId,
      description: line.description,
      ...(line.unit ? { unit: line.unit } : {}),
      vatRate: formatPercent(line.rateHundredths) as VatRate,
      saleTotal: money(line.saleTotalCents),
      cumulativePercent: formatPercent(line.previousPercentHundredths),
      cumulativeAmount: money(line.previousAmountCents),
      remainingAmount: money(line.saleTotalCents - line.previousAmountCents),
    })),
    invoicedAmount: money(invoicedCents),
    remainingHT: money(contractCents - invoicedCents),
    depositsAmount: money(sumCents(basis.depositsByRate.map((entry) => entry.cents))),
    depositsDeducted: money(sumCents(basis.deductedBeforeByRate.map((entry) => entry.cents))),
    depositsByRate: rates(basis.depositsByRate),
    deductedByRate: rates(basis.deductedBeforeByRate),
    retentionRate: formatPercent(basis.retentionRateHundredths),
    retentionBankGuarantee: quote.retentionBankGuarantee === true,
    retentionHeld: money(basis.retentionBeforeCents),
    retentionReleased: money(releasedCents),
    retentionOutstanding: money(basis.retentionBeforeCents - releasedCents),
    ...(releasableOn ? { retentionReleasableOn: releasableOn } : {}),
    noVat,
    ...(history.draft ? { draftSituationId: history.draft.id } : {}),
    ...(reason ? { situationBlockedReason: reason } : {}),
    invoices: inOrder.map(billingInvoiceOf),
  };
}
