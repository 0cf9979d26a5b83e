import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { SEARCH_DEBOUNCE_MS } from './list-toolbar';
import { ClientsPage } from '../features/clients/components/clients-page';
import { QuotesPage } from '../features/quotes/components/quotes-page';
import { json, stubApi } from '../testing/api-stub';
import { renderWithProviders } from '../testing/render-app';
import { setupUser } from '../testing/user';

const companyId = '0199e5a2-7c1b-7d3e-8f00-0000000000aa';
const client = (id: string, name: string) => ({
  id: `0199e5a2-7c1b-7d3e-8f00-00000000000${id}`,
  companyId,
  name,
  country: 'France',
  createdAt: '2026-03-02T09:14:05.120Z',
  updatedAt: '2026-03-02T09:14:05.120Z',
  version: 1,
});
const eric = client('1', 'Éric Durand');
const fabien = client('2', 'Fabien Morel');

/** The Clients screen at `path` on a memory router, whose location and history the test reads. */
function renderClients(path: string) {
  const router = createMemoryRouter(
    [{ path: '/clients', element: <ClientsPage title="Clients" subtitle="Gestion de vos clients" /> }],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

/** The list paths the screen asked the server for, in order. */
function listCalls(api: ReturnType<typeof stubApi>, base: string) {
  return api.sent
    .filter((request) => request.method === 'GET' && request.path.startsWith(base))
    .map((request) => request.path);
}

describe('ListToolbar', () => {
  it('puts the search in the URL once typing pauses, replacing the history entry, and asks the server', async () => {
    const user = setupUser();
    const api = stubApi({
      'GET /api/clients?limit=50': json([eric, fabien]),
      'GET /api/clients?q=%C3%A9ric&limit=50': json([eric]),
    });
    const router = renderClients('/clients?nouveau-onglet=1');
    expect(await screen.findByText('Fabien Morel')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'éric');
    await waitFor(() => expect(router.state.location.search).toBe('?nouveau-onglet=1&q=%C3%A9ric'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(screen.queryByText('Fabien Morel')).not.toBeInTheDocument());
    expect(screen.getByText('Éric Durand')).toBeInTheDocument();
    // One request for the whole word, none per key.
    expect(listCalls(api, '/api/clients')).toEqual([
      '/api/clients?limit=50',
      '/api/clients?q=%C3%A9ric&limit=50',
    ]);

    // The clear button empties it at once.
    await user.click(screen.getByRole('button', { name: /close-circle|effacer|clear/i }));
    await waitFor(() => expect(router.state.location.search).toBe('?nouveau-onglet=1'));
    expect(await screen.findByText('Fabien Morel')).toBeInTheDocument();
  });

  it('drops a search still in its pause when a link leaves the list, even while the next screen loads', async () => {
    const user = setupUser();
    stubApi({ 'GET /api/clients?limit=50': json([eric, fabien]) });
    // The next screen's code arrives after the pause (a slow network): the list stays on screen
    // meanwhile, as in the app, whose screens are loaded when first opened.
    const router = createMemoryRouter(
      [
        { path: '/clients', element: <ClientsPage title="Clients" subtitle="Gestion de vos clients" /> },
        {
          path: '/quotes',
          lazy: () =>
            new Promise((resolve) => {
              setTimeout(() => resolve({ element: <p>Écran des devis</p> }), SEARCH_DEBOUNCE_MS * 3);
            }),
        },
      ],
      { initialEntries: ['/clients'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByText('Fabien Morel')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'éric');
    void router.navigate('/quotes');
    expect(await screen.findByText('Écran des devis', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/quotes');
    expect(router.state.location.search).toBe('');
  });

  it('reads q and tri from the URL, says when nothing matches and clears the search', async () => {
    const user = setupUser();
    const api = stubApi({
      'GET /api/clients?q=zzz&sort=name&limit=50': json([]),
      'GET /api/clients?sort=name&limit=50': json([eric, fabien]),
    });
    const router = renderClients('/clients?q=zzz&tri=name');
    expect(await screen.findByText('Aucun résultat pour « zzz »')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Rechercher' })).toHaveValue('zzz');
    expect(screen.getByText('Nom (A → Z)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Effacer la recherche' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tri=name'));
    expect(await screen.findByText('Fabien Morel')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Rechercher' })).toHaveValue('');
    expect(listCalls(api, '/api/clients')).toEqual([
      '/api/clients?q=zzz&sort=name&limit=50',
      '/api/clients?sort=name&limit=50',
    ]);
  });

  it('sorts from Trier par: the URL keeps the sort, the default one leaves it out', async () => {
    const user = setupUser();
    const api = stubApi({
      'GET /api/quotes?limit=50': json([]),
      'GET /api/quotes?sort=-amount&limit=50': json([]),
      'GET /api/company': json({}),
    });
    const router = createMemoryRouter(
      [{ path: '/quotes', element: <QuotesPage title="Devis" subtitle="Vos devis" /> }],
      { initialEntries: ['/quotes?tri=inconnu'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    // An unknown sort from an old link is left out: the default order.
    expect(await screen.findByText('Aucun devis')).toBeInTheDocument();
    expect(screen.getByText('Plus récents')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Trier par' }));
    await user.click(await screen.findByTitle('Montant (décroissant)'));
    await waitFor(() => expect(router.state.location.search).toBe('?tri=-amount'));
    await waitFor(() => expect(listCalls(api, '/api/quotes')).toContain('/api/quotes?sort=-amount&limit=50'));

    await user.click(screen.getByRole('combobox', { name: 'Trier par' }));
    await user.click(await screen.findByTitle('Plus récents'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('Clients empty state', () => {
  it("offers 'Créer un client', which opens the creation form", async () => {
    const user = setupUser();
    stubApi({ 'GET /api/clients?limit=50': json([]) });
    renderClients('/clients');
    expect(await screen.findByText('Aucun client')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Créer un client' }));
    expect(await screen.findByRole('button', { name: 'Créer le client' })).toBeInTheDocument();
  });
});
