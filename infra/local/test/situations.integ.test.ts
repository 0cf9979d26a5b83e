/**
 * Situations de travaux through the API (DOCUMENTS.md § 4): the worked example to the cent, the
 * billing view, credit notes giving lines back, a signed progress report, the retention released,
 * and every refusal (409 with a French sentence, nothing written).
 */
import { quoteBillingSchema } from '@btp/shared/entities/quote-billing';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client.js';
import { startTestStack } from './support.js';
import { companyWithClient } from './support/records.js';

const stack = await startTestStack();

interface Company {
  http: TestClient;
  clientId: string;
  projectId: string;
}

interface Invoice {
  id: string;
  kind: string;
  status: string;
  number?: string;
  title: string;
  version: number;
  lines: {
    description: string;
    quantity: string;
    unitPrice: string;
    vatRate: string;
    total: string;
    itemId?: string;
  }[];
  totalAmount: string;
  vatAmount: string;
  totalWithVat: string;
  depositDeduction: string;
  retentionRate: string;
  retentionAmount: string;
  retentionReleasedAt?: string;
  amountDue: string;
  situation?: {
    index: number;
    lines: { itemId: string; previousPercent: string; cumulativePercent: string; amount: string }[];
    worksAmount: string;
    cumulativeWorksAmount: string;
  };
}

interface Quote {
  id: string;
  version: number;
  items: { id: string; description: string }[];
}

interface Billing {
  lines: { itemId: string; cumulativePercent: string; cumulativeAmount: string; remainingAmount: string }[];
  invoicedAmount: string;
  remainingHT: string;
  depositsAmount: string;
  depositsDeducted: string;
  retentionRate: string;
  retentionHeld: string;
  retentionReleased: string;
  retentionOutstanding: string;
  retentionReleasableOn?: string;
  draftSituationId?: string;
  situationBlockedReason?: string;
  invoices: { id: string; kind: string; situationIndex?: number }[];
}

function seededCompany(name: string): Promise<Company> {
  return companyWithClient(stack, name, { profile: true });
}

/** The contract of the worked example: line A 40 000.00, line B 10 000.00 HT at 20 %, sent and accepted. */
async function acceptedContract(company: Company, fields: Record<string, unknown> = {}): Promise<Quote> {
  const line = (description: string, unitPrice: string) => ({
    resourceType: 'labor',
    description,
    unit: 'forfait',
    quantity: '1',
    unitPrice,
    vatRate: '20',
  });
  const created = await company.http.post('/api/quotes', {
    title: 'Rénovation de la maison Durand',
    clientId: company.clientId,
    projectId: company.projectId,
    overheadPercentage: '0',
    marginPercentage: '0',
    status: 'draft',
    items: [line('Lot A – gros œuvre', '40000'), line('Lot B – couverture', '10000')],
    ...fields,
  });
  expect(created.status).toBe(201);
  const quote = created.body as Quote;
  const sent = await company.http.post(`/api/quotes/${quote.id}/send`, { version: quote.version });
  expect(sent.status).toBe(200);
  const accepted = await company.http.post(`/api/quotes/${quote.id}/accept`, {
    signerName: 'Mme Durand',
    version: (sent.body as Quote).version,
  });
  expect(accepted.status).toBe(200);
  return (await company.http.get(`/api/quotes/${quote.id}`)).body as Quote;
}

async function send(company: Company, invoice: Invoice): Promise<Invoice> {
  const response = await company.http.post(`/api/invoices/${invoice.id}/send`, { version: invoice.version });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Invoice;
}

