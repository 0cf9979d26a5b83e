import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { json, never, stubApi, type Routes } from '../../../testing/api-stub';
import { companyAdmin } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { setupUser } from '../../../testing/user';
import {
  documentRecord,
  emptyStats,
  invoiceRecord,
  nextId,
  projectRecord,
  situationFields,
  supplierInvoiceRecord,
} from '../testing/records';

// Testing Library's text matchers read U+00A0 (before € and %) and U+202F (between thousands) as
// plain spaces; the names say which one the screen shows.
const NBSP = ' ';
const NNBSP = ' ';

function stub(overrides: Routes = {}) {
  return stubApi({
    'GET /api/setup/status': json({ installed: true }),
    'GET /api/auth/me': json(companyAdmin),
    'GET /api/dashboard/stats': json(emptyStats),
    'GET /api/projects': json([]),
    'GET /api/invoices': json([]),
    'GET /api/supplier-invoices': json([]),
    'GET /api/documents': json([]),
    'GET /api/clients': json([]),
    ...overrides,
  });
}

/** The secondary line of the KPI card titled `title`. */
function kpiNote(title: string) {
  const card = screen.getByText(title, { selector: '.ant-statistic-title' }).closest('.ant-card');
  if (!(card instanceof HTMLElement)) throw new Error(`No KPI card ${title}`);
  return card;
}

