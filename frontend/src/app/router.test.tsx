import { screen, waitFor } from '@testing-library/react';

import { describe, expect, it } from 'vitest';

import { apiError, json, never, stubApi, type Routes } from '../testing/api-stub';
import { companyAdmin } from '../testing/fixtures';
import { renderApp } from '../testing/render-app';
import { setupUser } from '../testing/user';

const anonymous = apiError(401, 'unauthenticated', 'Vous devez être connecté.');

function routesFor(installed: boolean, overrides: Routes = {}): Routes {
  return {
    'GET /api/setup/status': json({ installed }),
    'GET /api/auth/me': anonymous,
    ...overrides,
  };
}

const knownPaths = [
  '/',
  '/login',
  '/register',
  '/clients',
  '/suppliers',
  '/projects',
  '/quotes',
  '/library',
  '/purchases',
  '/work-tracking',
  '/invoicing',
  '/documents',
  '/finances',
  '/settings',
  '/admin',
];

describe('installation gate', () => {
  it("shows 'Vérification de l'installation...' while the status is loading", async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = stubApi(
      routesFor(false, {
        'GET /api/setup/status': () => new Promise<Response>((resolve) => (answer = resolve)),
      }),
    );

    renderApp('/');

    await waitFor(() => expect(api.calls('GET /api/setup/status')).toHaveLength(1));
    expect(screen.getByText("Vérification de l'installation...")).toBeInTheDocument();
    answer(Response.json({ installed: false }));
    expect(await screen.findByRole('heading', { name: 'Installation de BTP Gestion' })).toBeInTheDocument();
  });

  it.each(knownPaths)('sends %s to the setup page when the product is not installed', async (path) => {
    stubApi(routesFor(false));

    const { router } = renderApp(path);

    expect(await screen.findByRole('heading', { name: 'Installation de BTP Gestion' })).toBeInTheDocument();
    expect(screen.getByText("L'application n'est pas encore installée.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/setup');
  });

  it('shows the 404 page for an unknown path, whose button leads home', async () => {
    const user = setupUser();
    stubApi(routesFor(false));
    const { router } = renderApp('/nimporte-quoi');

    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByText("La page que vous cherchez n'existe pas ou a été déplacée.")).toBeInTheDocument();
    const home = screen.getByRole('link', { name: "Retour à l'accueil" });
    expect(home).toHaveAttribute('href', '/');

    await user.click(home);

    // Home is a known route, so before installation it leads on to the setup page.
    expect(await screen.findByRole('heading', { name: 'Installation de BTP Gestion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/setup');
  });

  it('sends /setup to the sign-in screen once installed', async () => {
    stubApi(routesFor(true));

    const { router } = renderApp('/setup');

    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends /setup to the dashboard once installed when someone is signed in', async () => {
    stubApi(routesFor(true, { 'GET /api/auth/me': json(companyAdmin) }));

    const { router } = renderApp('/setup');

    expect(await screen.findByRole('heading', { name: 'Tableau de Bord' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it("explains a failed check and checks again on 'Réessayer'", async () => {
    const user = setupUser();
    const api = stubApi(
      routesFor(false, {
        'GET /api/setup/status': apiError(503, 'unavailable', 'Le service est momentanément indisponible.'),
      }),
    );
    renderApp('/');

    expect(
      await screen.findByRole('heading', { name: "Impossible de vérifier l'installation" }),
    ).toBeInTheDocument();
    expect(screen.getByText('Le service est momentanément indisponible.')).toBeInTheDocument();
    api.answer('GET /api/setup/status', json({ installed: false }));

    await user.click(screen.getByRole('button', { name: 'Réessayer' }));

    expect(await screen.findByRole('heading', { name: 'Installation de BTP Gestion' })).toBeInTheDocument();
    expect(api.calls('GET /api/setup/status')).toHaveLength(2);
  });
});

describe('sign-in guard', () => {
  const protectedPaths = knownPaths.filter((path) => path !== '/login' && path !== '/register');

  it.each(protectedPaths)('shows the login screen at %s when nobody is signed in', async (path) => {
    stubApi(routesFor(true));

    const { router } = renderApp(path);

    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(['/login', '/register'])('lets anyone open %s', async (path) => {
    stubApi(routesFor(true));

    const { router } = renderApp(path);

    expect(
      await screen.findByRole('heading', { name: path === '/login' ? 'Connexion' : 'Inscription' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('returns to the wanted page after signing in', async () => {
    const user = setupUser();
    const api = stubApi(routesFor(true, { 'POST /api/auth/login': json({ user: companyAdmin }) }));
    const { router } = renderApp('/invoicing?statut=brouillon');
    await screen.findByRole('heading', { name: 'Connexion' });
    api.answer('GET /api/auth/me', json(companyAdmin));

    await user.type(screen.getByLabelText('Identifiant'), 'mdurand');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByRole('heading', { name: 'Facturation' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/invoicing');
    expect(router.state.location.search).toBe('?statut=brouillon');
  });

  it('sends a signed-in person from /login and /register to the dashboard', async () => {
    stubApi(routesFor(true, { 'GET /api/auth/me': json(companyAdmin) }));

    const { router } = renderApp('/register');

    expect(await screen.findByRole('heading', { name: 'Tableau de Bord' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes back to the login screen when any call answers 401', async () => {
    const api = stubApi(
      routesFor(true, {
        'GET /api/auth/me': json({ ...companyAdmin, role: 'super_admin' }),
        'GET /api/admin/stats': never,
        'GET /api/admin/users': apiError(401, 'unauthenticated', 'Votre session a expiré.'),
      }),
    );
    const { router } = renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.calls('GET /api/admin/users')).toHaveLength(1);
    // Signing in again leads back to the screen the session ended on.
    expect(router.state.location.state).toEqual({ from: '/admin' });
  });

  it("explains a failed session check with 'Erreur d'authentification' and checks again", async () => {
    const user = setupUser();
    const api = stubApi(
      routesFor(true, { 'GET /api/auth/me': apiError(503, 'unavailable', 'Service indisponible.') }),
    );
    renderApp('/clients');

    expect(await screen.findByRole('heading', { name: "Erreur d'authentification" })).toBeInTheDocument();
    expect(screen.getByText('Impossible de vérifier vos permissions.')).toBeInTheDocument();
    api.answer('GET /api/auth/me', json(companyAdmin));

    await user.click(screen.getByRole('button', { name: 'Réessayer' }));

    expect(await screen.findByRole('heading', { name: 'Clients' })).toBeInTheDocument();
  });
});

describe('signed-in screens', () => {
  it('shows each screen with its title and subtitle inside the layout', async () => {
    stubApi(routesFor(true, { 'GET /api/auth/me': json(companyAdmin) }));

    const { router } = renderApp('/work-tracking');

    expect(await screen.findByRole('heading', { name: 'Suivi Travaux' })).toBeInTheDocument();
    expect(screen.getByText("États d'avancement des chantiers")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/work-tracking');
  });

  it('asks nothing but the installation and session checks on the login screen', async () => {
    const api = stubApi(routesFor(true));
    renderApp('/login');

    await screen.findByRole('heading', { name: 'Connexion' });
    expect(api.sent.map((request) => request.path).sort()).toEqual(['/api/auth/me', '/api/setup/status']);
  });
});
