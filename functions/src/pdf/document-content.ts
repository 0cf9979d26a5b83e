/**
 * What a devis, a facture or an avoir says (DOCUMENTS.md § 2 and § 5), as French text ready to be
 * laid out: the title, the seller's and the client's blocks, the lines, the totals and every
 * mandatory mention. The rules live here; `render.ts` only places the text on A4 pages, so a test
 * can read both the rules (through the PDF's text) and the layout (through its images).
 *
 * Money arrives as decimal strings ("1234.50") and is parsed into integer cents before any sum
 * (`money.ts`); the only sums made here are the deduction lines of the totals block and the lots'
 * subtotals, in cents.
 */
import { frenchDate } from '@btp/shared/french-text';
import type { BuyerSnapshot, Invoice, SellerSnapshot, Situation } from '@btp/shared/entities/invoice';
import type { Project } from '@btp/shared/entities/project';
import type { Quote, QuoteItem } from '@btp/shared/entities/quote';
import { labelOf, legalFormLabels, resourceTypeLabels } from '@btp/shared/enums';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { formatIban, formatSiret, normaliseIdentifier } from '@btp/shared/legal-identity';
import { divideRounded, formatEuro, parseMoney, parsePercent, sumCents } from '@btp/shared/money';
import { percentLabel } from '@btp/shared/invoice-lines';
import { isWithinSection, quoteOutline, sectionLabel } from '@btp/shared/quote-sections';
import type { InvoicePdfInput, PdfLogo, QuotePdfInput } from './pdf-input.js';

/** One row of the lines table, every cell as printed. */
export interface TableRow {
  description: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  vatRate: string;
  total: string;
  /** A lot's heading ("2 Maçonnerie") or its subtotal HT, drawn in bold (docs/library.md). */
  kind?: 'heading' | 'subtotal';
}

/**
 * The table's rows with the lots of a devis (docs/library.md): each heading that has lines in it
 * (its own or its sub-lots'), then its lines and sub-lots, closed by "Sous-total 2 Maçonnerie" and
 * its HT. Without headings, the lines as they are.
 */
export function sectionedRows<L extends { section?: string | undefined }>(
  headings: readonly { section: string; title: string }[] | undefined,
  lines: readonly L[],
  row: (line: L) => TableRow,
  totalOf: (line: L) => string,
): TableRow[] {
  if (!headings || headings.length === 0) return lines.map(row);
  const used = headings.filter((heading) =>
    lines.some((line) => isWithinSection(line.section, heading.section)),
  );
  const rows: TableRow[] = [];
  const open: { section: string; title: string }[] = [];
  const blank = { quantity: '', unit: '', unitPrice: '', vatRate: '' };
  const close = () => {
    const heading = open.pop();
    if (!heading) return;
    const cents = sumCents(
      lines
        .filter((line) => isWithinSection(line.section, heading.section))
        .map((line) => parseMoney(totalOf(line))),
    );
    rows.push({
      ...blank,
      kind: 'subtotal',
      description: `Sous-total ${sectionLabel(heading)}`,
      total: formatEuro(cents),
    });
  };
  for (const entry of quoteOutline(used, lines)) {
    if (entry.kind === 'line') {
      rows.push(row(entry.line));
      continue;
    }
    while (open.length > 0 && !isWithinSection(entry.section, (open.at(-1) as { section: string }).section))
      close();
    open.push({ section: entry.section, title: entry.title });
    rows.push({ ...blank, kind: 'heading', description: sectionLabel(entry), total: '' });
  }
  while (open.length > 0) close();
  return rows;
}

/** One row of the totals block; `emphasis` is the amount the reader looks for (TTC, net à payer). */
export interface TotalRow {
  label: string;
  value: string;
  emphasis?: boolean;
}

/** One quote line of a situation's table (DOCUMENTS.md § 4), every cell as printed. */
export interface SituationRow {
  description: string;
  /** The line's contract amount HT (its selling total on the quote). */
  contract: string;
  previousPercent: string;
  previousAmount: string;
  cumulativePercent: string;
  cumulativeAmount: string;
  /** What this situation bills of the line, HT. */
  amount: string;
  vatRate: string;
}

/** One row of a situation's recap; `base` is a VAT row's base, `detail` a muted line under it. */
export interface RecapRow {
  label: string;
  value: string;
  base?: string;
  detail?: string;
  /** A subtotal (bold, ruled above). */
  strong?: boolean;
  /** The amount the reader looks for (net à payer). */
  emphasis?: boolean;
}

