import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { apiError, json, stubApi, type Routes } from '../../../testing/api-stub';
import { renderWithProviders, toasts } from '../../../testing/render-app';
import { fill, setupUser } from '../../../testing/user';
import { addSpecialty, ratingStars, ratingText } from './specialties';
import { SuppliersPage } from './suppliers-page';

const record = {
  companyId: '0199e5a2-7c1b-7d3e-8f00-0000000000aa',
  createdAt: '2026-03-02T09:14:05.120Z',
  updatedAt: '2026-03-02T09:14:05.120Z',
};
const pointP = {
  ...record,
  id: '0199e5a2-7c1b-7d3e-8f00-000000000011',
  name: 'Point P Lyon',
  contactPerson: 'Karim Benali',
  email: 'agence@pointp.fr',
  phone: '04 72 00 00 00',
  city: 'Vénissieux',
  country: 'France',
  specialties: ['Matériaux', 'Carrelage'],
  rating: '4.5',
  version: 2,
};
const elec = {
  ...record,
  id: '0199e5a2-7c1b-7d3e-8f00-000000000012',
  name: 'Élec Services',
  country: 'France',
  specialties: [],
  version: 1,
};

function stub(overrides: Routes = {}) {
  return stubApi({ 'GET /api/suppliers?limit=50': json([pointP, elec]), ...overrides });
}

function renderPage() {
  renderWithProviders(
    <MemoryRouter>
      <SuppliersPage title="Fournisseurs" subtitle="Gestion des fournisseurs et sous-traitants" />
    </MemoryRouter>,
  );
}

