import { screen, waitFor, within } from '@testing-library/react';

import { json, type Routes } from '../../../testing/api-stub';
import { companyId, project, stamps, stub, validated } from './quotes';

/**
 * "Facturation du marché" answers of the worked example of DOCUMENTS.md § 4: a contract of
 * 50 000,00 € HT at 20 % (line A 40 000,00, line B 10 000,00), a deposit of 5 000,00 € HT
 * (6 000,00 € TTC), a retention of 5 %. Figures written out, not computed by the code tested.
 */

export const lineA = '6a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a0a';
export const lineB = '6a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a0b';
export const billingRoute = `GET /api/quotes/${validated.id}/billing`;
export const situationsRoute = `POST /api/quotes/${validated.id}/situations`;

const depositInvoice = {
  id: '7a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01',
  kind: 'deposit',
  status: 'paid',
  number: 'FAC-2026-0001',
  title: 'Acompte 10 % — Extension garage',
  issueDate: '2026-11-21',
  dueDate: '2026-12-21',
  totalAmount: '5000.00',
  totalWithVat: '6000.00',
  depositDeduction: '0.00',
  retentionAmount: '0.00',
  amountDue: '6000.00',
  paidAmount: '6000.00',
  creditedAmount: '0.00',
  version: 3,
};

/** Before the first situation: nothing invoiced of the lines, the deposit paid. */
export const billingBeforeS1 = {
  quoteId: validated.id,
  quoteNumber: validated.number,
  quoteStatus: 'validated',
  projectId: project.id,
  contractAmount: '50000.00',
  contractWithVat: '60000.00',
  lines: [
    {
      itemId: lineA,
      description: 'Lot A',
      vatRate: '20.00',
      saleTotal: '40000.00',
      cumulativePercent: '0.00',
      cumulativeAmount: '0.00',
      remainingAmount: '40000.00',
    },
    {
      itemId: lineB,
      description: 'Lot B',
      vatRate: '20.00',
      saleTotal: '10000.00',
      cumulativePercent: '0.00',
      cumulativeAmount: '0.00',
      remainingAmount: '10000.00',
    },
  ],
  invoicedAmount: '0.00',
  remainingHT: '50000.00',
  depositsAmount: '5000.00',
  depositsDeducted: '0.00',
  depositsByRate: [{ rate: '20.00', amount: '5000.00' }],
  deductedByRate: [],
  retentionRate: '5.00',
  retentionBankGuarantee: false,
  retentionHeld: '0.00',
  retentionReleased: '0.00',
  retentionOutstanding: '0.00',
  noVat: false,
  invoices: [depositInvoice],
};

export const situation1 = {
  id: '7a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a02',
  kind: 'progress',
  status: 'sent',
  number: 'FAC-2026-0002',
  title: 'Situation n° 1 — Extension garage',
  issueDate: '2026-11-24',
  dueDate: '2026-12-24',
  situationIndex: 1,
  totalAmount: '10800.00',
  totalWithVat: '12960.00',
  depositDeduction: '1200.00',
  retentionAmount: '720.00',
  amountDue: '12240.00',
  paidAmount: '0.00',
  creditedAmount: '0.00',
  version: 2,
};

/** After S1 (A 30 %, B 0 %) was issued. */
export const billingAfterS1 = {
  ...billingBeforeS1,
  lines: [
    {
      ...billingBeforeS1.lines[0]!,
      cumulativePercent: '30.00',
      cumulativeAmount: '12000.00',
      remainingAmount: '28000.00',
    },
    billingBeforeS1.lines[1]!,
  ],
  invoicedAmount: '12000.00',
  remainingHT: '38000.00',
  depositsDeducted: '1200.00',
  deductedByRate: [{ rate: '20.00', amount: '1200.00' }],
  retentionHeld: '720.00',
  retentionOutstanding: '720.00',
  invoices: [depositInvoice, situation1],
};

/** The draft invoice the server answers for S1 (`POST /api/quotes/{id}/situations`). */
export const draftS1 = {
  ...stamps,
  id: '7a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a03',
  version: 1,
  clientId: validated.clientId,
  quoteId: validated.id,
  title: 'Situation n° 1 — Extension garage',
  kind: 'progress',
  reverseCharge: false,
  lines: [
    {
      itemId: lineA,
      description: 'Lot A',
      quantity: '1.000',
      unitPrice: '12000.00',
      vatRate: '20.00',
      total: '12000.00',
    },
    {
      description: 'Déduction des acomptes',
      quantity: '-1.000',
      unitPrice: '1200.00',
      vatRate: '20.00',
      total: '-1200.00',
    },
  ],
  totalAmount: '10800.00',
  vatBreakdown: [{ rate: '20.00', base: '10800.00', amount: '2160.00' }],
  vatAmount: '2160.00',
  totalWithVat: '12960.00',
  depositDeduction: '1200.00',
  retentionRate: '5.00',
  retentionAmount: '720.00',
  amountDue: '12240.00',
  status: 'draft',
  situation: {
    index: 1,
    quoteNumber: validated.number,
    lines: [
      {
        itemId: lineA,
        description: 'Lot A',
        vatRate: '20.00',
        saleTotal: '40000.00',
        previousPercent: '0.00',
        cumulativePercent: '30.00',
        previousAmount: '0.00',
        cumulativeAmount: '12000.00',
        amount: '12000.00',
      },
      {
        itemId: lineB,
        description: 'Lot B',
        vatRate: '20.00',
        saleTotal: '10000.00',
        previousPercent: '0.00',
        cumulativePercent: '0.00',
        previousAmount: '0.00',
        cumulativeAmount: '0.00',
        amount: '0.00',
      },
    ],
    contractAmount: '50000.00',
    previousWorksAmount: '0.00',
    cumulativeWorksAmount: '12000.00',
    worksAmount: '12000.00',
    depositsAmount: '5000.00',
    previousDeductedAmount: '0.00',
    cumulativeDeductedAmount: '1200.00',
    previousRetentionAmount: '0.00',
    cumulativeRetentionAmount: '720.00',
  },
};

/** A signed état d'avancement of the quote's project at `percent` %. */
export function signedReport(id: string, percent: number, projectId = project.id) {
  return {
    ...stamps,
    companyId,
    id,
    version: 2,
    projectId,
    title: `Avancement ${percent} %`,
    progressPercentage: percent,
    status: 'signed',
    signedAt: '2026-11-24T10:00:00.000Z',
    signatureData: 'Paul Martin',
  };
}

/** The Devis screen with the validated quote and its billing answer. */
export function stubBilling(billing: unknown, overrides: Routes = {}) {
  return stub({
    'GET /api/quotes?limit=50': json([validated]),
    [billingRoute]: json(billing),
    'GET /api/progress-reports': json([]),
    ...overrides,
  });
}

/** The open dialog titled `title`, among several (a dialog opened from another). */
export async function dialogTitled(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen
      .getAllByRole('dialog')
      .find((dialog) => within(dialog).queryByText(title, { selector: '.ant-modal-title' }) !== null);
    if (found === undefined) throw new Error(`No dialog titled ${title}`);
    return found;
  });
}