/**
 * What a situation de travaux prints instead of the lines table and the totals (DOCUMENTS.md § 4–5):
 * per quote line its contract amount, previous and cumulative percent and amount, this situation;
 * their totals; the recap from the works to the net à payer; and where the contract stands.
 */
export interface SituationContent {
  rows: SituationRow[];
  /** The table's last row: the contract's totals (its percents are the contract's progress). */
  total: SituationRow;
  recap: RecapRow[];
  /** "Suivi du marché", beside the recap: label and value. */
  progress: { label: string; value: string }[];
  /** Under `progress`: where the percentages come from. */
  progressNote?: string;
}

/** A titled group of mentions, kept together on one page. */
export interface MentionSection {
  heading: string;
  paragraphs: string[];
}

/** The "Bon pour accord" block of a quote: blank lines to fill, or the recorded acceptance. */
export interface SignatureBlock {
  date?: string;
  name?: string;
  /** The signature drawn online (PNG), printed in the box (docs/online-acceptance.md). */
  image?: Buffer;
}

/** Everything printed on a document, in French, in reading order. */
export interface DocumentContent {
  /** "Devis n° DEV-2026-0001", "Facture (brouillon)", "Avoir n° AV-2026-0001". */
  title: string;
  /** A preview: "BROUILLON" across every page. */
  draft: boolean;
  /** The lines under the title: dates, validity, due date, the credited invoice. */
  references: string[];
  seller: { name: string; lines: string[] };
  buyer: { name: string; lines: string[] };
  /** "Objet : …" and what situates the works (site address, dates). */
  subject: string[];
  /** The document's free text (a quote's description, a credit note's reason). */
  description?: string;
  rows: TableRow[];
  /** A situation de travaux: drawn instead of `rows`, `vatBreakdown` and `totals`. */
  situation?: SituationContent;
  vatBreakdown: { rate: string; base: string; amount: string }[];
  totals: TotalRow[];
  /** Full-width mentions, after the totals. */
  mentions: MentionSection[];
  /** Mentions beside the signature block of a quote (or after `mentions` when there is none). */
  closing?: MentionSection[];
  signature?: SignatureBlock;
  /** The seller's identity in one line, at the foot of every page. */
  footer: string;
  logo?: PdfLogo;
  /** PDF metadata. */
  info: { title: string; subject: string; author: string; date: string };
}

/** The mention of § 2 for a document with a line at 10 % or 5.5 % (loi de finances 2025, art. 41). */
export const REDUCED_RATE_CERTIFICATION =
  "Le client certifie que les travaux portent sur des locaux à usage d'habitation achevés depuis plus " +
  'de deux ans et remplissent les conditions des articles 279-0 bis et 278-0 bis A du CGI : sur une ' +
  "période de deux ans au plus, ils n'ont ni concouru à la production d'un immeuble neuf au sens du 2° " +
  "du 2 du I de l'article 257 du CGI, ni augmenté de plus de 10\u00a0% la surface de plancher des locaux " +
  'existants.';

export const FRANCHISE_MENTION = 'TVA non applicable, art. 293 B du CGI';
export const VAT_ON_DEBITS_MENTION = "Option pour le paiement de la taxe d'après les débits";
export const RECOVERY_INDEMNITY_MENTION = 'Indemnité forfaitaire pour frais de recouvrement : 40\u00a0€';
export const SERVICES_CATEGORY_MENTION = "Catégorie de l'opération : Prestation de services";
const DEFAULT_LATE_PENALTY_RATE = "trois fois le taux d'intérêt légal";
const DEFAULT_EARLY_PAYMENT_DISCOUNT = "Pas d'escompte pour paiement anticipé";
const DEFAULT_PAYMENT_TERM_DAYS = 30;
const DEFAULT_QUOTE_VALIDITY_DAYS = 30;

