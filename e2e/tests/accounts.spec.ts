import { expect, test, type Page } from '../support/fixtures.js';
import {
  ensureInstalled,
  expectNoHorizontalOverflow,
  fillPerson,
  openNavigation,
  signIn,
  superAdmin,
} from '../support/accounts.js';
import { registerCompany } from '../support/company.js';

// Every person created here carries the project's name and the time, so the journeys run again on
// the same server.
const password = 'Chantier-2026';

function people(project: string) {
  const unique = `${project}-${Date.now().toString(36)}`;
  return {
    companyName: `Durand Bâtiment ${unique}`,
    admin: {
      firstName: 'Marie',
      lastName: 'Durand',
      email: `marie.durand.${unique}@example.fr`,
      username: `mdurand-${unique}`,
    },
    joiner: {
      firstName: 'Lucas',
      lastName: 'Petit',
      email: `lucas.petit.${unique}@example.fr`,
      username: `lpetit-${unique}`,
    },
  };
}

async function logout(page: Page) {
  await openNavigation(page);
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
}

test("registering a new company signs its administrator in; /admin says 'Accès refusé'; logout ends the session", async ({
  page,
  request,
}, testInfo) => {
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

  // A company administrator is not a super administrator: no user of the platform is shown.
  await page.goto('/admin');
  await expect(page.getByText('Accès refusé')).toBeVisible();
  await expect(page.getByText('Cette section est réservée aux super administrateurs.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Rechercher un utilisateur' })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);

  await logout(page);
  await page.goto('/clients');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
});

test('registering into an existing company awaits approval; the super administrator activates the account, which then signs in', async ({
  page,
  request,
}, testInfo) => {
  const { joiner } = people(testInfo.project.name);
  // The company to join, registered through the API (the screen is the journey above).
  const { companyId } = await registerCompany(request, `rejoindre-${testInfo.project.name}`, {
    completeProfile: false,
  });

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

  // The super administrator lands on Système Admin and activates the account.
  await signIn(page, superAdmin.username, superAdmin.password);
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