async function situation(company: Company, quote: Quote, body: Record<string, unknown>): Promise<Invoice> {
  const response = await company.http.post(`/api/quotes/${quote.id}/situations`, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Invoice;
}

const byLine = (quote: Quote, a: string, b: string) => ({
  lines: [
    { itemId: quote.items[0]?.id, cumulativePercent: a },
    { itemId: quote.items[1]?.id, cumulativePercent: b },
  ],
});

const figures = (invoice: Invoice) => [
  invoice.situation?.worksAmount,
  invoice.depositDeduction,
  invoice.totalAmount,
  invoice.vatAmount,
  invoice.totalWithVat,
  invoice.retentionAmount,
  invoice.amountDue,
];

async function billing(company: Company, quote: Quote): Promise<Billing> {
  const response = await company.http.get(`/api/quotes/${quote.id}/billing`);
  expect(response.status).toBe(200);
  // The SPA reads it with the shared schema: it must parse as such.
  quoteBillingSchema.parse(response.body);
  return response.body as Billing;
}

async function invoiceCount(company: Company): Promise<number> {
  return ((await company.http.get('/api/invoices')).body as unknown[]).length;
}

let a: Company;
let b: Company;

beforeAll(async () => {
  [a, b] = await Promise.all([seededCompany('Alpha'), seededCompany('Bravo')]);
});

describe('the worked example of DOCUMENTS.md § 4', () => {
  it('deposit 5 000 HT, then S1, S2, S3 hold to the cent; deposits + amounts due + retention = contract TTC', async () => {
    const quote = await acceptedContract(a);
    const deposit = await a.http.post(`/api/quotes/${quote.id}/invoices`, {
      kind: 'deposit',
      amount: '5000',
    });
    expect(deposit.status).toBe(201);
    const depositSent = await send(a, deposit.body as Invoice);
    expect(depositSent.totalWithVat).toBe('6000.00');

    const s1 = await situation(a, quote, byLine(quote, '30', '0'));
    expect(s1).toMatchObject({ kind: 'progress', status: 'draft', retentionRate: '5.00' });
    expect(s1.situation?.index).toBe(1);
    expect(figures(s1)).toEqual([
      '12000.00',
      '1200.00',
      '10800.00',
      '2160.00',
      '12960.00',
      '720.00',
      '12240.00',
    ]);
    const s1Sent = await send(a, s1);
    expect(s1Sent.number).toMatch(/^FAC-\d{4}-\d{4}$/);

    const s2 = await situation(a, quote, byLine(quote, '75', '50'));
    expect(s2.situation?.index).toBe(2);
    expect(
      s2.situation?.lines.map((line) => [line.previousPercent, line.cumulativePercent, line.amount]),
    ).toEqual([
      ['30.00', '75.00', '18000.00'],
      ['0.00', '50.00', '5000.00'],
    ]);
    expect(figures(s2)).toEqual([
      '23000.00',
      '2300.00',
      '20700.00',
      '4140.00',
      '24840.00',
      '1380.00',
      '23460.00',
    ]);
    await send(a, s2);

    const s3 = await situation(a, quote, { cumulativePercent: '100' });
    expect(figures(s3)).toEqual([
      '15000.00',
      '1500.00',
      '13500.00',
      '2700.00',
      '16200.00',
      '900.00',
      '15300.00',
    ]);
    await send(a, s3);

    const view = await billing(a, quote);
    expect(view).toMatchObject({
      invoicedAmount: '50000.00',
      remainingHT: '0.00',
      depositsAmount: '5000.00',
      depositsDeducted: '5000.00',
      retentionRate: '5.00',
      retentionHeld: '3000.00',
      retentionOutstanding: '3000.00',
    });
    // Releasable a year after the situation that reached 100 % (issued today).
    const today = calendarDateInFrance();
    expect(view.retentionReleasableOn).toBe(
      `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`.replace(/-02-29$/, '-02-28'),
    );
    expect(view.lines.map((line) => [line.cumulativePercent, line.remainingAmount])).toEqual([
      ['100.00', '0.00'],
      ['100.00', '0.00'],
    ]);
    expect(view.situationBlockedReason).toMatch(/déjà facturées à 100 %/);
    expect(view.invoices.map((invoice) => [invoice.kind, invoice.situationIndex])).toEqual([
      ['deposit', undefined],
      ['progress', 1],
      ['progress', 2],
      ['progress', 3],
    ]);
    const cents = (value: string) => Math.round(Number(value) * 100);
    const due = [s1, s2, s3].reduce((sum, invoice) => sum + cents(invoice.amountDue), 0);
    const retained = [s1, s2, s3].reduce((sum, invoice) => sum + cents(invoice.retentionAmount), 0);
    expect(cents(depositSent.totalWithVat) + due + retained).toBe(6_000_000);

    // Everything is deducted and billed: a fourth situation has nothing to bill.
    const fourth = await a.http.post(`/api/quotes/${quote.id}/situations`, { cumulativePercent: '100' });
    expect(fourth.status).toBe(409);
    expect(fourth.body).toMatchObject({ message: expect.stringMatching(/déjà facturées à 100 %/) });

    // The retention is released once, on a day that is not in the future.
    const future = await a.http.post(`/api/invoices/${s1Sent.id}/retention/release`, {
      releasedAt: '2999-01-01',
    });
    expect(future.status).toBe(400);
    const released = await a.http.post(`/api/invoices/${s1Sent.id}/retention/release`, {});
    expect(released.status).toBe(200);
    expect((released.body as Invoice).retentionReleasedAt).toBe(calendarDateInFrance());
    const twice = await a.http.post(`/api/invoices/${s1Sent.id}/retention/release`, {});
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({
      message: expect.stringMatching(/déjà été libérée le \d{2}\/\d{2}\/\d{4}/),
    });
    expect(await billing(a, quote)).toMatchObject({
      retentionReleased: '720.00',
      retentionOutstanding: '2280.00',
    });

    // A quote billed by situations takes no deposit nor whole invoice any more.
    for (const body of [{ kind: 'deposit', percentage: '10' }, { kind: 'standard' }]) {
      const refused = await a.http.post(`/api/quotes/${quote.id}/invoices`, body);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ message: expect.stringMatching(/situations de travaux/) });
    }
  });
});

