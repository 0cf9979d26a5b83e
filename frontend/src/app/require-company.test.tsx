import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, json, stubApi } from '../testing/api-stub';
import { adminStats, adminUsers, companyAdmin, superAdmin } from '../testing/fixtures';
import { renderApp, toasts } from '../testing/render-app';
import { setupUser } from '../testing/user';
import { mainScreens, settingsScreen } from './screens';

function signedInAs(me: unknown) {
  return stubApi({
    'GET /api/setup/status': json({ installed: true }),
    'GET /api/auth/me':
      me === null ? apiError(401, 'unauthenticated', 'Vous devez être connecté.') : json(me),
    'GET /api/admin/stats': json(adminStats),
    'GET /api/admin/users': json(adminUsers),
  });
}

/** Below `md` (jsdom matches no media query) the sidebar lives in the drawer the header opens. */
async function openSidebar() {
  await setupUser().click(await screen.findByRole('button', { name: 'Ouvrir le menu' }));
  return screen.findByRole('navigation', { name: 'Navigation principale' });
}

const businessPaths = [...mainScreens, settingsScreen].map((entry) => entry.path);
const businessLabels = [...mainScreens, settingsScreen].map((entry) => entry.label);

/** Calls a business screen would make: none of them is asked for a user without a company. */
const businessCalls = (api: ReturnType<typeof signedInAs>) =>
  api.sent.filter((request) => !/^\/api\/(setup|auth|admin)\//.test(request.path));

describe('a super administrator, who has no company', () => {
  it.each(businessPaths)(
    'is sent from %s to Système Admin, without asking for business data',
    async (path) => {
      const api = signedInAs(superAdmin);
      const { router } = renderApp(path);

      expect(await screen.findByRole('heading', { name: 'Système Admin' })).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
      expect(screen.queryByText('Erreur lors du chargement des statistiques')).not.toBeInTheDocument();
      expect(businessCalls(api)).toEqual([]);
    },
  );

  it('sees no business entry in the navigation, only Système Admin', async () => {
    signedInAs(superAdmin);
    renderApp('/admin');
    const nav = await openSidebar();

    await within(nav.parentElement as HTMLElement).findByText('Super Admin');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Système Admin']);
  });

  it('lands on Système Admin after signing in', async () => {
    const user = setupUser();
    const api = signedInAs(null);
    api.answer('POST /api/auth/login', json({ user: superAdmin }));
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Connexion' });
    api.answer('GET /api/auth/me', json(superAdmin));

    await user.type(screen.getByLabelText('Identifiant'), 'sbernard');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByRole('heading', { name: 'Système Admin' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(toasts().getByText('Bienvenue, Sophie !')).toBeInTheDocument();
    expect(businessCalls(api)).toEqual([]);
  });
});

describe('the people of a company', () => {
  it('see every business entry and Paramètres', async () => {
    signedInAs(companyAdmin);
    renderApp('/clients');
    const nav = await openSidebar();

    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(businessLabels);
  });
});

describe('a user without a company who is not a super administrator', () => {
  it('is told so in French on a business screen', async () => {
    const api = signedInAs({ ...companyAdmin, role: 'user', companyId: null, company: null });
    const { router } = renderApp('/clients');

    expect(await screen.findByText("Aucune entreprise n'est associée à votre compte")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/clients');
    expect(businessCalls(api)).toEqual([]);
  });
});
