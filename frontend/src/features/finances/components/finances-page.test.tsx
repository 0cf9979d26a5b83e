import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { financesSummaryOfRecords } from '@btp/shared/finances-summary';
import { json, never, stubApi, type Routes } from '../../../testing/api-stub';
import { companyAdmin } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { setupUser } from '../../../testing/user';
import { situationFields } from '../../dashboard/testing/records';

const companyId = '0f0e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01';
let counter = 0;
function nextId(): string {
  counter += 1;
  return `7b1b2c3d-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}
function record() {
  const at = '2026-04-01T08:00:00.000Z';
  return { id: nextId(), companyId, createdAt: at, updatedAt: at, version: 1 };
}
const clients = { garnier: nextId(), mairie: nextId(), dupont: nextId() };
const suppliers = { beton: nextId(), bois: nextId() };

function invoice(fields: Record<string, unknown>) {
  const clientId = (fields.clientId as string | undefined) ?? clients.garnier;
  const names: Record<string, string> = {
    [clients.garnier]: 'Garnier SARL',
    [clients.mairie]: 'Mairie de Lyon',
    [clients.dupont]: 'M. Dupont',
  };
  // Without VAT unless the test gives it: TTC and the amount due are then the HT.
  const totalAmount = (fields.totalAmount as string | undefined) ?? '0.00';
  const totalWithVat = (fields.totalWithVat as string | undefined) ?? totalAmount;
  return {
    ...record(),
    kind: 'standard',
    clientId,
    client: { id: clientId, name: names[clientId] ?? 'Autre client' },
    title: 'Facture',
    status: 'draft',
    lines: [],
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
function supplierInvoice(fields: Record<string, unknown>) {
  const supplierId = (fields.supplierId as string | undefined) ?? suppliers.beton;
  return {
    ...record(),
    number: `FF-2026-${String(counter).padStart(4, '0')}`,
    supplierId,
    supplier: { id: supplierId, name: supplierId === suppliers.beton ? 'Béton du Midi' : 'Bois & Charpente' },
    status: 'draft',
    totalAmount: '0.00',
    paidAmount: '0.00',
    ...fields,
  };
}
function project(status: string) {
  return { ...record(), name: `Projet ${counter}`, clientId: clients.garnier, status, progress: 0 };
}
const paid = (amount: string, paidAt: string, fields: Record<string, unknown> = {}) => ({
  status: 'paid',
  totalAmount: amount,
  paidAmount: amount,
  paidAt,
  ...fields,
});

/**
 * The API with the company's records given as lists (`GET /api/invoices`…, with their client's or
 * supplier's name): the screen reads `GET /api/finances/summary`, answered as the server computes it
 * from those records (`financesSummaryOfRecords`, which the server's aggregates are tested against).
 */
function stub(records: Routes = {}) {
  const lists: Routes = {
    'GET /api/projects': json([]),
    'GET /api/invoices': json([]),
    'GET /api/supplier-invoices': json([]),
    ...records,
  };
  const listed = async (route: string, request: Parameters<Routes[string]>[0]) =>
    (await (await lists[route]!(request)).json()) as never[];
  return stubApi({
    'GET /api/setup/status': json({ installed: true }),
    'GET /api/auth/me': json(companyAdmin),
    'GET /api/finances/summary': async (request) => {
      const [invoices, supplierInvoices, projects] = await Promise.all([
        listed('GET /api/invoices', request),
        listed('GET /api/supplier-invoices', request),
        listed('GET /api/projects', request),
      ]);
      return Response.json(financesSummaryOfRecords({ invoices, supplierInvoices, projects }));
    },
  });
}

/** The text of each item, white space read as Testing Library reads it (U+00A0 and U+202F as spaces). */
function itemTexts(container: HTMLElement) {
  return within(container)
    .getAllByRole('listitem')
    .map((item) => (item.textContent ?? '').replace(/\s+/g, ' '));
}

function kpi(title: string) {
  const card = screen.getByText(title, { selector: '.ant-statistic-title' }).closest('.ant-card');
  if (!(card instanceof HTMLElement)) throw new Error(`No KPI card ${title}`);
  return card;
}

async function openTab(name: string) {
  await setupUser().click(screen.getByRole('tab', { name }));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-20T10:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

// Testing Library's text matchers read U+00A0 and U+202F as plain spaces.
describe('Finances', () => {
  it("shows 'Chargement...' while the lists load", async () => {
    stub({ 'GET /api/invoices': never });
    renderApp('/finances');

    expect(await screen.findByRole('heading', { name: 'Finances' })).toBeInTheDocument();
    expect(screen.getByText('Chargement...')).toBeInTheDocument();
  });

  it('shows zero figures and every empty text on a company without records', async () => {
    stub();
    renderApp('/finances');

    expect(await screen.findByText('Aucune facture en retard')).toBeInTheDocument();
    const retentions = screen.getByRole('region', { name: 'Retenues de garantie' });
    expect(retentions).toHaveTextContent('Retenues détenues par vos clients0,00 € TTCAucune situation');
    expect(retentions).toHaveTextContent("Libérables0,00 € TTCAucune pour l'instant");
    expect(within(retentions).getByText('Aucune retenue de garantie détenue')).toBeInTheDocument();
    expect(kpi('CA Encaissé HT')).toHaveTextContent('0,00 €— vs mois dernier');
    expect(kpi('Dépenses HT')).toHaveTextContent('0,00 €— vs mois dernier');
    expect(kpi('Bénéfice Net')).toHaveTextContent('0,00 €Marge : 0 %');
    expect(kpi('En Attente TTC')).toHaveTextContent('0,00 €0 facture en retard');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      "Vue d'ensemble",
      'Revenus',
      'Dépenses',
      'Projets',
    ]);
    const bars = within(screen.getByRole('region', { name: 'Revenus vs Dépenses (HT)' })).getAllByRole(
      'progressbar',
    );
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['0', '0']);

    await openTab('Revenus');
    expect(await screen.findByText('Aucun paiement reçu')).toBeInTheDocument();
    await openTab('Dépenses');
    expect(await screen.findByText('Aucune dépense payée')).toBeInTheDocument();
    await openTab('Projets');
    const counts = await screen.findByRole('region', { name: 'Projets par statut' });
    expect(itemTexts(counts)).toEqual(['En cours0', 'Planification0', 'Terminé0', 'En pause0']);
  });

  it('applies the finance rules: revenue HT less credit notes, net profit, margin, what is owed TTC, month-over-month', async () => {
    const cashed = invoice({
      ...paid('1200.12', '2026-05-02T10:00:00Z'),
      totalAmount: '1000.10',
      totalWithVat: '1200.12',
    });
    stub({
      'GET /api/invoices': json([
        // Revenue HT this month: 1 000,10 + 500,00 − 100,00 (credit note) = 1 400,10; last month
        // 1 000,00 → +40,0 %. HT counts, whatever part of the TTC was recorded as paid.
        cashed,
        invoice({ ...paid('100.00', '2026-05-03T10:00:00Z'), totalAmount: '500.00', totalWithVat: '600.00' }),
        invoice({
          ...paid('1200.00', '2026-04-10T10:00:00Z'),
          totalAmount: '1000.00',
          totalWithVat: '1200.00',
        }),
        invoice({
          kind: 'credit_note',
          status: 'sent',
          title: 'Avoir sur FAC-2026-0001',
          totalAmount: '100.00',
          totalWithVat: '120.00',
          issueDate: '2026-05-15',
          creditedInvoiceId: cashed.id,
        }),
        invoice({ kind: 'credit_note', status: 'draft', totalAmount: '70.00' }),
        // Owed TTC: 300,00 (due in June) + 250,50 overdue less 50,50 credited.
        invoice({ status: 'sent', totalAmount: '250.00', totalWithVat: '300.00', dueDate: '2026-06-30' }),
        invoice({
          status: 'sent',
          totalAmount: '208.75',
          totalWithVat: '250.50',
          creditedAmount: '50.50',
          dueDate: '2026-05-01',
          title: 'Acompte',
        }),
        invoice({ status: 'draft', totalAmount: '9999.00' }),
      ]),
      'GET /api/supplier-invoices': json([
        // This month 525,25 € HT (630,30 € TTC), nothing last month: HT against HT.
        supplierInvoice({ ...paid('630.30', '2026-05-05T10:00:00Z'), netAmount: '525.25' }),
        supplierInvoice({ status: 'sent', totalAmount: '80.00' }),
        supplierInvoice({ status: 'cancelled', totalAmount: '70.00' }),
      ]),
    });
    renderApp('/finances');

    await screen.findByText('Revenus vs Dépenses (HT)');
    // Revenue HT 1 000,10 + 500,00 + 1 000,00 − 100,00 = 2 400,10; expenses 525,25; profit 1 874,85
    // = 78,1 %.
    expect(kpi('CA Encaissé HT')).toHaveTextContent('2 400,10 €+40,0 % vs mois dernier');
    expect(kpi('Dépenses HT')).toHaveTextContent('525,25 €— vs mois dernier');
    expect(kpi('Bénéfice Net')).toHaveTextContent('1 874,85 €Marge : 78,1 %');
    expect(kpi('En Attente TTC')).toHaveTextContent('500,00 €1 facture en retard');

    const revenueVsExpenses = screen.getByRole('region', { name: 'Revenus vs Dépenses (HT)' });
    expect(revenueVsExpenses).toHaveTextContent('Revenus HT2 400,10 €');
    // 525,25 / 2 400,10 = 21,88 % → 22.
    const bars = within(revenueVsExpenses).getAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['100', '22']);
    const overdue = screen.getByRole('region', { name: 'Factures en retard' });
    expect(within(overdue).getByRole('listitem')).toHaveTextContent(
      'Acompte200,00 € TTCGarnier SARLÉchéance: 01/05/2026',
    );

    await openTab('Revenus');
    const cashIn = await screen.findByRole('region', { name: 'Encaissements' });
    expect(itemTexts(cashIn)).toEqual([
      'CA Encaissé HT2 400,10 €',
      'Avoirs émis (1)100,00 € HT',
      'En attente (2)500,00 € TTC',
      'En retard (1)200,00 € TTC',
    ]);

    await openTab('Dépenses');
    const payments = await screen.findByRole('region', { name: 'Décaissements' });
    expect(itemTexts(payments)).toEqual([
      'Dépenses payées HT525,25 €',
      'À payer aux fournisseurs80,00 € TTC',
    ]);
  });

  it('counts a supplier invoice whose VAT is not detailed at its TTC, and says so', async () => {
    stub({
      'GET /api/invoices': json([invoice(paid('1000.00', '2026-05-02T10:00:00Z'))]),
      'GET /api/supplier-invoices': json([
        supplierInvoice({ ...paid('240.00', '2026-05-05T10:00:00Z'), netAmount: '200.00' }),
        // Recorded before lines: its TTC alone.
        supplierInvoice(paid('120.00', '2026-05-06T10:00:00Z')),
        // A credit note of the first: its HT comes off the purchases.
        supplierInvoice({ status: 'sent', kind: 'credit_note', totalAmount: '24.00', netAmount: '20.00' }),
      ]),
    });
    renderApp('/finances');
    await screen.findByText('Revenus vs Dépenses (HT)');
    expect(kpi('Dépenses HT')).toHaveTextContent(
      '320,00 €— vs mois dernier · dont 1 facture sans détail de TVA (comptée TTC)',
    );
    await openTab('Dépenses');
    const payments = await screen.findByRole('region', { name: 'Décaissements' });
    expect(itemTexts(payments)).toEqual([
      'Dépenses payées HT320,00 €',
      'Dont sans détail de TVA (1), comptées TTC120,00 €',
      'À payer aux fournisseurs-24,00 € TTC',
    ]);
  });

  it("lists 5 overdue invoices then 'Et N autres factures en retard...'", async () => {
    stub({
      'GET /api/invoices': json(
        Array.from({ length: 7 }, (_, index) =>
          invoice({
            status: 'sent',
            title: `Retard ${index + 1}`,
            totalAmount: '10.00',
            dueDate: '2026-04-30',
          }),
        ),
      ),
    });
    renderApp('/finances');

    const overdue = await screen.findByRole('region', { name: 'Factures en retard' });
    expect(within(overdue).getAllByRole('listitem')).toHaveLength(5);
    expect(within(overdue).getByText('Et 2 autres factures en retard...')).toBeInTheDocument();
    expect(kpi('En Attente TTC')).toHaveTextContent('70,00 €7 factures en retard');
  });

  it('ranks the top 5 clients by revenue HT cashed (credit notes taken off) and suppliers by paid totals, and counts projects by status', async () => {
    const creditedId = nextId();
    const others = Array.from({ length: 4 }, (_, index) =>
      invoice({ ...paid(`${index + 1}.00`, '2026-05-01T10:00:00Z'), clientId: nextId() }),
    );
    stub({
      'GET /api/invoices': json([
        invoice({ ...paid('100.00', '2026-05-01T10:00:00Z'), clientId: clients.garnier }),
        invoice({ ...paid('500.00', '2026-05-01T10:00:00Z'), clientId: clients.mairie }),
        {
          ...invoice({ ...paid('450.00', '2026-05-01T10:00:00Z'), clientId: clients.garnier }),
          id: creditedId,
        },
        // 60,00 € HT credited back on Garnier's second invoice.
        invoice({
          kind: 'credit_note',
          status: 'sent',
          totalAmount: '60.00',
          creditedInvoiceId: creditedId,
          issueDate: '2026-05-10',
          clientId: clients.garnier,
        }),
        invoice({ status: 'sent', totalAmount: '9000.00', clientId: clients.dupont }),
        ...others,
      ]),
      'GET /api/supplier-invoices': json([
        supplierInvoice({ ...paid('100.00', '2026-05-01T10:00:00Z'), supplierId: suppliers.bois }),
        supplierInvoice({ ...paid('300.00', '2026-05-01T10:00:00Z'), supplierId: suppliers.beton }),
      ]),
      'GET /api/projects': json([
        project('in_progress'),
        project('in_progress'),
        project('planning'),
        project('completed'),
        project('cancelled'),
      ]),
    });
    renderApp('/finances');

    await screen.findByText('Revenus vs Dépenses (HT)');
    await openTab('Revenus');
    const top = await screen.findByRole('region', { name: 'Top 5 Clients' });
    // Each client's revenue HT cashed, credit notes taken off: they add up with CA Encaissé HT.
    expect(itemTexts(top)).toEqual([
      'Mairie de Lyon500,00 € HT',
      'Garnier SARL490,00 € HT',
      'Autre client4,00 € HT',
      'Autre client3,00 € HT',
      'Autre client2,00 € HT',
    ]);

    await openTab('Dépenses');
    const suppliersTop = await screen.findByRole('region', { name: 'Top 5 Fournisseurs' });
    expect(itemTexts(suppliersTop)).toEqual(['Béton du Midi300,00 €', 'Bois & Charpente100,00 €']);
    const supplierBars = within(suppliersTop).getAllByRole('progressbar');
    expect(supplierBars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['100', '33']);

    await openTab('Projets');
    const counts = await screen.findByRole('region', { name: 'Projets par statut' });
    expect(itemTexts(counts)).toEqual(['En cours2', 'Planification1', 'Terminé1', 'En pause0']);
  });

  describe('Retenues de garantie', () => {
    // DOCUMENTS.md § 4: each situation of a quote withholds a retention (TTC) from what the client
    // pays; it is held until released, and may be claimed a year after the situation reaching 100 %.
    const quotes = { a: nextId(), b: nextId(), c: nextId(), d: nextId() };
    // Works complete on 10 March 2025 (S3 at 100 %): releasable since 10 March 2026.
    const quoteA = (index: number, fields: Record<string, unknown>) =>
      invoice({
        ...situationFields({
          quoteId: quotes.a,
          quoteNumber: 'DEV-2025-0007',
          index,
          contractAmount: '50000.00',
          ...(fields as {
            cumulativeWorksAmount: string;
            worksAmount: string;
            retentionAmount: string;
          }),
        }),
        clientId: clients.mairie,
      });
    // Works complete on 1 February 2026: releasable on 1 February 2027.
    const quoteB = invoice({
      ...situationFields({
        quoteId: quotes.b,
        quoteNumber: 'DEV-2026-0012',
        index: 1,
        contractAmount: '10000.00',
        cumulativeWorksAmount: '10000.00',
        worksAmount: '10000.00',
        retentionAmount: '600.00',
      }),
      number: 'FAC-2026-0008',
      issueDate: '2026-02-01',
    });

    it('shows what clients hold, what may be claimed and the quotes concerned, never a released retention', async () => {
      stub({
        'GET /api/invoices': json([
          // Its retention was paid back on 1 April 2026: neither held nor releasable any more.
          quoteA(1, {
            cumulativeWorksAmount: '12000.00',
            worksAmount: '12000.00',
            retentionAmount: '720.00',
            number: 'FAC-2024-0031',
            issueDate: '2024-12-15',
            status: 'paid',
            paidAmount: '13680.00',
            retentionReleasedAt: '2026-04-01',
          }),
          // Paid: what the client owed is settled, its 1 380,00 retention is still held.
          quoteA(2, {
            cumulativeWorksAmount: '35000.00',
            worksAmount: '23000.00',
            retentionAmount: '1380.00',
            number: 'FAC-2025-0040',
            issueDate: '2025-01-20',
            status: 'paid',
            paidAmount: '26220.00',
          }),
          // 18 000,00 TTC, 900,00 retained: 17 100,00 owed.
          quoteA(3, {
            cumulativeWorksAmount: '50000.00',
            worksAmount: '15000.00',
            retentionAmount: '900.00',
            number: 'FAC-2025-0052',
            issueDate: '2025-03-10',
          }),
          // 12 000,00 TTC, 600,00 retained: 11 400,00 owed.
          quoteB,
          // Works at 40 %: held, no release date yet. 9 600,00 TTC, 480,00 retained: 9 120,00 owed.
          invoice({
            ...situationFields({
              quoteId: quotes.c,
              quoteNumber: 'DEV-2026-0015',
              index: 1,
              contractAmount: '20000.00',
              cumulativeWorksAmount: '8000.00',
              worksAmount: '8000.00',
              retentionAmount: '480.00',
            }),
            clientId: clients.dupont,
            number: 'FAC-2026-0011',
            issueDate: '2026-04-01',
          }),
          // A draft holds nothing, nor a situation cancelled by a credit note.
          invoice({
            ...situationFields({
              quoteId: quotes.c,
              quoteNumber: 'DEV-2026-0015',
              index: 2,
              contractAmount: '20000.00',
              cumulativeWorksAmount: '20000.00',
              worksAmount: '12000.00',
              retentionAmount: '720.00',
            }),
            status: 'draft',
          }),
          invoice({
            ...situationFields({
              quoteId: quotes.d,
              quoteNumber: 'DEV-2026-0020',
              index: 1,
              contractAmount: '1000.00',
              cumulativeWorksAmount: '1000.00',
              worksAmount: '1000.00',
              retentionAmount: '60.00',
            }),
            status: 'cancelled',
            creditedAmount: '1200.00',
            number: 'FAC-2025-0001',
            issueDate: '2025-01-02',
          }),
        ]),
      });
      renderApp('/finances');

      const retentions = await screen.findByRole('region', { name: 'Retenues de garantie' });
      // 1 380,00 + 900,00 + 600,00 + 480,00.
      expect(retentions).toHaveTextContent(
        'Retenues détenues par vos clients3 360,00 € TTC4 situations, hors montants en attente',
      );
      // Quote A's two, a year after 10 March 2025.
      expect(retentions).toHaveTextContent('Libérables2 280,00 € TTC2 situations, à réclamer à vos clients');
      expect(itemTexts(retentions)).toEqual([
        'DEV-2025-00072 280,00 € TTCMairie de Lyon · Situations FAC-2025-0040, FAC-2025-0052À réclamerLibérable depuis le 10/03/2026',
        'DEV-2026-0012600,00 € TTCGarnier SARL · Situation FAC-2026-0008Libérable le 01/02/2027',
        'DEV-2026-0015480,00 € TTCM. Dupont · Situation FAC-2026-0011Libérable un an après la fin des travaux (non terminés)',
      ]);
      expect(retentions).not.toHaveTextContent('FAC-2024-0031');
      expect(retentions).not.toHaveTextContent('DEV-2026-0020');
      // What clients owe is the amounts due, retentions apart: 17 100,00 + 11 400,00 + 9 120,00.
      expect(kpi('En Attente TTC')).toHaveTextContent('37 620,00 €0 facture en retard');
    });

    it("lists 5 quotes then 'Et N autres devis…'", async () => {
      const situations = Array.from({ length: 7 }, (_, index) =>
        invoice({
          ...situationFields({
            quoteId: nextId(),
            quoteNumber: `DEV-2026-010${index}`,
            index: 1,
            contractAmount: '100.00',
            cumulativeWorksAmount: '50.00',
            worksAmount: '50.00',
            retentionAmount: '3.00',
          }),
          number: `FAC-2026-020${index}`,
          issueDate: '2026-05-01',
        }),
      );
      stub({ 'GET /api/invoices': json(situations) });
      renderApp('/finances');

      const retentions = await screen.findByRole('region', { name: 'Retenues de garantie' });
      expect(retentions).toHaveTextContent('Retenues détenues par vos clients21,00 € TTC7 situations');
      expect(within(retentions).getAllByRole('listitem')).toHaveLength(5);
      expect(
        within(retentions).getByText('Et 2 autres devis avec une retenue détenue...'),
      ).toBeInTheDocument();
    });

    it('gives the first release date when no retention may be claimed yet', async () => {
      stub({ 'GET /api/invoices': json([quoteB]) });
      renderApp('/finances');

      const retentions = await screen.findByRole('region', { name: 'Retenues de garantie' });
      expect(retentions).toHaveTextContent('Retenues détenues par vos clients600,00 € TTC1 situation');
      expect(retentions).toHaveTextContent(
        "Libérables0,00 € TTCAucune pour l'instant, première le 01/02/2027",
      );
      expect(within(retentions).queryByText('À réclamer')).not.toBeInTheDocument();
    });
  });
});
