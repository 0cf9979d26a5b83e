/**
 * Records as the list routes answer them, for the dashboard and finances tests: every field the
 * list schemas require, with the overrides a test needs.
 */
import { formatMoney, parseMoney, percentOf } from '@btp/shared/money';

const companyId = '0f0e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01';
let counter = 0;

/** A fresh UUID per call, readable in failures (…000001, …000002). */
export function nextId(): string {
  counter += 1;
  return `9a1b2c3d-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

function record(createdAt = '2026-05-01T08:00:00.000Z') {
  return { id: nextId(), companyId, createdAt, updatedAt: createdAt, version: 1 };
}

export function projectRecord(fields: Record<string, unknown>) {
  return { ...record(), clientId: nextId(), status: 'planning', progress: 0, ...fields };
}

/**
 * A customer invoice as `GET /api/invoices` answers it. Without VAT unless the test gives it: TTC
 * and the amount due are the HT given (`totalAmount`), one line at 0 %.
 */
export function invoiceRecord(fields: Record<string, unknown>) {
  const clientId = nextId();
  const totalAmount = (fields.totalAmount as string | undefined) ?? '0.00';
  const totalWithVat = (fields.totalWithVat as string | undefined) ?? totalAmount;
  return {
    ...record(),
    kind: 'standard',
    clientId,
    client: { id: clientId, name: 'Garnier SARL' },
    title: 'Facture',
    status: 'draft',
    lines: [
      {
        description: 'Travaux',
        quantity: '1.000',
        unitPrice: totalAmount,
        vatRate: '0.00',
        total: totalAmount,
      },
    ],
    totalAmount,
    vatBreakdown: [],
    vatAmount: '0.00',
    totalWithVat,
    amountDue: totalWithVat,
    paidAmount: '0.00',
    creditedAmount: '0.00',
    reverseCharge: false,
    ...fields,
  };
}

/**
 * The fields of an issued situation (`kind: progress`, DOCUMENTS.md § 4) to give `invoiceRecord`: its
 * quote, rank, cumulative works against the contract (HT), retention (TTC) and amounts, with the
 * `situation` figures the list schema requires. TTC 1.2 × HT; the amount due is TTC − retention.
 */
export function situationFields({
  quoteId,
  quoteNumber,
  index,
  contractAmount,
  cumulativeWorksAmount,
  worksAmount,
  retentionAmount,
  ...fields
}: {
  quoteId: string;
  quoteNumber: string;
  index: number;
  contractAmount: string;
  cumulativeWorksAmount: string;
  /** HT of this situation. */
  worksAmount: string;
  retentionAmount: string;
} & Record<string, unknown>) {
  const cents = parseMoney;
  const money = formatMoney;
  const ttc = cents(worksAmount) + percentOf(cents(worksAmount), 2000);
  return {
    kind: 'progress',
    status: 'sent',
    quoteId,
    title: `Situation n°${index}`,
    totalAmount: worksAmount,
    vatAmount: money(ttc - cents(worksAmount)),
    totalWithVat: money(ttc),
    retentionRate: '5.00',
    retentionAmount,
    amountDue: money(ttc - cents(retentionAmount)),
    situation: {
      index,
      quoteNumber,
      lines: [],
      contractAmount,
      previousWorksAmount: money(cents(cumulativeWorksAmount) - cents(worksAmount)),
      cumulativeWorksAmount,
      worksAmount,
      depositsAmount: '0.00',
      previousDeductedAmount: '0.00',
      cumulativeDeductedAmount: '0.00',
      previousRetentionAmount: '0.00',
      cumulativeRetentionAmount: retentionAmount,
    },
    ...fields,
  };
}

export function supplierInvoiceRecord(fields: Record<string, unknown>) {
  const supplierId = nextId();
  return {
    ...record(),
    number: `FF-2026-${String(counter).padStart(4, '0')}`,
    supplierId,
    supplier: { id: supplierId, name: 'Béton du Midi' },
    status: 'draft',
    totalAmount: '0.00',
    paidAmount: '0.00',
    ...fields,
  };
}

export function documentRecord(fields: Record<string, unknown>) {
  return {
    ...record(),
    name: 'document',
    originalName: 'document.pdf',
    type: 'other',
    tags: [],
    path: 'documents/x',
    ...fields,
  };
}

/** The stats of a company without records (docs/api/dashboard.md). */
export const emptyStats = {
  activeProjects: 0,
  monthlyRevenue: '0,00\u00a0€',
  pendingQuotes: 0,
  profitMargin: '0\u00a0%',
  raw: {
    month: '2026-05',
    monthlyRevenue: '0.00',
    previousMonthRevenue: '0.00',
    monthlyRevenueChangePercent: null,
    revenuePaid: '0.00',
    expensesPaid: '0.00',
    netProfit: '0.00',
    profitMarginPercent: null,
    pendingQuotesValue: '0.00',
    pendingInvoices: 0,
    pendingInvoicesValue: '0.00',
    overdueInvoices: 0,
    overdueInvoicesValue: '0.00',
    pendingSupplierInvoicesValue: '0.00',
    retentionsHeld: 0,
    retentionsHeldValue: '0.00',
  },
  /** What the widgets show (`widgets` of GET /api/dashboard/stats), for a company without records. */
  widgets: {
    projectCount: 0,
    quarterMarginChangeTenths: null,
    recentProjects: [],
    activeProjects: [],
    pendingInvoices: {
      items: [],
      count: 0,
      total: '0.00',
      retentionsHeld: '0.00',
      retentionsReleasable: '0.00',
    },
    recentDocuments: [],
  },
};

type Widgets = typeof emptyStats.widgets;

/** The stats' answer with these widgets (the rest of `widgets` as for a company without records). */
export function statsWithWidgets(widgets: Partial<{ [K in keyof Widgets]: unknown }>) {
  return { ...emptyStats, widgets: { ...emptyStats.widgets, ...widgets } };
}
