import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, json, stubApi, type Routes } from '../../../testing/api-stub';
import { adminStats, adminUsers, superAdmin } from '../../../testing/fixtures';
import { renderApp, toasts } from '../../../testing/render-app';
import { fill, setupUser } from '../../../testing/user';

function stub(overrides: Routes = {}) {
  return stubApi({
    'GET /api/setup/status': json({ installed: false }),
    'GET /api/auth/me': apiError(401, 'unauthenticated', 'Vous devez être connecté.'),
    ...overrides,
  });
}

async function openSetup() {
  const app = renderApp('/setup');
  await screen.findByRole('heading', { name: 'Installation de BTP Gestion' });
  return app;
}

const field = (label: string) => screen.getByLabelText(label);

async function fillForm(user: ReturnType<typeof setupUser>, confirmation = 'secret-123') {
  await fill(user, field("Jeton d'installation"), 'jeton-de-test');
  await fill(user, field('Prénom'), 'Sophie');
  await fill(user, field('Nom'), 'Bernard');
  await fill(user, field('Adresse e-mail'), 'sophie.bernard@example.fr');
  await fill(user, field("Nom d'utilisateur"), 'sbernard');
  await fill(user, field('Mot de passe'), 'secret-123');
  await fill(user, field('Confirmer le mot de passe'), confirmation);
}

describe('installation', () => {
  it('shows the messages on their fields and sends nothing', async () => {
    const user = setupUser();
    const api = stub();
    await openSetup();

    await user.click(screen.getByRole('button', { name: 'Installer BTP Gestion' }));

    await waitFor(() =>
      expect(field("Jeton d'installation")).toHaveAccessibleDescription("Le jeton d'installation est requis"),
    );
    expect(field('Prénom')).toHaveAccessibleDescription('Le prénom est requis');
    expect(field('Nom')).toHaveAccessibleDescription('Le nom est requis');
    expect(field('Adresse e-mail')).toHaveAccessibleDescription("L'adresse e-mail doit être valide");
    expect(field("Nom d'utilisateur")).toHaveAccessibleDescription(
      "Le nom d'utilisateur doit contenir au moins 3 caractères",
    );
    expect(field('Mot de passe')).toHaveAccessibleDescription(
      'Le mot de passe doit contenir au moins 6 caractères',
    );
    expect(api.calls('POST /api/setup')).toEqual([]);
  });

  it('refuses a confirmation that differs from the password', async () => {
    const user = setupUser();
    const api = stub();
    await openSetup();
    await fillForm(user, 'secret-999');

    await user.click(screen.getByRole('button', { name: 'Installer BTP Gestion' }));

    await waitFor(() =>
      expect(field('Confirmer le mot de passe')).toHaveAccessibleDescription(
        'Les mots de passe ne correspondent pas',
      ),
    );
    expect(api.calls('POST /api/setup')).toEqual([]);
  });

  it('creates the first super administrator and lands on Système Admin, signed in', async () => {
    const user = setupUser();
    const api = stub({
      'POST /api/setup': json({ user: superAdmin }, 201),
      'GET /api/admin/stats': json(adminStats),
      'GET /api/admin/users': json(adminUsers),
    });
    const { router } = await openSetup();
    await fillForm(user);
    api.answer('GET /api/setup/status', json({ installed: true }));
    api.answer('GET /api/auth/me', json(superAdmin));

    await user.click(screen.getByRole('button', { name: 'Installer BTP Gestion' }));

    // The super administrator has no company: no dashboard (it would fail), the platform's admin.
    expect(await screen.findByRole('heading', { name: 'Système Admin' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(toasts().getByText('Bienvenue, Sophie !')).toBeInTheDocument();
    const [setup] = api.calls('POST /api/setup');
    expect(setup?.body).toEqual({
      setupToken: 'jeton-de-test',
      firstName: 'Sophie',
      lastName: 'Bernard',
      email: 'sophie.bernard@example.fr',
      username: 'sbernard',
      password: 'secret-123',
    });
    expect(setup?.headers.get('X-Requested-With')).toBe('fetch');
    // Both checks are asked again: the product is installed and the session is the new one.
    await waitFor(() => expect(api.calls('GET /api/setup/status')).toHaveLength(2));
    expect(api.calls('GET /api/auth/me')).toHaveLength(2);
    expect(api.sent.map((request) => request.path)).not.toContain('/api/auth/login');
  });

  it('marks the setup token wrong when the server refuses it', async () => {
    const user = setupUser();
    stub({ 'POST /api/setup': apiError(403, 'setup_token', "Le jeton d'installation est incorrect.") });
    const { router } = await openSetup();
    await fillForm(user);

    await user.click(screen.getByRole('button', { name: 'Installer BTP Gestion' }));

    expect(await toasts().findByText("Le jeton d'installation est incorrect.")).toBeInTheDocument();
    await waitFor(() =>
      expect(field("Jeton d'installation")).toHaveAccessibleDescription(
        "Le jeton d'installation est incorrect.",
      ),
    );
    expect(router.state.location.pathname).toBe('/setup');
  });
});
