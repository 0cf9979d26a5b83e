import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { json, never, stubApi, type Routes } from '../../../testing/api-stub';
import { companyAdmin } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { setupUser } from '../../../testing/user';
import { emptyStats, nextId, statsWithWidgets } from '../testing/records';

// Testing Library's text matchers read U+00A0 (before € and %) and U+202F (between thousands) as
// plain spaces; the names say which one the screen shows.
const NBSP = ' ';
const NNBSP = ' ';

function stub(overrides: Routes = {}) {
  return stubApi({
    'GET /api/setup/status': json({ installed: true }),
    'GET /api/auth/me': json(companyAdmin),
    'GET /api/dashboard/stats': json(emptyStats),
    'GET /api/clients': json([]),
    ...overrides,
  });
}

/** The KPI card titled `title` (a group named by its title). */
function kpiNote(title: string) {
  return screen.getByRole('group', { name: title });
}

beforeEach(() => {
  // Only the clock: the documents' ages are read against 20 May 2026, 12:00 in Paris.
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
    expect(within(kpiNote('Projets Actifs')).getByText('sur 0 projet')).toBeInTheDocument();
    expect(kpiNote('CA Mensuel HT')).toHaveTextContent(`0,00${NBSP}€— vs mois dernier`);
    expect(kpiNote('Devis en Attente')).toHaveTextContent(`0,00${NBSP}€ HT Valeur totale`);
    expect(within(kpiNote('Marge Bénéficiaire HT')).getByText('— vs trimestre')).toBeInTheDocument();
  });

  it('asks the server once for the whole page: no list is fetched to be added up in the browser', async () => {
    const api = stub();
    renderApp('/');

    expect(await screen.findByText('Aucun document récent')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET /api/dashboard/stats')).toHaveLength(1));
    const lists = api.sent.filter((request) =>
      /^\/api\/(projects|invoices|supplier-invoices|documents)\b/.test(request.path),
    );
    expect(lists).toEqual([]);
  });

  it("shows the server's figures in the KPI cards' secondary lines", async () => {
    stub({
      'GET /api/dashboard/stats': json({
        ...statsWithWidgets({ projectCount: 3, quarterMarginChangeTenths: 100 }),
        activeProjects: 2,
        monthlyRevenue: `1${NNBSP}234,50${NBSP}€`,
        pendingQuotes: 3,
        profitMargin: `32,9${NBSP}%`,
        raw: {
          ...emptyStats.raw,
          monthlyRevenue: '1234.50',
          previousMonthRevenue: '1000.00',
          monthlyRevenueChangePercent: '23.5',
          pendingQuotesValue: '314520.00',
        },
      }),
    });
    renderApp('/');

    await screen.findByText('Projets Actifs');
    expect(within(kpiNote('Projets Actifs')).getByText('sur 3 projets')).toBeInTheDocument();
    expect(kpiNote('Projets Actifs')).toHaveTextContent('2');
    expect(kpiNote('CA Mensuel HT')).toHaveTextContent(
      `1${NNBSP}234,50${NBSP}€+23,5${NBSP}% vs mois dernier`,
    );
    expect(kpiNote('Devis en Attente')).toHaveTextContent(`314${NNBSP}520,00${NBSP}€ HT Valeur totale`);
    expect(kpiNote('Marge Bénéficiaire HT')).toHaveTextContent(`32,9${NBSP}%`);
    expect(
      within(kpiNote('Marge Bénéficiaire HT')).getByText(`+10,0${NBSP}pts vs trimestre`),
    ).toBeInTheDocument();
  });

  it('lists the recent projects with their client, status and progress', async () => {
    stub({
      'GET /api/dashboard/stats': json(
        statsWithWidgets({
          recentProjects: [
            {
              id: nextId(),
              name: 'Maison Dupont',
              status: 'in_progress',
              progress: 45,
              clientName: 'M. Dupont',
            },
            { id: nextId(), name: 'École Jaurès', status: 'completed', progress: 100, clientName: 'Mairie' },
            { id: nextId(), name: 'Extension Garnier', status: 'on_hold', progress: 0, clientName: null },
          ],
        }),
      ),
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
    expect(items[2]).toHaveTextContent('Client inconnu');
    expect(items[2]).toHaveTextContent('0% terminé');
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

  it('lists the pending invoices and what remains to pay on them, with the total of all of them', async () => {
    stub({
      'GET /api/dashboard/stats': json(
        statsWithWidgets({
          pendingInvoices: {
            items: [
              {
                id: nextId(),
                title: 'Situation n°1',
                dueDate: '2026-06-30',
                status: 'sent',
                owed: '1200.10',
              },
              { id: nextId(), title: 'Acompte', dueDate: '2026-05-19', status: 'overdue', owed: '300.20' },
              { id: nextId(), title: 'Troisième', dueDate: null, status: 'sent', owed: '100.00' },
            ],
            count: 4,
            total: '1605.30',
            retentionsHeld: '0.00',
            retentionsReleasable: '0.00',
          },
        }),
      ),
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
    expect(within(invoices).getByText(`1${NNBSP}605,30${NBSP}€ TTC total`)).toBeInTheDocument();
    expect(within(invoices).getByRole('link', { name: 'Voir les 4 factures en attente' })).toHaveAttribute(
      'href',
      '/invoicing',
    );
    expect(within(invoices).queryByRole('note', { name: 'Retenues de garantie' })).not.toBeInTheDocument();
    expect(invoices).not.toHaveTextContent('Retenues de garantie');
  });

  it('shows the retenues de garantie held apart from the pending total, with what may be claimed', async () => {
    stub({
      'GET /api/dashboard/stats': json(
        statsWithWidgets({
          pendingInvoices: {
            items: [
              {
                id: nextId(),
                title: 'Situation n°1 Extension',
                dueDate: '2026-06-01',
                status: 'sent',
                owed: '9120.00',
              },
            ],
            count: 1,
            total: '9120.00',
            retentionsHeld: '2760.00',
            retentionsReleasable: '2280.00',
          },
        }),
      ),
    });
    renderApp('/');

    const invoices = await screen.findByRole('region', { name: 'Factures en Attente' });
    const items = await within(invoices).findAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent(`9${NNBSP}120,00${NBSP}€ TTC`);
    expect(within(invoices).getByText(`9${NNBSP}120,00${NBSP}€ TTC total`)).toBeInTheDocument();
    expect(within(invoices).queryByRole('link', { name: /Voir les/ })).not.toBeInTheDocument();
    const retentions = within(invoices).getByRole('note', { name: 'Retenues de garantie' });
    expect(retentions).toHaveTextContent(
      `Retenues de garantie, non comprises2${NNBSP}760,00${NBSP}€ TTCdont 2${NNBSP}280,00${NBSP}€ libérables · Voir dans Finances`,
    );
    expect(within(retentions).getByRole('link', { name: 'Voir dans Finances' })).toHaveAttribute(
      'href',
      '/finances',
    );
  });

  it('lists the recent documents with their kind, size and age', async () => {
    const document = (name: string, mimeType: string | null, size: number | null, createdAt: string) => ({
      id: nextId(),
      name,
      mimeType,
      size,
      createdAt,
    });
    stub({
      'GET /api/dashboard/stats': json(
        statsWithWidgets({
          recentDocuments: [
            document('Plan RDC', 'application/pdf', 1572864, '2026-05-20T09:30:00.000Z'),
            document(
              'Métré',
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              2048,
              '2026-05-20T05:00:00.000Z',
            ),
            document('Photo façade', 'image/jpeg', null, '2026-05-17T09:00:00.000Z'),
            document('Contrat', 'application/msword', 500, '2026-05-01T08:00:00.000Z'),
          ],
        }),
      ),
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

  it("shows the server's planned, realized and balance of the active projects", async () => {
    stub({
      'GET /api/dashboard/stats': json(
        statsWithWidgets({
          activeProjects: [
            {
              id: nextId(),
              name: 'Maison Dupont',
              progress: 33,
              planned: '125000.10',
              realized: '41250.03',
              balance: '83750.07',
            },
            {
              id: nextId(),
              name: 'Sans budget',
              progress: 80,
              planned: '0.00',
              realized: '0.00',
              balance: '0.00',
            },
            { id: nextId(), name: 'École', progress: 50, planned: '0.30', realized: '0.15', balance: '0.15' },
          ],
        }),
      ),
    });
    renderApp('/');

    const table = await screen.findByRole('region', { name: 'Suivi des Quantités - Projets Actifs' });
    const items = await within(table).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent(
      `Maison DupontPrévu125${NNBSP}000,10${NBSP}€Réalisé41${NNBSP}250,03${NBSP}€Solde83${NNBSP}750,07${NBSP}€`,
    );
    expect(within(items[0]!).getByRole('progressbar', { name: 'Avancement Maison Dupont' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    expect(items[1]).toHaveTextContent(`Prévu0,00${NBSP}€Réalisé0,00${NBSP}€Solde0,00${NBSP}€`);
    expect(items[2]).toHaveTextContent(`Prévu0,30${NBSP}€Réalisé0,15${NBSP}€Solde0,15${NBSP}€`);
  });
});