/** The calendar date `days` after `iso` (`YYYY-MM-DD`), computed in UTC so no time zone moves it. */
export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Days from `from` to `to` included (`YYYY-MM-DD`): 02/03 → 16/03 is 15 days. */
function daysIncluded(from: string, to: string): number {
  const ms = Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`);
  return Math.round(ms / 86_400_000) + 1;
}

/** Money of the API ("1234.50") as printed: "1 234,50 €", parsed into cents first. */
export function euro(money: string | undefined): string {
  return formatEuro(parseMoney(money ?? '0'));
}

// Built on first use, like money.ts's formatter: creating it loads locale data.
let quantityFormat: Intl.NumberFormat | undefined;

/** A quantity ("12.500") as printed: "12,5"; Intl receives the exact decimal string. */
export function frenchQuantity(quantity: string): string {
  quantityFormat ??= new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 });
  return quantityFormat.format(quantity.trim() as `${number}`);
}

/** A VAT rate or any percent of the API ("5.50") as printed: "5,5 %". */
export function rateLabel(rate: string): string {
  return percentLabel(parsePercent(rate));
}

/** A SIREN as printed: "812 345 676". */
function formatSiren(siren: string): string {
  const digits = normaliseIdentifier(siren);
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : siren;
}

const present = (value: string | undefined | null): value is string => value != null && value.trim() !== '';

function cityLine(entity: { postalCode?: string; city?: string }): string | undefined {
  const line = [entity.postalCode, entity.city].filter(present).join(' ');
  return line === '' ? undefined : line;
}

/** A country worth printing: not France (the documents are French). */
function foreignCountry(country: string | undefined): string | undefined {
  if (!present(country)) return undefined;
  return ['france', 'fr'].includes(country.trim().toLowerCase()) ? undefined : country;
}

function postalAddress(entity: {
  address?: string;
  postalCode?: string;
  city?: string;
  country?: string;
}): string[] {
  return [
    ...(entity.address ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(present),
    cityLine(entity),
    foreignCountry(entity.country),
  ].filter(present);
}

/** "SAS au capital de 20 000,00 €", "Entreprise individuelle (EI)", or nothing. */
export function legalFormLine(seller: SellerSnapshot): string | undefined {
  const form =
    seller.legalForm && seller.legalForm !== 'other' ? labelOf(legalFormLabels, seller.legalForm, '') : '';
  const capital =
    present(seller.shareCapital) && seller.legalForm !== 'EI'
      ? `au capital de ${euro(seller.shareCapital)}`
      : '';
  if (form === '' && capital === '') return undefined;
  if (form === '') return `Société ${capital}`;
  return capital === '' ? form : `${form} ${capital}`;
}

function sellerBlock(seller: SellerSnapshot): DocumentContent['seller'] {
  const contact = [present(seller.phone) ? `Tél. ${seller.phone}` : undefined, seller.email].filter(present);
  return {
    name: seller.name,
    lines: [
      legalFormLine(seller),
      postalAddress(seller).join(', '),
      [present(seller.siret) ? `SIRET : ${formatSiret(seller.siret)}` : undefined, seller.registration]
        .filter(present)
        .join(' – '),
      present(seller.vatNumber) ? `N° TVA intracommunautaire : ${seller.vatNumber}` : undefined,
      contact.length > 0 ? contact.join(' · ') : undefined,
      seller.website,
    ].filter(present),
  };
}

function isCompanyClient(buyer: BuyerSnapshot): boolean {
  return buyer.kind !== 'individual';
}

function buyerBlock(buyer: BuyerSnapshot): DocumentContent['buyer'] {
  return {
    name: buyer.name,
    lines: [
      ...postalAddress(buyer),
      isCompanyClient(buyer) && present(buyer.siren) ? `SIREN : ${formatSiren(buyer.siren)}` : undefined,
      present(buyer.vatNumber) ? `N° TVA : ${buyer.vatNumber}` : undefined,
    ].filter(present),
  };
}

/** The seller's identity at the foot of every page. */
function footerLine(seller: SellerSnapshot): string {
  return [
    seller.name,
    legalFormLine(seller),
    present(seller.siret) ? `SIRET ${formatSiret(seller.siret)}` : undefined,
    seller.registration,
    present(seller.vatNumber) ? `TVA ${seller.vatNumber}` : undefined,
  ]
    .filter(present)
    .join(' · ');
}

/** "Assurance décennale : …": insurer, its address, policy, activities and area (loi 96-603). */
function insuranceSection(seller: SellerSnapshot): MentionSection {
  const insurer = [seller.insurer, seller.insurerAddress].filter(present).join(', ');
  const paragraphs = [
    `Assurance décennale : ${present(insurer) ? insurer : 'non renseignée'}` +
      (present(seller.insurancePolicyNumber) ? ` – contrat n° ${seller.insurancePolicyNumber}` : ''),
    present(seller.insuranceActivities) ? `Activités couvertes : ${seller.insuranceActivities}` : undefined,
    present(seller.insuranceArea) ? `Couverture géographique : ${seller.insuranceArea}` : undefined,
  ].filter(present);
  return { heading: 'Assurance professionnelle', paragraphs };
}

/** The VAT mentions of § 2 that apply to a document. */
function vatMentions(input: {
  seller: SellerSnapshot;
  buyer: BuyerSnapshot;
  reverseCharge: boolean;
  rates: readonly string[];
  invoice: boolean;
}): string[] {
  const { seller, buyer } = input;
  const mentions: string[] = [];
  if (seller.vatRegime === 'franchise') mentions.push(FRANCHISE_MENTION);
  if (input.reverseCharge) {
    mentions.push('Autoliquidation : TVA due par le preneur (art. 283-2 nonies du CGI)');
    mentions.push(
      `N° TVA du prestataire : ${present(seller.vatNumber) ? seller.vatNumber : 'non renseigné'} – ` +
        `N° TVA du preneur : ${present(buyer.vatNumber) ? buyer.vatNumber : 'non renseigné'}`,
    );
  }
  if (input.rates.some((rate) => ['10.00', '5.50'].includes(rate))) mentions.push(REDUCED_RATE_CERTIFICATION);
  if (input.invoice && seller.vatOnDebits === true && seller.vatRegime !== 'franchise') {
    mentions.push(VAT_ON_DEBITS_MENTION);
  }
  return mentions;
}

function sortedItems(items: readonly QuoteItem[]): QuoteItem[] {
  // A stable sort: lines of equal order keep the order the API gave.
  return [...items].sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0));
}

/** A quote line as the client sees it: selling prices only (never `unitPrice`, the cost). */
function quoteRow(item: QuoteItem): TableRow {
  return {
    description: present(item.description) ? item.description : resourceTypeLabels[item.resourceType],
    quantity: frenchQuantity(item.quantity),
    unit: item.unit ?? '',
    unitPrice: euro(item.saleUnitPrice),
    vatRate: rateLabel(item.vatRate),
    total: euro(item.saleTotal),
  };
}

function breakdown(entries: Quote['vatBreakdown']): DocumentContent['vatBreakdown'] {
  return entries.map((entry) => ({
    rate: rateLabel(entry.rate),
    base: euro(entry.base),
    amount: euro(entry.amount),
  }));
}

/** Where the works are, and when (the project), for the subject block. */
function siteLines(
  project: Project | undefined,
  options: { quote: boolean; buyer: BuyerSnapshot },
): string[] {
  if (!project) return [];
  const lines: string[] = [];
  const location = project.location?.trim();
  if (present(location) && (options.quote || !sameAddress(location, options.buyer))) {
    lines.push(`Adresse du chantier : ${location.replace(/\s*\n\s*/g, ', ')}`);
  }
  if (options.quote) {
    if (project.startDate) {
      const end = project.endDate && project.endDate >= project.startDate ? project.endDate : undefined;
      lines.push(
        `Début des travaux : ${frenchDate(project.startDate)}` +
          (end
            ? ` – durée prévue : ${daysIncluded(project.startDate, end)} jours (fin le ${frenchDate(end)})`
            : ''),
      );
    }
  }
  return lines;
}

/** Whether a site address is the client's own address (then an invoice need not repeat it). */
function sameAddress(location: string, buyer: BuyerSnapshot): boolean {
  const squeeze = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
  const client = squeeze([buyer.address, buyer.postalCode, buyer.city].filter(present).join(' '));
  return client !== '' && squeeze(location) === client;
}

/** The devis. */
export function quoteContent(input: QuotePdfInput): DocumentContent {
  const { quote, seller, buyer, project } = input;
  const draft = quote.status === 'draft';
  const items = sortedItems(quote.items ?? []);
  const rates = [...new Set(items.map((item) => item.vatRate))];
  const validUntil = quote.validUntil;
  const references = [
    `Date : ${frenchDate(input.date)}`,
    validUntil
      ? `Valable jusqu'au ${frenchDate(validUntil)}`
      : `Valable ${DEFAULT_QUOTE_VALIDITY_DAYS} jours à compter de sa date`,
  ];
  const conditions = [
    'Devis gratuit.',
    validUntil
      ? `Offre valable jusqu'au ${frenchDate(validUntil)}.`
      : `Offre valable ${DEFAULT_QUOTE_VALIDITY_DAYS} jours à compter de la date du devis.`,
    `Paiement à ${seller.paymentTermDays ?? DEFAULT_PAYMENT_TERM_DAYS} jours à compter de la date de facture, par virement bancaire.`,
  ];
  const vat = vatMentions({ seller, buyer, reverseCharge: quote.reverseCharge, rates, invoice: false });
  return {
    title: `Devis n° ${quote.number}`,
    draft,
    references,
    seller: sellerBlock(seller),
    buyer: buyerBlock(buyer),
    subject: [`Objet : ${quote.title}`, ...siteLines(project, { quote: true, buyer })],
    ...(present(quote.description) ? { description: quote.description } : {}),
    rows: sectionedRows(quote.sections, items, quoteRow, (item) => item.saleTotal),
    vatBreakdown: breakdown(quote.vatBreakdown),
    totals: [
      { label: 'Total HT', value: euro(quote.totalAmount) },
      { label: 'Total TVA', value: euro(quote.vatAmount) },
      { label: 'Total TTC', value: euro(quote.totalWithVat), emphasis: true },
    ],
    mentions: vat.length > 0 ? [{ heading: 'TVA', paragraphs: vat }] : [],
    closing: [{ heading: 'Conditions', paragraphs: conditions }, insuranceSection(seller)],
    signature: {
      ...(quote.acceptedAt ? { date: frenchDate(calendarDateInFrance(new Date(quote.acceptedAt))) } : {}),
      ...(present(quote.signerName) ? { name: quote.signerName } : {}),
      ...(input.signatureImage ? { image: input.signatureImage } : {}),
    },
    footer: footerLine(seller),
    ...(input.logo ? { logo: input.logo } : {}),
    info: { title: `Devis ${quote.number}`, subject: quote.title, author: seller.name, date: input.date },
  };
}

