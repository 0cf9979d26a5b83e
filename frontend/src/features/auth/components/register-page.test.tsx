import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, json, stubApi, type Routes } from '../../../testing/api-stub';
import { companyA, companyAdmin } from '../../../testing/fixtures';
import { renderApp, toasts } from '../../../testing/render-app';
import { fill, setupUser } from '../../../testing/user';

const newUser = { ...companyAdmin, firstName: 'Paul', lastName: 'Leroy', username: 'pleroy' };

function stub(overrides: Routes = {}) {
  return stubApi({
    'GET /api/setup/status': json({ installed: true }),
    'GET /api/auth/me': apiError(401, 'unauthenticated', 'Vous devez être connecté.'),
    ...overrides,
  });
}

async function openRegister() {
  const app = renderApp('/register');
  await screen.findByRole('heading', { name: 'Inscription' });
  return app;
}

const field = (label: string) => screen.getByLabelText(label);

async function fillPerson(
  user: ReturnType<typeof setupUser>,
  password = 'secret-123',
  confirmation = password,
) {
  await user.type(field('Prénom'), 'Paul');
  await user.type(field('Nom'), 'Leroy');
  await fill(user, field('Adresse e-mail'), 'paul.leroy@example.fr');
  await fill(user, field("Nom d'utilisateur"), 'pleroy');
  await fill(user, field('Mot de passe'), password);
  await fill(user, field('Confirmer le mot de passe'), confirmation);
}

describe('registration', () => {
  it('shows the spec messages on their fields and sends nothing', async () => {
    const user = setupUser();
    const api = stub();
    await openRegister();
    await fill(user, field('Adresse e-mail'), 'paul.leroy');
    await user.type(field("Nom d'utilisateur"), 'pl');

    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));

    await waitFor(() => expect(field('Prénom')).toHaveAccessibleDescription('Le prénom est requis'));
    expect(field('Nom')).toHaveAccessibleDescription('Le nom est requis');
    expect(field('Adresse e-mail')).toHaveAccessibleDescription("L'adresse e-mail doit être valide");
    expect(field("Nom d'utilisateur")).toHaveAccessibleDescription(
      "Le nom d'utilisateur doit contenir au moins 3 caractères",
    );
    expect(field('Mot de passe')).toHaveAccessibleDescription(
      'Le mot de passe doit contenir au moins 6 caractères',
    );
    expect(field("Nom de l'entreprise")).toHaveAccessibleDescription("Le nom de l'entreprise est requis");
    expect(api.calls('POST /api/auth/register')).toEqual([]);
  });

  it("reports 'Les mots de passe ne correspondent pas' on the confirmation, even with other errors", async () => {
    const user = setupUser();
    const api = stub();
    await openRegister();
    await fill(user, field('Mot de passe'), 'secret-123');
    await fill(user, field('Confirmer le mot de passe'), 'secret-124');

    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));

    await waitFor(() =>
      expect(field('Confirmer le mot de passe')).toHaveAccessibleDescription(
        'Les mots de passe ne correspondent pas',
      ),
    );
    expect(field('Mot de passe')).not.toHaveAccessibleDescription();
    expect(field('Prénom')).toHaveAccessibleDescription('Le prénom est requis');
    expect(api.calls('POST /api/auth/register')).toEqual([]);
  });

  it('creates a new company without companyId, signs in and opens the dashboard', async () => {
    const user = setupUser();
    const api = stub({ 'POST /api/auth/register': json({ user: newUser, pendingApproval: false }, 201) });
    const { router } = await openRegister();
    api.answer('GET /api/auth/me', json(newUser));

    await fill(user, field("Nom de l'entreprise"), 'Leroy Charpente');
    await fillPerson(user);
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));

    expect(await screen.findByRole('heading', { name: 'Tableau de Bord' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(toasts().getByText('Compte créé avec succès')).toBeInTheDocument();
    expect(api.calls('POST /api/auth/register').map((call) => call.body)).toEqual([
      {
        firstName: 'Paul',
        lastName: 'Leroy',
        email: 'paul.leroy@example.fr',
        username: 'pleroy',
        password: 'secret-123',
        confirmPassword: 'secret-123',
        companyName: 'Leroy Charpente',
      },
    ]);
  });

  it('joins an existing company without companyName and says the account awaits approval', async () => {
    const user = setupUser();
    const api = stub({
      'POST /api/auth/register': json({ user: { ...newUser, isActive: false }, pendingApproval: true }, 201),
    });
    const { router } = await openRegister();

    await fill(user, field("Nom de l'entreprise"), 'Nom tapé puis abandonné');
    await user.click(screen.getByRole('tab', { name: 'Entreprise existante' }));
    await fill(user, field("Identifiant de l'entreprise"), companyA.id);
    await fillPerson(user);
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));

    expect(
      await screen.findByText(
        "Votre compte est en attente de validation par un administrateur. Vous pourrez vous connecter dès qu'il aura été activé.",
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
    const [registration] = api.calls('POST /api/auth/register');
    expect(registration?.body).toMatchObject({ companyId: companyA.id, username: 'pleroy' });
    expect(registration?.body).not.toHaveProperty('companyName');
    // Nobody is signed in: no session check was made after the registration.
    expect(api.calls('GET /api/auth/me')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute('href', '/login');
  });

  it('asks for the field of the chosen mode, and follows a change of mode after a submit', async () => {
    const user = setupUser();
    const api = stub();
    await openRegister();
    await fillPerson(user);

    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    await waitFor(() =>
      expect(field("Nom de l'entreprise")).toHaveAccessibleDescription("Le nom de l'entreprise est requis"),
    );

    await user.click(screen.getByRole('tab', { name: 'Entreprise existante' }));

    await waitFor(() =>
      expect(field("Identifiant de l'entreprise")).toHaveAccessibleDescription(
        expect.stringContaining("L'identifiant de l'entreprise est requis"),
      ),
    );
    await waitFor(() =>
      expect(screen.queryByText("Le nom de l'entreprise est requis")).not.toBeInTheDocument(),
    );
    expect(api.calls('POST /api/auth/register')).toEqual([]);
  });

  it("says 'Erreur lors de la création du compte' when it fails, and puts the server's details on the fields", async () => {
    const user = setupUser();
    stub({
      'POST /api/auth/register': apiError(409, 'conflict', "Ce nom d'utilisateur est déjà pris.", [
        { path: 'username', message: "Ce nom d'utilisateur est déjà pris." },
      ]),
    });
    const { router } = await openRegister();
    await fill(user, field("Nom de l'entreprise"), 'Leroy Charpente');
    await fillPerson(user);

    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));

    expect(await toasts().findByText("Ce nom d'utilisateur est déjà pris.")).toBeInTheDocument();
    expect(toasts().getByText('Erreur')).toBeInTheDocument();
    await waitFor(() =>
      expect(field("Nom d'utilisateur")).toHaveAccessibleDescription("Ce nom d'utilisateur est déjà pris."),
    );
    expect(router.state.location.pathname).toBe('/register');
  });

  it("falls back to 'Erreur lors de la création du compte'", async () => {
    const user = setupUser();
    stub({ 'POST /api/auth/register': () => new Response('', { status: 500 }) });
    await openRegister();
    await fill(user, field("Nom de l'entreprise"), 'Leroy Charpente');
    await fillPerson(user);

    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));

    expect(await toasts().findByText('Erreur lors de la création du compte')).toBeInTheDocument();
  });
});
