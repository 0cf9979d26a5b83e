import { screen, waitFor, within } from '@testing-library/react';

import { describe, expect, it } from 'vitest';

import { apiError, json, never, stubApi, type Routes } from '../../../testing/api-stub';
import { adminStats, adminUsers, companyStats, superAdmin } from '../../../testing/fixtures';
import { renderWithProviders, toasts } from '../../../testing/render-app';
import { setupUser } from '../../../testing/user';
import { activeCompaniesText, activeUsersText, activityRate, premiumCount } from './admin-figures';
import { AdminPage } from './admin-page';

const [, marie, lucas] = adminUsers;
const [durand] = companyStats;
if (marie === undefined || lucas === undefined || durand === undefined) throw new Error('fixtures missing');

function stub(overrides: Routes = {}) {
  return stubApi({
    'GET /api/admin/stats': json(adminStats),
    'GET /api/admin/users': json(adminUsers),
    'GET /api/admin/companies/stats': json(companyStats),
    ...overrides,
  });
}

function renderPage() {
  renderWithProviders(<AdminPage currentUserId={superAdmin.id} />);
  return screen.getByRole('region', { name: 'Utilisateurs' });
}

/** The user cards (below `md`, as jsdom renders), by the person's name. */
function userNames(users: HTMLElement) {
  return within(users)
    .queryAllByRole('listitem')
    .map((item) => within(item).getByText(/^(Sophie Bernard|Marie Durand|Lucas Petit)$/).textContent);
}

/** antd's ids are not unique under test, so a dialog is found by its title text. */
async function findDialog(title: string) {
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent(title);
  return dialog;
}

async function openCompanies() {
  await setupUser().click(screen.getByRole('tab', { name: 'Entreprises' }));
  return screen.findByRole('region', { name: 'Entreprises' });
}

describe('admin figures', () => {
  it('rounds the activity rate to a whole percent, 0 without users', () => {
    expect(activityRate({ activeUsers: 2, totalUsers: 3 })).toBe(67);
    expect(activityRate({ activeUsers: 1, totalUsers: 8 })).toBe(13);
    expect(activityRate({ activeUsers: 0, totalUsers: 0 })).toBe(0);
  });

  it('agrees the counts in French: singular for 0 and 1, plural from 2; feminine for companies', () => {
    expect([0, 1, 2, 12].map(activeUsersText)).toEqual(['0 actif', '1 actif', '2 actifs', '12 actifs']);
    expect([0, 1, 2, 12].map(activeCompaniesText)).toEqual([
      '0 active',
      '1 active',
      '2 actives',
      '12 actives',
    ]);
  });

  it('counts premium and enterprise plans as premium', () => {
    expect(premiumCount({ planDistribution: { premium: 4, enterprise: 3 } })).toBe(7);
  });
});