const invoiceTitles: Record<Invoice['kind'], string> = {
  standard: 'Facture',
  deposit: "Facture d'acompte",
  progress: 'Facture de situation',
  credit_note: 'Avoir',
};

/** The totals of an invoice: deposits deducted, retention, net à payer (DOCUMENTS.md § 3–4). */
function invoiceTotalRows(invoice: Invoice): TotalRow[] {
  const rows: TotalRow[] = [];
  const depositCents = parseMoney(invoice.depositDeduction ?? '0');
  if (depositCents > 0) {
    // The deductions are lines of the table (quantity −1); the HT before them is shown for reading.
    rows.push({
      label: 'Total HT des travaux',
      value: formatEuro(sumCents([parseMoney(invoice.totalAmount), depositCents])),
    });
    rows.push({ label: 'Acomptes déduits HT', value: formatEuro(-depositCents) });
  }
  rows.push({ label: 'Total HT', value: euro(invoice.totalAmount) });
  rows.push({ label: 'Total TVA', value: euro(invoice.vatAmount) });
  if (invoice.kind === 'credit_note') {
    rows.push({ label: "Total TTC de l'avoir", value: euro(invoice.totalWithVat), emphasis: true });
    return rows;
  }
  rows.push({ label: 'Total TTC', value: euro(invoice.totalWithVat) });
  const retentionCents = parseMoney(invoice.retentionAmount ?? '0');
  if (retentionCents > 0) {
    rows.push({
      label: `Retenue de garantie (${rateLabel(invoice.retentionRate ?? '0')})`,
      value: formatEuro(-retentionCents),
    });
  }
  rows.push({ label: 'Net à payer', value: euro(invoice.amountDue), emphasis: true });
  return rows;
}