beforeEach(() => {
  // Only the clock: the quarter and the documents' ages are read against 20 May 2026, 12:00 in Paris.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-20T10:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Tableau de bord', () => {
  it("shows 'Chargement...' while the figures load", async () => {
    stub({ 'GET /api/dashboard/stats': never });
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Tableau de Bord' })).toBeInTheDocument();
    expect(screen.getByText("Vue d'ensemble de votre activité")).toBeInTheDocument();
    expect(screen.getByText('Chargement...')).toBeInTheDocument();
    expect(screen.queryByText('Projets Récents')).not.toBeInTheDocument();
  });

  it('shows every empty text on a company without records', async () => {
    stub();
    renderApp('/');

    expect(await screen.findByText('Aucun projet récent')).toBeInTheDocument();
    expect(await screen.findByText('Aucune facture en attente')).toBeInTheDocument();
    expect(await screen.findByText('Aucun document récent')).toBeInTheDocument();
    expect(await screen.findByText('Aucun projet actif')).toBeInTheDocument();
    expect(kpiNote('Projets Actifs')).toHaveTextContent('0');
    expect(await within(kpiNote('Projets Actifs')).findByText('sur 0 projet')).toBeInTheDocument();
    expect(kpiNote('CA Mensuel HT')).toHaveTextContent(`0,00${NBSP}€— vs mois dernier`);
    expect(kpiNote('Devis en Attente')).toHaveTextContent(`0,00${NBSP}€ HT Valeur totale`);
    expect(await within(kpiNote('Marge Bénéficiaire')).findByText('— vs trimestre')).toBeInTheDocument();
  });

  it('computes the secondary lines of the KPI cards from the data', async () => {
    stub({
      'GET /api/dashboard/stats': json({
        ...emptyStats,
        activeProjects: 2,
        monthlyRevenue: `1${NNBSP}234,50${NBSP}€`,
        pendingQuotes: 3,
        profitMargin: `32,9${NBSP}%`,
        raw: {
          ...emptyStats.raw,
          monthlyRevenue: '1234.50',
          previousMonthRevenue: '1000.00',
          monthlyRevenueChangePercent: '23.5',
          pendingQuotesValue: '14520.00',
        },
      }),
      'GET /api/projects': json([
        projectRecord({ name: 'A', status: 'in_progress' }),
        projectRecord({ name: 'B', status: 'in_progress' }),
        projectRecord({ name: 'C' }),
      ]),
      // Revenue HT this quarter: 1 000 € in, 400 € out = 60 %; last quarter: 2 000 € in, 1 000 € out
      // = 50 %. What was paid is TTC; the margin reads the HT.
      'GET /api/invoices': json([
        invoiceRecord({
          status: 'paid',
          totalAmount: '1000.00',
          totalWithVat: '1200.00',
          paidAmount: '1200.00',
          paidAt: '2026-05-02T10:00:00Z',
        }),
        invoiceRecord({
          status: 'paid',
          totalAmount: '2000.00',
          totalWithVat: '2200.00',
          paidAmount: '2200.00',
          paidAt: '2026-03-02T10:00:00Z',
        }),
      ]),
      'GET /api/supplier-invoices': json([
        supplierInvoiceRecord({
          status: 'paid',
          totalAmount: '400.00',
          paidAmount: '400.00',
          paidAt: '2026-04-02T10:00:00Z',
        }),
        supplierInvoiceRecord({
          status: 'paid',
          totalAmount: '1000.00',
          paidAmount: '1000.00',
          paidAt: '2026-01-02T10:00:00Z',
        }),
      ]),
    });
    renderApp('/');

    await screen.findByText('Projets Actifs');
    expect(await within(kpiNote('Projets Actifs')).findByText('sur 3 projets')).toBeInTheDocument();
    expect(kpiNote('Projets Actifs')).toHaveTextContent('2');
    expect(kpiNote('CA Mensuel HT')).toHaveTextContent(
      `1${NNBSP}234,50${NBSP}€+23,5${NBSP}% vs mois dernier`,
    );
    expect(kpiNote('Devis en Attente')).toHaveTextContent(`314${NNBSP}520,00${NBSP}€ HT Valeur totale`);
    expect(kpiNote('Marge Bénéficiaire')).toHaveTextContent(`32,9${NBSP}%`);
    expect(
      await within(kpiNote('Marge Bénéficiaire')).findByText(`+10,0${NBSP}pts vs trimestre`),
    ).toBeInTheDocument();
  });

  it('lists the first 3 projects with their client, status and progress', async () => {
    stub({
      'GET /api/projects': json([
        projectRecord({
          name: 'Maison Dupont',
          client: { id: '9a1b2c3d-0000-4000-8000-0000000000aa', name: 'M. Dupont' },
          status: 'in_progress',
          progress: 45,
        }),
        projectRecord({ name: 'École Jaurès', status: 'completed', progress: 100 }),
        projectRecord({ name: 'Extension Garnier', status: 'on_hold', progress: 0 }),
        projectRecord({ name: 'Quatrième' }),
      ]),
    });
    renderApp('/');

    const projects = await screen.findByRole('region', { name: 'Projets Récents' });
    const items = await within(projects).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Maison Dupont');
    expect(items[0]).toHaveTextContent('M. Dupont');
    expect(items[0]).toHaveTextContent('En cours');
    expect(items[0]).toHaveTextContent('45% terminé');
    expect(items[1]).toHaveTextContent('Terminé');
    expect(items[1]).toHaveTextContent('100% terminé');
    expect(items[2]).toHaveTextContent('En pause');
    expect(items[2]).toHaveTextContent('0% terminé');
    expect(within(projects).queryByText('Quatrième')).not.toBeInTheDocument();
    expect(within(projects).getByRole('link', { name: 'Voir tous les projets' })).toHaveAttribute(
      'href',
      '/projects',
    );
  });

  it("opens the project creation dialog from 'Nouveau Projet'", async () => {
    stub();
    renderApp('/');

    await setupUser().click(await screen.findByRole('button', { name: /Nouveau Projet/ }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Nouveau Projet');
    // The project form is its own chunk, loaded when the dialog opens.
    expect(
      await within(dialog).findByRole('button', { name: /Créer le projet/ }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });

  it('links the quick actions to their screens', async () => {
    stub();
    renderApp('/');

    const actions = await screen.findByRole('region', { name: 'Actions Rapides' });
    const hrefs = within(actions)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Nouveau Devis', '/quotes'],
      ['Nouveau Client', '/clients'],
      ['Upload Document', '/documents'],
      ["État d'Avancement", '/work-tracking'],
    ]);
  });

  it('lists the first 3 pending invoices (issued and unpaid) and what remains to pay on them, TTC', async () => {
    stub({
      'GET /api/invoices': json([
        invoiceRecord({ title: 'Payée', status: 'paid', totalAmount: '999.00' }),
        // A draft is owed by nobody yet: neither listed ('Inconnu') nor counted.
        invoiceRecord({ title: 'Brouillon', status: 'draft', totalAmount: '0.58', totalWithVat: '0.70' }),
        // Credit notes and cancelled invoices are owed by nobody.
        invoiceRecord({
          title: 'Avoir sur FAC-2026-0001',
          kind: 'credit_note',
          status: 'sent',
          totalAmount: '50.00',
        }),
        invoiceRecord({ title: 'Annulée', status: 'cancelled', totalAmount: '80.00' }),
        // 1 500,10 TTC, 300,00 paid.
        invoiceRecord({
          title: 'Situation n°1',
          status: 'sent',
          totalAmount: '1250.08',
          totalWithVat: '1500.10',
          paidAmount: '300.00',
          dueDate: '2026-06-30',
        }),
        // Sent and due yesterday: overdue, even if the server said 'sent'.
        invoiceRecord({
          title: 'Acompte',
          status: 'sent',
          totalAmount: '250.17',
          totalWithVat: '300.20',
          dueDate: '2026-05-19',
        }),
        // 120,00 TTC, 20,00 cancelled by a credit note.
        invoiceRecord({ title: 'Troisième', status: 'sent', totalAmount: '120.00', creditedAmount: '20.00' }),
        invoiceRecord({ title: 'Quatrième', status: 'overdue', totalAmount: '5.00' }),
      ]),
    });
    renderApp('/');

    const invoices = await screen.findByRole('region', { name: 'Factures en Attente' });
    const items = await within(invoices).findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.ant-tag')?.textContent)).toEqual([
      'À venir',
      'En retard',
      'À venir',
    ]);
    expect(items[0]).toHaveTextContent('Situation n°1');
    expect(items[0]).toHaveTextContent('Échéance: 30/06/2026');
    expect(items[0]).toHaveTextContent(`1${NNBSP}200,10${NBSP}€ TTC`);
    expect(items[1]).toHaveTextContent(`300,20${NBSP}€ TTC`);
    expect(items[2]).toHaveTextContent('Troisième');
    expect(items[2]).toHaveTextContent('Échéance: Non définie');
    expect(items[2]).toHaveTextContent(`100,00${NBSP}€ TTC`);
    expect(within(invoices).queryByText('Inconnu')).not.toBeInTheDocument();
    for (const absent of ['Payée', 'Brouillon', 'Avoir sur FAC-2026-0001', 'Annulée', 'Quatrième']) {
      expect(within(invoices).queryByText(absent)).not.toBeInTheDocument();
    }
    // Every pending invoice, as Facturation's 'Total en attente (TTC)': 1 200,10 + 300,20 + 100,00 + 5,00.
    expect(within(invoices).getByText(`1${NNBSP}605,30${NBSP}€ TTC total`)).toBeInTheDocument();
    expect(within(invoices).getByRole('link', { name: 'Voir les 4 factures en attente' })).toHaveAttribute(
      'href',
      '/invoicing',
    );
  });

  it('shows the retenues de garantie held apart from the pending total, with what may be claimed', async () => {
    const done = nextId();
    const ongoing = nextId();
    const contract = { quoteNumber: 'DEV-2025-0007', contractAmount: '50000.00' };
    stub({
      'GET /api/invoices': json([
        // Works complete on 10 March 2025 (S3 at 100 %): its retentions releasable since 10 March 2026.
        invoiceRecord({
          ...situationFields({
            ...contract,
            quoteId: done,
            index: 1,
            cumulativeWorksAmount: '12000.00',
            worksAmount: '12000.00',
            retentionAmount: '720.00',
          }),
          issueDate: '2024-12-15',
          status: 'paid',
          paidAmount: '13680.00',
          // Paid back to the company: not held any more.
          retentionReleasedAt: '2026-04-01',
        }),
        invoiceRecord({
          ...situationFields({
            ...contract,
            quoteId: done,
            index: 2,
            cumulativeWorksAmount: '50000.00',
            worksAmount: '38000.00',
            retentionAmount: '2280.00',
          }),
          issueDate: '2025-03-10',
          status: 'paid',
          paidAmount: '43320.00',
        }),
        // Works at 40 %: held, not releasable. 9 600,00 TTC less 480,00 retained: 9 120,00 owed.
        invoiceRecord({
          ...situationFields({
            quoteId: ongoing,
            quoteNumber: 'DEV-2026-0015',
            index: 1,
            contractAmount: '20000.00',
            cumulativeWorksAmount: '8000.00',
            worksAmount: '8000.00',
            retentionAmount: '480.00',
          }),
          title: 'Situation n°1 Extension',
          issueDate: '2026-04-01',
          dueDate: '2026-06-01',
        }),
      ]),
    });
    renderApp('/');

    const invoices = await screen.findByRole('region', { name: 'Factures en Attente' });
    const items = await within(invoices).findAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent(`Situation n°1 Extension`);
    expect(items[0]).toHaveTextContent(`9${NNBSP}120,00${NBSP}€ TTC`);
    // The pending total is what clients must pay: the retentions are not in it.
    expect(within(invoices).getByText(`9${NNBSP}120,00${NBSP}€ TTC total`)).toBeInTheDocument();
    const retentions = within(invoices).getByRole('note', { name: 'Retenues de garantie' });
    // 2 280,00 + 480,00; the released 720,00 is not counted.
    expect(retentions).toHaveTextContent(
      `Retenues de garantie, non comprises2${NNBSP}760,00${NBSP}€ TTCdont 2${NNBSP}280,00${NBSP}€ libérables · Voir dans Finances`,
    );
    expect(within(retentions).getByRole('link', { name: 'Voir dans Finances' })).toHaveAttribute(
      'href',
      '/finances',
    );
  });

  it('says nothing of retentions when none is held', async () => {
    stub({
      'GET /api/invoices': json([
        invoiceRecord({
          ...situationFields({
            quoteId: nextId(),
            quoteNumber: 'DEV-2025-0001',
            index: 1,
            contractAmount: '100.00',
            cumulativeWorksAmount: '100.00',
            worksAmount: '100.00',
            retentionAmount: '6.00',
          }),
          status: 'paid',
          paidAmount: '114.00',
          retentionReleasedAt: '2026-01-10',
        }),
      ]),
    });
    renderApp('/');

    const invoices = await screen.findByRole('region', { name: 'Factures en Attente' });
    expect(await within(invoices).findByText('Aucune facture en attente')).toBeInTheDocument();
    expect(within(invoices).queryByRole('note', { name: 'Retenues de garantie' })).not.toBeInTheDocument();
    expect(invoices).not.toHaveTextContent('Retenues de garantie');
  });

  it('lists the first 4 documents with their kind, size and age', async () => {
    stub({
      'GET /api/documents': json([
        documentRecord({
          name: 'Plan RDC',
          mimeType: 'application/pdf',
          size: 1572864,
          createdAt: '2026-05-20T09:30:00.000Z',
        }),
        documentRecord({
          name: 'Métré',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          size: 2048,
          createdAt: '2026-05-20T05:00:00.000Z',
        }),
        documentRecord({
          name: 'Photo façade',
          mimeType: 'image/jpeg',
          size: 0,
          createdAt: '2026-05-17T09:00:00.000Z',
        }),
        documentRecord({ name: 'Contrat', mimeType: 'application/msword', size: 500 }),
        documentRecord({ name: 'Cinquième' }),
      ]),
    });
    renderApp('/');

    const documents = await screen.findByRole('region', { name: 'Documents Récents' });
    const items = await within(documents).findAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(items[0]!).getByRole('img', { name: 'PDF' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent("Plan RDC1,5 MB · Il y a moins d'1h");
    expect(within(items[1]!).getByRole('img', { name: 'Tableur' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('2 KB · Il y a 5h');
    expect(within(items[2]!).getByRole('img', { name: 'Image' })).toBeInTheDocument();
    expect(items[2]).toHaveTextContent('0 B · Il y a 3j');
    expect(within(items[3]!).getByRole('img', { name: 'Fichier' })).toBeInTheDocument();
    expect(within(documents).getByRole('link', { name: 'Accéder à la GED' })).toHaveAttribute(
      'href',
      '/documents',
    );
  });

  it('computes planned, realized and balance of the first 3 projects in progress', async () => {
    stub({
      'GET /api/projects': json([
        projectRecord({ name: 'Planifié', status: 'planning', estimatedBudget: '9999.00' }),
        projectRecord({
          name: 'Maison Dupont',
          status: 'in_progress',
          estimatedBudget: '125000.10',
          progress: 33,
        }),
        projectRecord({ name: 'Sans budget', status: 'in_progress', progress: 80 }),
        projectRecord({ name: 'École', status: 'in_progress', estimatedBudget: '0.30', progress: 50 }),
        projectRecord({ name: 'Quatrième actif', status: 'in_progress', estimatedBudget: '10.00' }),
      ]),
    });
    renderApp('/');

    const table = await screen.findByRole('region', { name: 'Suivi des Quantités - Projets Actifs' });
    const items = await within(table).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    // 125 000,10 × 33 % = 41 250,033 → 41 250,03; balance 83 750,07.
    expect(items[0]).toHaveTextContent(
      `Maison DupontPrévu125${NNBSP}000,10${NBSP}€Réalisé41${NNBSP}250,03${NBSP}€Solde83${NNBSP}750,07${NBSP}€`,
    );
    expect(within(items[0]!).getByRole('progressbar', { name: 'Avancement Maison Dupont' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    expect(items[1]).toHaveTextContent(`Prévu0,00${NBSP}€Réalisé0,00${NBSP}€Solde0,00${NBSP}€`);
    // 0,30 × 50 % = 0,15.
    expect(items[2]).toHaveTextContent(`Prévu0,30${NBSP}€Réalisé0,15${NBSP}€Solde0,15${NBSP}€`);
    expect(within(table).queryByText('Planifié')).not.toBeInTheDocument();
  });
});
