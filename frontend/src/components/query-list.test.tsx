import { useMutation, useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { api } from '../lib/api';
import { apiError, json, never, stubApi, type Routes } from '../testing/api-stub';
import { renderWithProviders, toasts } from '../testing/render-app';
import { setupUser } from '../testing/user';
import { useConfirmDelete } from './action-toasts';
import { loadedCountText, QueryList } from './query-list';

interface Item {
  id: string;
  name: string;
  archived: boolean;
}

const chantiers: Item[] = [
  { id: 'a1', name: 'Maison Dupont', archived: false },
  { id: 'a2', name: 'Hangar Martin', archived: true },
];

/** A list screen built on the shared pieces: its list, and 'Supprimer' on each record. */
function Records({ toastError = false, active = false }: { toastError?: boolean; active?: boolean }) {
  const query = useQuery({
    queryKey: ['records'],
    queryFn: async () => (await api.get('/api/records')) as Item[],
  });
  const remove = useMutation({ mutationFn: (id: string) => api.delete(`/api/records/${id}`) });
  const confirmDelete = useConfirmDelete<Item>(remove, {
    title: 'Supprimer le chantier',
    content: (item) => `Voulez-vous vraiment supprimer le chantier « ${item.name} » ?`,
    success: 'Chantier supprimé avec succès',
    failure: 'Erreur lors de la suppression du chantier',
  });
  return (
    <QueryList
      query={query}
      errorTitle="Erreur lors du chargement des chantiers"
      toastError={toastError}
      select={active ? (items) => items.filter((item) => !item.archived) : undefined}
      empty={<p>Aucun chantier</p>}
      label="Chantiers"
    >
      {(item) => (
        <button type="button" onClick={() => confirmDelete(item)}>
          {`Supprimer ${item.name}`}
        </button>
      )}
    </QueryList>
  );
}

function renderRecords(routes: Routes, props: { toastError?: boolean; active?: boolean } = {}) {
  const api = stubApi(routes);
  renderWithProviders(<Records {...props} />);
  return api;
}

describe('QueryList', () => {
  it("shows 'Chargement...' while the list loads", () => {
    renderRecords({ 'GET /api/records': never });

    expect(screen.getByText('Chargement...')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('lists the records, one item each, under the list name', async () => {
    renderRecords({ 'GET /api/records': json(chantiers) });

    const list = await screen.findByRole('list', { name: 'Chantiers' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Supprimer Maison Dupont', 'Supprimer Hangar Martin']);
  });

  it('shows only the records it selects, and the empty state when none is left', async () => {
    renderRecords({ 'GET /api/records': json(chantiers) }, { active: true });

    const list = await screen.findByRole('list', { name: 'Chantiers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('Maison Dupont');
  });

  it('shows the empty state for an empty list', async () => {
    renderRecords({ 'GET /api/records': json([]) });

    expect(await screen.findByText('Aucun chantier')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it("shows the load error with the server's message, and 'Réessayer' loads the list again", async () => {
    const user = setupUser();
    const api = renderRecords({
      'GET /api/records': apiError(503, 'unavailable', 'Le service est momentanément indisponible.'),
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erreur lors du chargement des chantiers');
    expect(alert).toHaveTextContent('Le service est momentanément indisponible.');
    expect(toasts().queryByRole('status')).not.toBeInTheDocument();

    api.answer('GET /api/records', json(chantiers));
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));

    expect(await screen.findByRole('list', { name: 'Chantiers' })).toBeInTheDocument();
    expect(api.calls('GET /api/records')).toHaveLength(2);
  });

  it('also says the load error in an error toast when asked to', async () => {
    renderRecords(
      { 'GET /api/records': apiError(500, 'internal_error', 'Erreur interne.') },
      { toastError: true },
    );

    expect(await toasts().findByText('Erreur lors du chargement des chantiers')).toBeInTheDocument();
    expect(toasts().getByRole('status')).toHaveAttribute('data-variant', 'destructive');
  });
});

describe('useConfirmDelete', () => {
  it('deletes nothing until the person confirms, and nothing when they cancel', async () => {
    const user = setupUser();
    const api = renderRecords({ 'GET /api/records': json(chantiers) });

    await user.click(await screen.findByRole('button', { name: 'Supprimer Maison Dupont' }));
    const confirmation = await screen.findByRole('dialog');
    expect(confirmation).toHaveTextContent('Supprimer le chantier');
    expect(confirmation).toHaveTextContent('Voulez-vous vraiment supprimer le chantier « Maison Dupont » ?');
    await user.click(within(confirmation).getByRole('button', { name: 'Annuler' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('DELETE /api/records/a1')).toEqual([]);
  });

  it("deletes after the confirmation and says so, or shows the server's message, else the fallback", async () => {
    const user = setupUser();
    const api = renderRecords({
      'GET /api/records': json(chantiers),
      'DELETE /api/records/a1': apiError(409, 'conflict', 'Ce chantier a des factures.'),
    });
    const confirmAndDelete = async () => {
      await user.click(screen.getByRole('button', { name: 'Supprimer Maison Dupont' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    };
    await screen.findByRole('list', { name: 'Chantiers' });

    await confirmAndDelete();
    expect(await toasts().findByText('Ce chantier a des factures.')).toBeInTheDocument();
    expect(toasts().getByRole('status')).toHaveAttribute('data-variant', 'destructive');

    api.answer('DELETE /api/records/a1', () => new Response('', { status: 500 }));
    await confirmAndDelete();
    expect(await toasts().findByText('Erreur lors de la suppression du chantier')).toBeInTheDocument();

    api.answer('DELETE /api/records/a1', () => new Response(null, { status: 204 }));
    await confirmAndDelete();
    expect(await toasts().findByText('Chantier supprimé avec succès')).toBeInTheDocument();
    expect(api.calls('DELETE /api/records/a1')).toHaveLength(3);
  });
});

describe('loadedCountText', () => {
  it('says « 1 000+ » while more records remain, the exact count once all are read', () => {
    expect(loadedCountText(1_000, true)).toBe('1\u202f000+ résultats');
    expect(loadedCountText(1_050, false)).toBe('1\u202f050 résultats');
    expect(loadedCountText(1, true)).toBe('1+ résultat');
  });
});