describe('refusals: 409 with a French sentence, nothing written', () => {
  it('a quote that is not accepted, a percent above 100 or backwards, a second draft, a situation that bills nothing', async () => {
    const draftQuote = (
      await a.http.post('/api/quotes', {
        title: 'Devis en brouillon',
        clientId: a.clientId,
        status: 'draft',
        items: [{ resourceType: 'labor', quantity: '1', unitPrice: '100' }],
      })
    ).body as Quote;
    const before = await invoiceCount(a);
    const notAccepted = await a.http.post(`/api/quotes/${draftQuote.id}/situations`, {
      cumulativePercent: '10',
    });
    expect(notAccepted.status).toBe(409);
    expect(notAccepted.body).toMatchObject({
      message: expect.stringMatching(/Seul un devis validé.*« Brouillon »/),
    });

    const quote = await acceptedContract(a);
    const above = await a.http.post(`/api/quotes/${quote.id}/situations`, byLine(quote, '30', '100.01'));
    expect(above.status).toBe(409);
    expect(above.body).toMatchObject({
      message: '« Lot B – couverture » : le pourcentage cumulé ne peut pas dépasser 100 %.',
      details: [{ path: 'lines.1.cumulativePercent' }],
    });
    const nothing = await a.http.post(`/api/quotes/${quote.id}/situations`, { cumulativePercent: '0' });
    expect(nothing.status).toBe(409);
    expect(nothing.body).toMatchObject({ message: expect.stringMatching(/ne facture rien/) });
    const malformed = await a.http.post(`/api/quotes/${quote.id}/situations`, {
      cumulativePercent: 'beaucoup',
    });
    expect(malformed.status).toBe(400);
    const both = await a.http.post(`/api/quotes/${quote.id}/situations`, {
      cumulativePercent: '10',
      lines: [],
    });
    expect(both.status).toBe(400);
    expect(await invoiceCount(a)).toBe(before);

    const first = await situation(a, quote, byLine(quote, '30', '0'));
    const second = await a.http.post(`/api/quotes/${quote.id}/situations`, { cumulativePercent: '50' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      message: expect.stringMatching(/situation n° 1 de ce devis est encore un brouillon/),
    });
    expect((await billing(a, quote)).draftSituationId).toBe(first.id);
    const noRetentionYet = await a.http.post(`/api/invoices/${first.id}/retention/release`, {});
    expect(noRetentionYet.status).toBe(409);
    await send(a, first);

    const backwards = await a.http.post(`/api/quotes/${quote.id}/situations`, byLine(quote, '20', '10'));
    expect(backwards.status).toBe(409);
    expect(backwards.body).toMatchObject({
      message:
        '« Lot A – gros œuvre » : le pourcentage cumulé ne peut pas être inférieur à celui déjà facturé (30\u00a0%).',
    });
    expect(await invoiceCount(a)).toBe(before + 1);

    // A release on an invoice that holds no retention.
    const plain = await a.http.post('/api/invoices', {
      clientId: a.clientId,
      title: 'Dépannage',
      totalAmount: '100',
    });
    const plainSent = await send(a, plain.body as Invoice);
    const noRetention = await a.http.post(`/api/invoices/${plainSent.id}/retention/release`, {});
    expect(noRetention.status).toBe(409);
    expect(noRetention.body).toMatchObject({
      message: expect.stringMatching(/ne porte pas de retenue de garantie/),
    });
  });

  it('two users creating a situation on the same quote at once: one wins, one 409', async () => {
    const quote = await acceptedContract(a);
    const results = await Promise.all([
      a.http.post(`/api/quotes/${quote.id}/situations`, { cumulativePercent: '20' }),
      a.http.post(`/api/quotes/${quote.id}/situations`, { cumulativePercent: '25' }),
    ]);
    expect(results.map((response) => response.status).sort()).toEqual([201, 409]);
    const view = await billing(a, quote);
    expect(view.invoices.filter((invoice) => invoice.kind === 'progress')).toHaveLength(1);
  });

  it("another company's quote and invoices are not found", async () => {
    const quote = await acceptedContract(a);
    const s1 = await situation(a, quote, { cumulativePercent: '10' });
    expect((await b.http.get(`/api/quotes/${quote.id}/billing`)).status).toBe(404);
    expect(
      (await b.http.post(`/api/quotes/${quote.id}/situations`, { cumulativePercent: '20' })).status,
    ).toBe(404);
    expect((await b.http.post(`/api/invoices/${s1.id}/retention/release`, {})).status).toBe(404);
    const noCsrf = await a.http.request(
      'POST',
      `/api/quotes/${quote.id}/situations`,
      { cumulativePercent: '20' },
      {
        csrf: false,
      },
    );
    expect(noCsrf.status).toBe(403);
  });
});