describe('Système Admin', () => {
  it('shows the system figures', async () => {
    stub();
    renderPage();

    const rate = (await screen.findByText("Taux d'activité")).closest('.ant-card');
    expect(rate).toHaveTextContent('67 %');
    expect(screen.getByText('Plans premium').closest('.ant-card')).toHaveTextContent('3');
    expect(
      screen.getByText('Utilisateurs', { selector: '.ant-statistic-title' }).closest('.ant-card'),
    ).toHaveTextContent('2 actifs');
    const companies = screen
      .getByText('Entreprises', { selector: '.ant-statistic-title' })
      .closest('.ant-card');
    expect(companies).toHaveTextContent('1 active');
    expect(companies).not.toHaveTextContent('1 actives');
  });

  it("agrees every count of the screen: '1 actif', '2 actives', a company's '1 actif / 3'", async () => {
    const [first, second] = companyStats;
    stub({
      'GET /api/admin/stats': json({ ...adminStats, activeUsers: 1, activeCompanies: 2, totalCompanies: 2 }),
      'GET /api/admin/companies/stats': json([
        { ...first, activeUsers: 1, userCount: 3 },
        { ...second, activeUsers: 0, userCount: 1 },
      ]),
    });
    renderPage();

    const usersFigure = (
      await screen.findByText('Utilisateurs', { selector: '.ant-statistic-title' })
    ).closest('.ant-card');
    await waitFor(() => expect(usersFigure).toHaveTextContent(/1 actif$/));
    expect(
      screen.getByText('Entreprises', { selector: '.ant-statistic-title' }).closest('.ant-card'),
    ).toHaveTextContent(/2 actives$/);

    const companies = await openCompanies();
    const durandCard = (await within(companies).findByText('Durand Bâtiment')).closest('li');
    expect(durandCard).toHaveTextContent('1 actif / 3 (max. 5)');
    expect(durandCard).not.toHaveTextContent('actifs');
    expect(within(companies).getByText('Martin Rénovation').closest('li')).toHaveTextContent('0 actif / 1');
  });

  it('lists the users with their company, role and status', async () => {
    stub();
    const users = renderPage();

    await within(users).findByText('Lucas Petit');
    expect(userNames(users)).toEqual(['Sophie Bernard', 'Marie Durand', 'Lucas Petit']);
    const lucasCard = within(users).getByText('Lucas Petit').closest('li');
    expect(lucasCard).toHaveTextContent('Martin Rénovation');
    expect(lucasCard).toHaveTextContent('Utilisateur');
    expect(lucasCard).toHaveTextContent('Inactif');
    expect(within(users).getByText('Marie Durand').closest('li')).toHaveTextContent('Administrateur');
  });

  it('searches users by name, e-mail, username or company, ignoring accents and case', async () => {
    const user = setupUser();
    stub();
    const users = renderPage();
    await within(users).findByText('Lucas Petit');
    const search = screen.getByRole('textbox', { name: 'Rechercher un utilisateur' });

    await user.type(search, 'renovation');
    expect(userNames(users)).toEqual(['Lucas Petit']);

    await user.clear(search);
    await user.type(search, 'MDURAND');
    expect(userNames(users)).toEqual(['Marie Durand']);

    await user.clear(search);
    await user.type(search, 'personne');
    expect(within(users).getByText('Aucun utilisateur trouvé')).toBeInTheDocument();
  });

  it('filters users by role', async () => {
    const user = setupUser();
    stub();
    const users = renderPage();
    await within(users).findByText('Lucas Petit');

    await user.click(screen.getByRole('combobox', { name: 'Filtrer par rôle' }));
    await user.click(await screen.findByTitle('Super Admin'));

    expect(userNames(users)).toEqual(['Sophie Bernard']);
  });

  it("says 'Aucun utilisateur trouvé' when there is nobody", async () => {
    stub({ 'GET /api/admin/users': json([]) });
    const users = renderPage();

    expect(await within(users).findByText('Aucun utilisateur trouvé')).toBeInTheDocument();
  });

  it("says 'Erreur lors du chargement des utilisateurs' in a toast when the list fails", async () => {
    stub({ 'GET /api/admin/users': apiError(500, 'internal_error', 'Erreur interne.') });
    renderPage();

    expect(await toasts().findByText('Erreur lors du chargement des utilisateurs')).toBeInTheDocument();
    expect(toasts().getByText('Erreur')).toBeInTheDocument();
    expect(toasts().getByRole('status')).toHaveAttribute('data-variant', 'destructive');
  });

  it('asks for a confirmation naming the user, then deactivates and refreshes the list', async () => {
    const user = setupUser();
    const api = stub({ [`DELETE /api/admin/users/${marie.id}`]: json({ ...marie, isActive: false }) });
    const users = renderPage();
    await within(users).findByText('Marie Durand');

    await user.click(within(users).getByRole('button', { name: 'Désactiver Marie Durand' }));
    const confirmation = await screen.findByRole('dialog');
    expect(confirmation).toHaveTextContent('Voulez-vous vraiment désactiver Marie Durand ?');
    expect(api.calls(`DELETE /api/admin/users/${marie.id}`)).toEqual([]);

    await user.click(within(confirmation).getByRole('button', { name: 'Désactiver' }));

    expect(await toasts().findByText('Utilisateur désactivé avec succès')).toBeInTheDocument();
    const [deletion] = api.calls(`DELETE /api/admin/users/${marie.id}`);
    expect(deletion?.headers.get('X-Requested-With')).toBe('fetch');
    await waitFor(() => expect(api.calls('GET /api/admin/users')).toHaveLength(2));
    expect(api.calls('GET /api/admin/stats')).toHaveLength(2);
  });

  it('deactivates nothing when the confirmation is cancelled', async () => {
    const user = setupUser();
    const api = stub();
    const users = renderPage();
    await within(users).findByText('Marie Durand');

    await user.click(within(users).getByRole('button', { name: 'Désactiver Marie Durand' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Annuler' }));

    expect(api.sent.filter((request) => request.method === 'DELETE')).toEqual([]);
  });

  it("says 'Erreur lors de la désactivation' when it fails", async () => {
    const user = setupUser();
    stub({ [`DELETE /api/admin/users/${marie.id}`]: () => new Response('', { status: 500 }) });
    const users = renderPage();
    await within(users).findByText('Marie Durand');

    await user.click(within(users).getByRole('button', { name: 'Désactiver Marie Durand' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Désactiver' }));

    expect(await toasts().findByText('Erreur lors de la désactivation')).toBeInTheDocument();
  });

  it('offers no deactivation of oneself nor of an inactive user', async () => {
    stub();
    const users = renderPage();
    await within(users).findByText('Lucas Petit');

    expect(
      within(users).queryByRole('button', { name: 'Désactiver Sophie Bernard' }),
    ).not.toBeInTheDocument();
    expect(within(users).queryByRole('button', { name: 'Désactiver Lucas Petit' })).not.toBeInTheDocument();
    expect(within(users).getByRole('button', { name: 'Modifier Lucas Petit' })).toBeInTheDocument();
  });

  it('activates a pending user from the dialog and refreshes the list', async () => {
    const user = setupUser();
    const api = stub({ [`PUT /api/admin/users/${lucas.id}`]: json({ ...lucas, isActive: true }) });
    const users = renderPage();
    await within(users).findByText('Lucas Petit');

    await user.click(within(users).getByRole('button', { name: 'Modifier Lucas Petit' }));
    const dialog = await findDialog("Gérer l'utilisateur");
    await user.click(within(dialog).getByRole('switch', { name: 'Compte actif' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Utilisateur mis à jour avec succès')).toBeInTheDocument();
    expect(api.calls(`PUT /api/admin/users/${lucas.id}`).map((call) => call.body)).toEqual([
      { isActive: true },
    ]);
    expect(api.calls('GET /api/admin/users')).toHaveLength(2);
  });

  it('loads no company before the companies tab is opened', async () => {
    const api = stub({ 'GET /api/admin/stats': never });
    renderPage();
    await screen.findByText('Lucas Petit');

    expect(api.calls('GET /api/admin/companies/stats')).toEqual([]);
  });

  it('lists the companies with plan, status and users', async () => {
    stub();
    renderPage();

    const companies = await openCompanies();

    const card = (await within(companies).findByText('Durand Bâtiment')).closest('li');
    expect(card).toHaveTextContent('Premium');
    expect(card).toHaveTextContent('Active');
    expect(card).toHaveTextContent('2 actifs / 2 (max. 5)');
    expect(card).toHaveTextContent('31/12/2026');
    expect(within(companies).getByText('Martin Rénovation').closest('li')).toHaveTextContent('En attente');
  });

  it("says 'Aucune entreprise trouvée' when there is none", async () => {
    stub({ 'GET /api/admin/companies/stats': json([]) });
    renderPage();

    const companies = await openCompanies();

    expect(await within(companies).findByText('Aucune entreprise trouvée')).toBeInTheDocument();
  });

  it("says 'Erreur lors du chargement des entreprises' in a toast when the list fails", async () => {
    stub({ 'GET /api/admin/companies/stats': () => new Response('', { status: 503 }) });
    renderPage();

    await openCompanies();

    expect(await toasts().findByText('Erreur lors du chargement des entreprises')).toBeInTheDocument();
  });

  it('edits a company, sending only the changed fields', async () => {
    const user = setupUser();
    const api = stub({ [`PUT /api/admin/companies/${durand.id}`]: json(durand) });
    renderPage();
    const companies = await openCompanies();
    await within(companies).findByText('Durand Bâtiment');

    await user.click(within(companies).getByRole('button', { name: 'Modifier Durand Bâtiment' }));
    const dialog = await findDialog("Modifier l'entreprise");
    const maxUsers = within(dialog).getByLabelText("Nombre maximal d'utilisateurs");
    await user.clear(maxUsers);
    await user.type(maxUsers, '12');
    await user.type(within(dialog).getByLabelText('Notes'), 'Client historique');
    await user.click(within(dialog).getByRole('switch', { name: 'Renouvellement automatique' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Entreprise mise à jour avec succès')).toBeInTheDocument();
    expect(api.calls(`PUT /api/admin/companies/${durand.id}`).map((call) => call.body)).toEqual([
      { maxUsers: 12, notes: 'Client historique', subscriptionAutoRenew: false },
    ]);
    await waitFor(() => expect(api.calls('GET /api/admin/companies/stats')).toHaveLength(2));
  });

  it('closes the company dialog without a call when nothing changed', async () => {
    const user = setupUser();
    const api = stub();
    renderPage();
    const companies = await openCompanies();
    await within(companies).findByText('Durand Bâtiment');

    await user.click(within(companies).getByRole('button', { name: 'Modifier Durand Bâtiment' }));
    const dialog = await findDialog("Modifier l'entreprise");
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('refuses a user limit outside 1 to 1000', async () => {
    const user = setupUser();
    const api = stub();
    renderPage();
    const companies = await openCompanies();
    await within(companies).findByText('Durand Bâtiment');

    await user.click(within(companies).getByRole('button', { name: 'Modifier Durand Bâtiment' }));
    const dialog = await findDialog("Modifier l'entreprise");
    await user.clear(within(dialog).getByLabelText("Nombre maximal d'utilisateurs"));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(
      await within(dialog).findByText(
        "Le nombre maximal d'utilisateurs doit être un nombre entier entre 1 et 1 000",
      ),
    ).toBeInTheDocument();
    expect(api.sent.filter((request) => request.method === 'PUT')).toEqual([]);
  });
});