async function openCreation() {
  await setupUser().click(screen.getByRole('button', { name: 'Nouveau fournisseur' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Nouveau Fournisseur');
  await within(dialog).findByRole('button', { name: 'Créer le fournisseur' });
  return dialog;
}

describe('specialties and rating', () => {
  it('adds a trimmed specialty, ignoring blanks and repeats', () => {
    expect(addSpecialty(['Plomberie'], '  Chauffage ')).toEqual(['Plomberie', 'Chauffage']);
    expect(addSpecialty(['Plomberie'], '   ')).toEqual(['Plomberie']);
    expect(addSpecialty(['Électricité'], 'electricite')).toEqual(['Électricité']);
  });

  it('writes the rating over 5 with a French decimal comma, stars to the half', () => {
    expect(ratingText('4.5')).toBe('4,5/5');
    expect(ratingText('1.0')).toBe('1,0/5');
    expect(ratingStars('4.3')).toBe(4.5);
    expect(ratingStars('4.2')).toBe(4);
    expect(ratingStars('5.0')).toBe(5);
  });
});

describe('Fournisseurs', () => {
  it('shows each supplier as a card with its details, specialties and rating', async () => {
    stub();
    renderPage();

    const list = await screen.findByRole('list', { name: 'Fournisseurs' });
    const [first, second] = Array.from(list.children) as HTMLElement[];
    const card = within(first!);
    expect(card.getByRole('heading', { name: 'Point P Lyon' })).toBeInTheDocument();
    expect(card.getByText('Fournisseur')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'agence@pointp.fr' })).toBeInTheDocument();
    expect(card.getByRole('link', { name: '04 72 00 00 00' })).toHaveAttribute('href', 'tel:0472000000');
    expect(first).toHaveTextContent('Vénissieux');
    expect(first).toHaveTextContent('Karim Benali');
    expect(card.getByText('Matériaux')).toBeInTheDocument();
    expect(card.getByText('Carrelage')).toBeInTheDocument();
    expect(card.getByText('4,5/5')).toBeInTheDocument();
    expect(second).toHaveTextContent('Élec Services');
    expect(second).not.toHaveTextContent('/5');
  });

  it("shows 'Chargement...' while loading, then the empty state with its add button", async () => {
    const user = setupUser();
    stub({ 'GET /api/suppliers?limit=50': json([]) });
    renderPage();

    expect(screen.getByText('Chargement...')).toBeInTheDocument();
    expect(await screen.findByText('Aucun fournisseur')).toBeInTheDocument();
    expect(screen.getByText('Commencez par ajouter votre premier fournisseur')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ajouter un fournisseur' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Nouveau Fournisseur');
  });

  it('adds specialties with Ajouter or Enter, ignores repeats and blanks, removes them', async () => {
    const user = setupUser();
    const api = stub({
      'POST /api/suppliers': json({ ...elec, id: '0199e5a2-7c1b-7d3e-8f00-000000000013' }, 201),
    });
    renderPage();
    await screen.findByText('Point P Lyon');
    const dialog = within(await openCreation());

    await fill(user, dialog.getByLabelText("Nom de l'entreprise"), 'Bois & Charpente');
    const specialty = dialog.getByLabelText('Spécialités');
    await user.type(specialty, 'Charpente{Enter}');
    await user.type(specialty, 'Couverture');
    await user.click(dialog.getByRole('button', { name: 'Ajouter' }));
    await user.type(specialty, ' charpente {Enter}');
    await user.type(specialty, '   {Enter}');
    await user.type(specialty, 'Zinguerie{Enter}');
    await user.click(dialog.getByRole('button', { name: 'Retirer Zinguerie' }));
    const chosen = dialog.getByRole('list', { name: 'Spécialités choisies' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Charpente', 'Couverture']);
    expect(api.calls('POST /api/suppliers')).toEqual([]);

    await user.type(dialog.getByLabelText('Note (1 à 5)'), '4,2');
    await user.click(dialog.getByRole('button', { name: 'Créer le fournisseur' }));

    expect(await toasts().findByText('Fournisseur créé avec succès')).toBeInTheDocument();
    expect(toasts().getByText('Succès')).toBeInTheDocument();
    expect(api.calls('POST /api/suppliers').map((call) => call.body)).toEqual([
      {
        name: 'Bois & Charpente',
        country: 'France',
        specialties: ['Charpente', 'Couverture'],
        rating: '4.2',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('GET /api/suppliers?limit=50')).toHaveLength(2);
  });

  it("requires the name and shows 'Erreur lors de la création du fournisseur' on failure", async () => {
    const user = setupUser();
    const api = stub({ 'POST /api/suppliers': () => new Response('', { status: 500 }) });
    renderPage();
    const dialog = within(await openCreation());

    await user.click(dialog.getByRole('button', { name: 'Créer le fournisseur' }));
    expect(await dialog.findByText('Le nom est requis')).toBeInTheDocument();
    expect(api.calls('POST /api/suppliers')).toEqual([]);

    await fill(user, dialog.getByLabelText("Nom de l'entreprise"), 'Bois & Charpente');
    await user.click(dialog.getByRole('button', { name: 'Créer le fournisseur' }));
    expect(await toasts().findByText('Erreur lors de la création du fournisseur')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('edits a supplier with the version read', async () => {
    const user = setupUser();
    const api = stub({ [`PUT /api/suppliers/${pointP.id}`]: json({ ...pointP, version: 3 }) });
    renderPage();
    await screen.findByText('Point P Lyon');

    await user.click(screen.getByRole('button', { name: 'Modifier Point P Lyon' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Modifier le fournisseur')).toBeInTheDocument();
    await user.click(await dialog.findByRole('button', { name: 'Retirer Carrelage' }));
    await user.click(dialog.getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Fournisseur mis à jour avec succès')).toBeInTheDocument();
    expect(api.calls(`PUT /api/suppliers/${pointP.id}`).map((call) => call.body)).toEqual([
      {
        name: 'Point P Lyon',
        contactPerson: 'Karim Benali',
        email: 'agence@pointp.fr',
        phone: '04 72 00 00 00',
        city: 'Vénissieux',
        country: 'France',
        specialties: ['Matériaux'],
        rating: '4.5',
        version: 2,
      },
    ]);
  });

  it("deletes after a confirmation naming the supplier; a 409 shows the server's message", async () => {
    const user = setupUser();
    const used = "Ce fournisseur est utilisé par 1 demande de prix : supprimez-les ou modifiez-les d'abord.";
    const api = stub({ [`DELETE /api/suppliers/${pointP.id}`]: apiError(409, 'conflict', used) });
    renderPage();
    await screen.findByText('Point P Lyon');

    await user.click(screen.getByRole('button', { name: 'Supprimer Point P Lyon' }));
    const confirmation = await screen.findByRole('dialog');
    expect(confirmation).toHaveTextContent(
      'Voulez-vous vraiment supprimer le fournisseur « Point P Lyon » ?',
    );
    await user.click(within(confirmation).getByRole('button', { name: 'Supprimer' }));

    expect(await toasts().findByText(used)).toBeInTheDocument();
    expect(api.calls(`DELETE /api/suppliers/${pointP.id}`)).toHaveLength(1);
  });
});
