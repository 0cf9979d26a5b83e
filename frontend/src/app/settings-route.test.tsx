import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { completeProfile, companyUsers } from '../features/company/testing/company-records';
import { apiError, json, never, stubApi, type Answer } from '../testing/api-stub';
import { companyAdmin, superAdmin } from '../testing/fixtures';
import { renderApp } from '../testing/render-app';
import { setupUser } from '../testing/user';

const colleague = { ...companyAdmin, role: 'user' as const };

function signedInAs(me: Answer) {
  return stubApi({
    'GET /api/setup/status': json({ installed: true }),
    'GET /api/auth/me': me,
    'GET /api/company': json(completeProfile),
    'GET /api/company/users': json(companyUsers),
  });
}

/** Below `md` (jsdom matches no media query) the sidebar lives in the drawer the header opens. */
async function openSidebar() {
  await setupUser().click(await screen.findByRole('button', { name: 'Ouvrir le menu' }));
  return screen.findByRole('navigation', { name: 'Navigation principale' });
}

const administration = (nav: HTMLElement) => within(nav).getByRole('list', { name: 'Administration' });

describe("the sidebar's 'Administration'", () => {
  it("gives a company administrator 'Paramètres', which opens the company's settings", async () => {
    const user = setupUser();
    signedInAs(json(companyAdmin));
    const { router } = renderApp('/');
    const nav = await openSidebar();

    const links = within(administration(nav)).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Paramètres']);
    expect(links[0]).toHaveAttribute('href', '/settings');

    await user.click(links[0]!);

    expect(await screen.findByRole('heading', { name: "Paramètres de l'entreprise" })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: "Profil de l'entreprise" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
  });

  it("gives a user of a company 'Paramètres' too", async () => {
    signedInAs(json(colleague));
    renderApp('/');
    const nav = await openSidebar();

    expect(within(administration(nav)).getByRole('link', { name: 'Paramètres' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });

  it("gives a super administrator 'Système Admin' only: they have no company", async () => {
    signedInAs(json(superAdmin));
    renderApp('/');
    const nav = await openSidebar();

    const links = within(administration(nav)).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Système Admin']);
  });
});

describe('/settings', () => {
  it('shows the login screen when nobody is signed in', async () => {
    signedInAs(apiError(401, 'unauthenticated', 'Vous devez être connecté.'));
    const { router } = renderApp('/settings');

    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('asks nothing of the company while the session is checked', async () => {
    const api = signedInAs(never);
    renderApp('/settings');

    expect(await screen.findByRole('heading', { name: "Paramètres de l'entreprise" })).toBeInTheDocument();
    expect(screen.getByText('Chargement...')).toBeInTheDocument();
    expect(api.sent.filter((request) => request.path.startsWith('/api/company'))).toEqual([]);
  });

  it('gives a company administrator the form and the users', async () => {
    signedInAs(json(companyAdmin));
    renderApp('/settings');

    expect(await screen.findByRole('form', { name: "Profil de l'entreprise" })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Utilisateurs (1 en attente)' })).toBeInTheDocument();
  });

  it('only reads to a user who is not the administrator', async () => {
    const api = signedInAs(json(colleague));
    renderApp('/settings');

    expect(
      await screen.findByText("Seul un administrateur de l'entreprise peut modifier ces informations."),
    ).toBeInTheDocument();
    expect(screen.getByText('732 829 320 00074')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(api.calls('GET /api/company/users')).toEqual([]);
  });

  it('sends a super administrator, who has no company, to Système Admin, and asks nothing of one', async () => {
    const api = signedInAs(json(superAdmin));
    const { router } = renderApp('/settings');

    expect(await screen.findByRole('heading', { name: 'Système Admin' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    await waitFor(() => expect(api.calls('GET /api/auth/me')).toHaveLength(1));
    expect(api.sent.filter((request) => request.path.startsWith('/api/company'))).toEqual([]);
  });
});