/** `part` as a percent of `whole` (both cents), rounded to the hundredth, as printed: "70 %". */
function shareText(part: number, whole: number): string {
  if (whole === 0) return percentLabel(0);
  return percentLabel(Number(divideRounded(BigInt(part) * 10_000n, BigInt(whole))));
}

/** The table, the recap and the progress of a situation (`kind: progress`, DOCUMENTS.md § 4). */
function situationContent(invoice: Invoice, situation: Situation): SituationContent {
  const rows = situation.lines.map((line): SituationRow => ({
    description: line.description,
    contract: euro(line.saleTotal),
    previousPercent: rateLabel(line.previousPercent),
    previousAmount: euro(line.previousAmount),
    cumulativePercent: rateLabel(line.cumulativePercent),
    cumulativeAmount: euro(line.cumulativeAmount),
    amount: euro(line.amount),
    vatRate: rateLabel(line.vatRate),
  }));
  const contractCents = parseMoney(situation.contractAmount);
  const previousCents = parseMoney(situation.previousWorksAmount);
  const cumulativeCents = parseMoney(situation.cumulativeWorksAmount);
  const total: SituationRow = {
    description: 'Total des travaux',
    contract: euro(situation.contractAmount),
    previousPercent: shareText(previousCents, contractCents),
    previousAmount: euro(situation.previousWorksAmount),
    cumulativePercent: shareText(cumulativeCents, contractCents),
    cumulativeAmount: euro(situation.cumulativeWorksAmount),
    amount: euro(situation.worksAmount),
    vatRate: '',
  };

  const recap: RecapRow[] = [
    { label: 'Montant du marché HT', value: euro(situation.contractAmount) },
    { label: 'Travaux cumulés à date HT', value: euro(situation.cumulativeWorksAmount) },
    { label: 'Travaux antérieurs HT', value: formatEuro(-previousCents) },
    { label: 'Travaux de la situation HT', value: euro(situation.worksAmount), strong: true },
  ];
  const depositsCents = parseMoney(situation.depositsAmount);
  const deductionCents = parseMoney(invoice.depositDeduction ?? '0');
  if (depositsCents !== 0 || deductionCents !== 0) {
    recap.push({
      label: 'Déduction des acomptes HT',
      value: formatEuro(-deductionCents),
    });
  }
  recap.push({ label: 'Total HT', value: euro(invoice.totalAmount), strong: true });
  for (const entry of invoice.vatBreakdown) {
    recap.push({
      label: `TVA ${rateLabel(entry.rate)}`,
      base: `base ${euro(entry.base)}`,
      value: euro(entry.amount),
    });
  }
  recap.push({ label: 'Total TTC', value: euro(invoice.totalWithVat), strong: true });
  const retentionCents = parseMoney(invoice.retentionAmount ?? '0');
  const retainedCents = parseMoney(situation.cumulativeRetentionAmount);
  if (parsePercent(invoice.retentionRate ?? '0') > 0 || retentionCents !== 0 || retainedCents !== 0) {
    recap.push({
      label: `Retenue de garantie (${rateLabel(invoice.retentionRate ?? '0')})`,
      value: formatEuro(-retentionCents),
      detail: `Cumul retenu à date : ${euro(situation.cumulativeRetentionAmount)} TTC`,
    });
  }
  recap.push({ label: 'Net à payer', value: euro(invoice.amountDue), emphasis: true });

  return {
    rows,
    total,
    recap,
    progress: [
      { label: 'Avancement à date', value: shareText(cumulativeCents, contractCents) },
      { label: 'Reste à facturer HT', value: formatEuro(contractCents - cumulativeCents) },
      ...(depositsCents !== 0
        ? [
            { label: 'Acomptes facturés HT', value: euro(situation.depositsAmount) },
            { label: 'Déduits à date HT', value: euro(situation.cumulativeDeductedAmount) },
            {
              label: 'Reste à déduire HT',
              value: formatEuro(depositsCents - parseMoney(situation.cumulativeDeductedAmount)),
            },
          ]
        : []),
    ],
    ...(situation.progressReportId
      ? { progressNote: "Pourcentages d'avancement repris de l'état d'avancement signé du chantier." }
      : {}),
  };
}