describe('editing, credit notes, progress reports, bank guarantee', () => {
  it('a draft situation is recomputed at new percentages; its lines are not edited by hand', async () => {
    const quote = await acceptedContract(a);
    const draft = await situation(a, quote, { cumulativePercent: '10' });
    const updated = await a.http.put(`/api/invoices/${draft.id}`, {
      clientId: a.clientId,
      title: 'Situation de mars',
      situation: byLine(quote, '30', '0'),
      lines: [{ description: 'Tentative', quantity: '1', unitPrice: '1' }],
      version: draft.version,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const body = updated.body as Invoice;
    expect(body.title).toBe('Situation de mars');
    expect(body.totalAmount).toBe('12000.00');
    expect(body.lines.map((line) => line.description)).toEqual([
      'Lot A – gros œuvre (situation : 0\u00a0% → 30\u00a0%)',
    ]);
    const above = await a.http.put(`/api/invoices/${draft.id}`, {
      clientId: a.clientId,
      title: 'Situation de mars',
      situation: { cumulativePercent: '120' },
      version: body.version,
    });
    expect(above.status).toBe(409);
  });

  it('a credit note gives the lines back: the next situation starts from the right cumulative figures', async () => {
    const quote = await acceptedContract(a);
    const s1 = await send(a, await situation(a, quote, byLine(quote, '30', '0')));
    const s2 = await send(a, await situation(a, quote, byLine(quote, '50', '0')));
    expect(s2.totalAmount).toBe('8000.00');
    // S2 is credited in full: A goes back to 30 %.
    const note = await a.http.post(`/api/invoices/${s2.id}/credit-note`, { reason: 'Avancement surestimé' });
    expect(note.status).toBe(201);
    await send(a, note.body as Invoice);
    const view = await billing(a, quote);
    expect(view.lines[0]).toMatchObject({ cumulativePercent: '30.00', cumulativeAmount: '12000.00' });
    expect(view).toMatchObject({ invoicedAmount: '12000.00', retentionHeld: s1.retentionAmount });
    const s3 = await situation(a, quote, byLine(quote, '40', '0'));
    expect(s3.situation?.index).toBe(3);
    expect(s3.situation?.lines[0]).toMatchObject({
      previousPercent: '30.00',
      cumulativePercent: '40.00',
      amount: '4000.00',
    });
    // Retention to date 5 % × 40 % × 48 000 TTC = 960, 720 held before.
    expect(s3.retentionAmount).toBe('240.00');

    // A credit note of S1 issued while S3 is a draft: S3 can no longer be sent as computed.
    const noteS1 = await a.http.post(`/api/invoices/${s1.id}/credit-note`, {});
    await send(a, noteS1.body as Invoice);
    const stale = await a.http.post(`/api/invoices/${s3.id}/send`, { version: s3.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      message: expect.stringMatching(/modifiez la situation pour la recalculer/),
    });
    const recomputed = await a.http.put(`/api/invoices/${s3.id}`, {
      clientId: a.clientId,
      title: s3.title,
      situation: byLine(quote, '40', '0'),
      version: s3.version,
    });
    expect(recomputed.status).toBe(200);
    expect((recomputed.body as Invoice).totalAmount).toBe('16000.00');
    await send(a, recomputed.body as Invoice);
  });

  it('a signed progress report of the quote’s project gives every line its percent', async () => {
    const quote = await acceptedContract(a);
    const report = (
      await a.http.post('/api/progress-reports', {
        projectId: a.projectId,
        title: 'Avancement de mars',
        progressPercentage: 40,
        status: 'pending',
      })
    ).body as { id: string };
    const unsigned = await a.http.post(`/api/quotes/${quote.id}/situations`, { progressReportId: report.id });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body).toMatchObject({ details: [{ message: expect.stringMatching(/signé/) }] });
    expect((await a.http.request('PATCH', `/api/progress-reports/${report.id}/validate`)).status).toBe(200);
    expect(
      (await a.http.request('PATCH', `/api/progress-reports/${report.id}/sign`, { signerName: 'Mme Durand' }))
        .status,
    ).toBe(200);
    const fromReport = await situation(a, quote, { progressReportId: report.id });
    expect(fromReport.situation?.lines.map((line) => line.cumulativePercent)).toEqual(['40.00', '40.00']);
    expect(fromReport.totalAmount).toBe('20000.00');
  });

  it('a bank guarantee: no retention is held', async () => {
    const quote = await acceptedContract(a, { retentionBankGuarantee: true });
    const s1 = await situation(a, quote, { cumulativePercent: '50' });
    expect(s1).toMatchObject({ retentionRate: '0.00', retentionAmount: '0.00', amountDue: s1.totalWithVat });
    const sent = await send(a, s1);
    const release = await a.http.post(`/api/invoices/${sent.id}/retention/release`, {});
    expect(release.status).toBe(409);
  });
});
