import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, json, stubApi, type Routes } from '../../../testing/api-stub';
import { companyAdmin } from '../../../testing/fixtures';
import { renderApp, toasts } from '../../../testing/render-app';
import { fill, setupUser } from '../../../testing/user';

function stub(overrides: Routes = {}) {
  return stubApi({
    'GET /api/setup/status': json({ installed: true }),
    'GET /api/auth/me': apiError(401, 'unauthenticated', 'Vous devez être connecté.'),
    ...overrides,
  });
}

async function openLogin() {
  const app = renderApp('/login');
  await screen.findByRole('heading', { name: 'Connexion' });
  return app;
}

describe('login', () => {
  it('shows the spec messages and sends nothing when the fields are empty', async () => {
    const user = setupUser();
    const api = stub();
    await openLogin();

    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByText("L'identifiant est requis")).toBeInTheDocument();
    // Each message belongs to its field: the field is invalid and described by it.
    expect(screen.getByLabelText('Identifiant')).toHaveAccessibleDescription("L'identifiant est requis");
    expect(screen.getByLabelText('Identifiant')).toBeInvalid();
    expect(screen.getByLabelText('Mot de passe')).toHaveAccessibleDescription(
      'Le mot de passe doit contenir au moins 6 caractères',
    );
    expect(api.calls('POST /api/auth/login')).toEqual([]);
  });

  it('refuses a password under 6 characters, and clears the message once it is long enough', async () => {
    const user = setupUser();
    stub();
    await openLogin();
    await fill(user, screen.getByLabelText('Identifiant'), 'mdurand');
    await user.type(screen.getByLabelText('Mot de passe'), '12345');

    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(
      await screen.findByText('Le mot de passe doit contenir au moins 6 caractères'),
    ).toBeInTheDocument();
    expect(screen.queryByText("L'identifiant est requis")).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Mot de passe'), '6');
    await waitFor(() =>
      expect(
        screen.queryByText('Le mot de passe doit contenir au moins 6 caractères'),
      ).not.toBeInTheDocument(),
    );
  });

  it('signs in, welcomes the user by first name and opens the dashboard', async () => {
    const user = setupUser();
    const api = stub({ 'POST /api/auth/login': json({ user: companyAdmin }) });
    const { router } = await openLogin();
    api.answer('GET /api/auth/me', json(companyAdmin));

    await fill(user, screen.getByLabelText('Identifiant'), '  marie.durand@example.fr');
    await fill(user, screen.getByLabelText('Mot de passe'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByRole('heading', { name: 'Tableau de Bord' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(toasts().getByText('Connexion réussie')).toBeInTheDocument();
    expect(toasts().getByText('Bienvenue, Marie !')).toBeInTheDocument();
    const [login] = api.calls('POST /api/auth/login');
    expect(login?.body).toEqual({ identifier: 'marie.durand@example.fr', password: 'secret-123' });
    expect(login?.headers.get('X-Requested-With')).toBe('fetch');
  });

  it("says 'Erreur de connexion' with the server's message when sign-in is refused", async () => {
    const user = setupUser();
    stub({
      'POST /api/auth/login': apiError(401, 'invalid_credentials', 'Identifiant ou mot de passe incorrect.'),
    });
    const { router } = await openLogin();

    await fill(user, screen.getByLabelText('Identifiant'), 'mdurand');
    await fill(user, screen.getByLabelText('Mot de passe'), 'mauvais-mot');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await toasts().findByText('Identifiant ou mot de passe incorrect.')).toBeInTheDocument();
    expect(toasts().getByText('Erreur de connexion')).toBeInTheDocument();
    expect(toasts().getByRole('status')).toHaveAttribute('data-variant', 'destructive');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('falls back to its own message when the server gives none', async () => {
    const user = setupUser();
    stub({ 'POST /api/auth/login': () => new Response('', { status: 502, statusText: 'Bad Gateway' }) });
    await openLogin();

    await fill(user, screen.getByLabelText('Identifiant'), 'mdurand');
    await fill(user, screen.getByLabelText('Mot de passe'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await toasts().findByText("Une erreur s'est produite lors de la connexion")).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    const user = setupUser();
    stub();
    await openLogin();
    const password = screen.getByLabelText('Mot de passe');
    expect(password).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    expect(password).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('button', { name: 'Masquer le mot de passe' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('links to the registration', async () => {
    const user = setupUser();
    stub();
    const { router } = await openLogin();

    await user.click(screen.getByRole('link', { name: 'Créer un compte' }));

    expect(await screen.findByRole('heading', { name: 'Inscription' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
  });
});