/** The facture (standard, deposit, situation) or the avoir. */
export function invoiceContent(input: InvoicePdfInput): DocumentContent {
  const { invoice, seller, buyer, project } = input;
  const creditNote = invoice.kind === 'credit_note';
  const draft = invoice.status === 'draft' || !present(invoice.number);
  const name = invoiceTitles[invoice.kind];
  // A situation is titled by its rank in the contract; its invoice number follows (DOCUMENTS.md § 4).
  const situation = invoice.kind === 'progress' ? invoice.situation : undefined;
  const title = situation
    ? `Situation de travaux n° ${situation.index}${draft ? ' (brouillon)' : ''}`
    : draft
      ? `${name} (brouillon)`
      : `${name} n° ${invoice.number}`;
  const issueDate = invoice.issueDate ?? input.date;
  const dueDate = invoice.dueDate ?? addDays(issueDate, seller.paymentTermDays ?? DEFAULT_PAYMENT_TERM_DAYS);
  const credited =
    input.credited ??
    (invoice.creditedInvoiceNumber && invoice.creditedInvoiceDate
      ? { number: invoice.creditedInvoiceNumber, issueDate: invoice.creditedInvoiceDate }
      : undefined);
  const creditedLine = credited
    ? `Avoir de la facture n° ${credited.number} du ${frenchDate(credited.issueDate)}`
    : undefined;

  const references = [
    situation && !draft ? `${name} n° ${invoice.number}` : undefined,
    creditNote ? `Date : ${frenchDate(issueDate)}` : `Date d'émission : ${frenchDate(issueDate)}`,
    creditNote ? undefined : `Échéance : ${frenchDate(dueDate)}`,
    creditedLine,
    situation
      ? `Marché : devis ${situation.quoteNumber}`
      : present(input.quoteNumber)
        ? `Devis de référence : ${input.quoteNumber}`
        : undefined,
  ].filter(present);

  // The date of the works (art. 242 nonies A, 7° CGI): the project's dates when known, else the
  // issue date (the works are invoiced when done); a deposit is dated by the invoice itself.
  const works =
    creditNote || invoice.kind === 'deposit'
      ? undefined
      : project?.startDate && project.endDate && project.endDate >= project.startDate
        ? `Période des travaux : du ${frenchDate(project.startDate)} au ${frenchDate(project.endDate)}`
        : project?.startDate
          ? `Travaux commencés le ${frenchDate(project.startDate)}, facturés le ${frenchDate(issueDate)}`
          : `Date des travaux : ${frenchDate(issueDate)}`;

  const rates = [...new Set(invoice.lines.map((line) => line.vatRate))];
  const vat = vatMentions({ seller, buyer, reverseCharge: invoice.reverseCharge, rates, invoice: true });
  const payment = creditNote
    ? [
        credited
          ? `Cet avoir annule, en tout ou partie, la facture n° ${credited.number} ; son montant est déduit de ce qui reste dû ou remboursé.`
          : 'Le montant de cet avoir est déduit de ce qui reste dû ou remboursé.',
      ]
    : [
        `Échéance : ${frenchDate(dueDate)}.`,
        present(seller.iban)
          ? `Règlement par virement : IBAN ${formatIban(seller.iban)}` +
            (present(seller.bic) ? ` – BIC ${normaliseIdentifier(seller.bic)}` : '')
          : 'Règlement par virement bancaire.',
        `Pénalités de retard : ${present(seller.latePenaltyRate) ? seller.latePenaltyRate.trim().replace(/\.$/, '') : DEFAULT_LATE_PENALTY_RATE}, exigibles dès le lendemain de la date d'échéance.`,
        ...(isCompanyClient(buyer) ? [RECOVERY_INDEMNITY_MENTION] : []),
        present(seller.earlyPaymentDiscount)
          ? seller.earlyPaymentDiscount.trim()
          : DEFAULT_EARLY_PAYMENT_DISCOUNT,
      ];

  return {
    title,
    draft,
    references,
    seller: sellerBlock(seller),
    buyer: buyerBlock(buyer),
    subject: [
      `Objet : ${invoice.title}`,
      ...siteLines(project, { quote: false, buyer }),
      ...(works ? [works] : []),
    ],
    ...(present(invoice.description)
      ? { description: creditNote ? `Motif : ${invoice.description}` : invoice.description }
      : {}),
    rows: sectionedRows(
      invoice.sections,
      invoice.lines,
      (line) => ({
        description: line.description,
        quantity: frenchQuantity(line.quantity),
        unit: line.unit ?? '',
        unitPrice: euro(line.unitPrice),
        vatRate: rateLabel(line.vatRate),
        total: euro(line.total),
      }),
      (line) => line.total,
    ),
    ...(situation ? { situation: situationContent(invoice, situation) } : {}),
    vatBreakdown: breakdown(invoice.vatBreakdown),
    totals: invoiceTotalRows(invoice),
    mentions: [
      { heading: creditNote ? 'Règlement' : 'Conditions de règlement', paragraphs: payment },
      { heading: 'Mentions fiscales', paragraphs: [SERVICES_CATEGORY_MENTION, ...vat] },
      insuranceSection(seller),
    ],
    footer: footerLine(seller),
    ...(input.logo ? { logo: input.logo } : {}),
    info: {
      title: draft ? title : `${name} ${invoice.number}`,
      subject: invoice.title,
      author: seller.name,
      date: input.date,
    },
  };
}
