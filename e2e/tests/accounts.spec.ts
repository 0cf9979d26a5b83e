import { expect, test, type Page } from '@playwright/test';
import {
  ensureInstalled,
  expectNoHorizontalOverflow,
  fillPerson,
  openNavigation,
  signIn,
  superAdmin,
} from '../support/accounts.js';

// One story per project: the steps build on each other. Every person created here carries the
// project's name, so the story can run again on the same server.
test.describe.configure({ mode: 'serial' });

const password = 'Chantier-2026';

function people(project: string) {
  return {
    companyName: `Durand Bâtiment ${project}`,
    admin: {
      firstName: 'Marie',
      lastName: 'Durand',
      email: `marie.durand.${project}@example.fr`,
      username: `mdurand-${project}`,
    },
    joiner: {
      firstName: 'Lucas',
      lastName: 'Petit',
      email: `lucas.petit.${project}@example.fr`,
      username: `lpetit-${project}`,
    },
  };
}

/** The company the company admin registered, for the person who joins it. */
let companyId = '';

async function logout(page: Page) {
  await openNavigation(page);
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
}

test('logout returns to the login screen and ends the session', async ({ page, request }) => {
  await ensureInstalled(request);
  await signIn(page, superAdmin.username, superAdmin.password);

  await logout(page);

  await page.goto('/clients');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
});

test('registering a new company signs its administrator in', async ({ page, request }, testInfo) => {
  await ensureInstalled(request);
  const { companyName, admin } = people(testInfo.project.name);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Créer un compte' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('tab', { name: 'Nouvelle entreprise' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByLabel("Nom de l'entreprise").fill(companyName);
  await fillPerson(page, admin, password);
  await expectNoHorizontalOverflow(page);
  await page.getByRole('button', { name: 'Créer le compte' }).click();

  await expect(page.getByRole('heading', { name: 'Tableau de Bord' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Compte créé avec succès')).toBeVisible();
  await openNavigation(page);
  await expect(page.getByText('Marie Durand')).toBeVisible();
  await expect(page.getByText('Administrateur', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Système Admin' })).toHaveCount(0);

  // No screen shows a company's identifier yet: the one its administrator would pass on is read here.
  const me = (await (await page.request.get('/api/auth/me')).json()) as { companyId: string };
  companyId = me.companyId;
  expect(companyId).toMatch(/^[0-9a-f-]{36}$/);
});

test('registering into an existing company leaves the account awaiting approval', async ({
  page,
}, testInfo) => {
  const { joiner } = people(testInfo.project.name);

  await page.goto('/register');
  await page.getByRole('tab', { name: 'Entreprise existante' }).click();
  await page.getByLabel("Identifiant de l'entreprise").fill(companyId);
  await fillPerson(page, joiner, password);
  await page.getByRole('button', { name: 'Créer le compte' }).click();

  await expect(
    page.getByRole('main').getByText('Votre compte est en attente de validation par un administrateur.', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  await expectNoHorizontalOverflow(page);

  // Not signed in, and not allowed to sign in before approval.
  await page.getByRole('link', { name: 'Retour à la connexion' }).click();
  await page.getByLabel('Identifiant').fill(joiner.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Erreur de connexion')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("a company administrator opening /admin sees 'Accès refusé'", async ({ page }, testInfo) => {
  const { admin } = people(testInfo.project.name);
  await signIn(page, admin.username, password);

  await page.goto('/admin');

  await expect(page.getByText('Accès refusé')).toBeVisible();
  await expect(page.getByText('Cette section est réservée aux super administrateurs.')).toBeVisible();
  await expect(page.getByText('Lucas Petit')).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
});

test('the super administrator activates the pending user, who can then sign in', async ({
  page,
}, testInfo) => {
  const { joiner } = people(testInfo.project.name);
  await signIn(page, superAdmin.username, superAdmin.password);

  await openNavigation(page);
  await page.getByRole('link', { name: 'Système Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Système Admin' })).toBeVisible();
  await expect(page.getByText("Taux d'activité")).toBeVisible();
  await page.getByRole('textbox', { name: 'Rechercher un utilisateur' }).fill(joiner.username);
  await page.getByRole('button', { name: 'Modifier Lucas Petit' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText("Gérer l'utilisateur")).toBeVisible();
  const active = dialog.getByRole('switch', { name: 'Compte actif' });
  await expect(active).not.toBeChecked();
  await active.click();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Utilisateur mis à jour avec succès')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expectNoHorizontalOverflow(page);

  await logout(page);
  await signIn(page, joiner.username, password);
  await expect(page.getByText('Connexion réussie')).toBeVisible();
  await openNavigation(page);
  await expect(page.getByText('Lucas Petit')).toBeVisible();
  await expect(page.getByText('Utilisateur', { exact: true })).toBeVisible();
});
