import { expect, test, type Page } from '../support/fixtures.js';
import { ensureInstalled, expectNoHorizontalOverflow, navigateTo } from '../support/accounts.js';
import { chooseOption } from '../support/select.js';
import { keepScreenshot } from '../support/accessibility.js';

/**
 * Clients, Fournisseurs and Projets in a company of their own: create, edit and delete from each
 * screen (their widths on a phone: accessibility.spec.ts's tour of the business screens).
 */

/** Registers a new company through the API in the page's browser context: its administrator is signed in. */
async function signInNewCompany(page: Page, project: string): Promise<string> {
  const suffix = `${project}-${Date.now().toString(36)}`;
  const companyName = `Bâtir Ensemble ${suffix}`;
  const response = await page.request.post('/api/auth/register', {
    headers: { 'X-Requested-With': 'fetch' },
    data: {
      firstName: 'Julie',
      lastName: 'Moreau',
      email: `julie.moreau.${suffix}@example.fr`,
      username: `jmoreau-${suffix}`,
      password: 'Chantier-2026',
      confirmPassword: 'Chantier-2026',
      companyName,
    },
  });
  expect(response.status()).toBe(201);
  return companyName;
}

/** The toast on screen with `text`, then dismissed so that the next one is not hidden behind it. */
async function expectToast(page: Page, text: string | RegExp) {
  const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(toasts.getByText(text)).toBeVisible();
  // Escape dismisses it (spec section 4). The toast's own 'Fermer' button is not used: in Chromium the
  // swipe's pointer capture on the toast retargets the click away from the button (reported).
  await page.keyboard.press('Escape');
  await expect(toasts.getByText(text)).toHaveCount(0);
}

async function confirmDeletion(page: Page, naming: string) {
  const confirmation = page.getByRole('dialog').filter({ hasText: naming });
  await expect(confirmation).toBeVisible();
  await confirmation.getByRole('button', { name: 'Supprimer' }).click();
}

test.beforeEach(async ({ page, request }, testInfo) => {
  await ensureInstalled(request);
  await signInNewCompany(page, testInfo.project.name);
});

test('Clients, Fournisseurs and Projets: each created, edited and deleted from its screen; a client in use stays', async ({
  page,
}, testInfo) => {
  // Three screens, eleven toasts: on a loaded 2-core machine this takes longer than the default minute.
  test.setTimeout(120_000);
  // Clients: empty, then one created with the toggle form, then edited. The other screens are reached
  // from the sidebar, as a person does (every write is made on a screen, which refreshes the SPA).
  await page.goto('/clients');
  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
  await expect(page.getByText('Aucun client')).toBeVisible();
  await page.getByRole('button', { name: 'Nouveau Client' }).click();
  await expect(page.getByLabel('Pays')).toHaveValue('France');
  await page.getByRole('button', { name: 'Créer le client' }).click();
  await expect(page.getByText('Le nom est requis')).toBeVisible();
  await page.getByLabel("Nom de l'entreprise").fill('Maison Durand');
  await page.getByLabel('E-mail').fill('sophie@durand.fr');
  await page.getByLabel('Personne de contact').fill('Sophie Durand');
  await page.getByLabel('Ville').fill('Lyon');
  await expectNoHorizontalOverflow(page);
  await page.getByRole('button', { name: 'Créer le client' }).click();
  await expectToast(page, 'Client créé avec succès');
  await expect(page.getByRole('button', { name: 'Créer le client' })).toHaveCount(0);
  const clients = page.getByRole('list', { name: 'Clients' });
  await expect(clients.getByText('Maison Durand')).toBeVisible();
  await expect(clients.getByText('sophie@durand.fr')).toBeVisible();

  await page.getByRole('button', { name: 'Modifier Maison Durand' }).click();
  const clientDialog = page.getByRole('dialog').filter({ hasText: 'Modifier le client' });
  await clientDialog.getByLabel('Ville').fill('Villeurbanne');
  await clientDialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, 'Client mis à jour avec succès');
  await expect(clients.getByText('Sophie Durand · Villeurbanne')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'clients');

  // Fournisseurs: the empty state, the dialog with its tag input and rating, the card.
  await navigateTo(page, '/suppliers');
  await expect(page.getByText('Gestion des fournisseurs et sous-traitants')).toBeVisible();
  await expect(page.getByText('Aucun fournisseur')).toBeVisible();
  await expect(page.getByText('Commencez par ajouter votre premier fournisseur')).toBeVisible();
  await page.getByRole('button', { name: 'Nouveau fournisseur' }).click();
  const supplierDialog = page.getByRole('dialog').filter({ hasText: 'Nouveau Fournisseur' });
  await supplierDialog.getByLabel("Nom de l'entreprise").fill('Point P Lyon');
  await supplierDialog.getByLabel('Téléphone').fill('04 72 00 00 00');
  await supplierDialog.getByLabel('Note (1 à 5)').fill('4,5');
  const specialty = supplierDialog.getByRole('textbox', { name: 'Spécialités', exact: true });
  await specialty.fill('Matériaux');
  await specialty.press('Enter');
  await specialty.fill('Carrelage');
  await supplierDialog.getByRole('button', { name: 'Ajouter' }).click();
  await specialty.fill('matériaux');
  await specialty.press('Enter');
  await expect(
    supplierDialog.getByRole('list', { name: 'Spécialités choisies' }).getByRole('listitem'),
  ).toHaveCount(2);
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'supplier-dialog');
  await supplierDialog.getByRole('button', { name: 'Créer le fournisseur' }).click();
  await expectToast(page, 'Fournisseur créé avec succès');
  const supplierCard = page.getByRole('list', { name: 'Fournisseurs' }).getByRole('listitem').first();
  await expect(supplierCard.getByRole('heading', { name: 'Point P Lyon' })).toBeVisible();
  await expect(supplierCard.getByText('Fournisseur', { exact: true })).toBeVisible();
  await expect(supplierCard.getByText('4,5/5')).toBeVisible();
  await expect(supplierCard.getByText('Carrelage')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'suppliers');

  await page.getByRole('button', { name: 'Supprimer Point P Lyon' }).click();
  await confirmDeletion(page, '« Point P Lyon »');
  await expectToast(page, 'Fournisseur supprimé avec succès');
  await expect(page.getByText('Aucun fournisseur')).toBeVisible();

  // Projets: the empty state, the dialog, the card, an edit of the status.
  await navigateTo(page, '/projects');
  await expect(page.getByText('Aucun projet')).toBeVisible();
  await page.getByRole('button', { name: 'Nouveau Projet' }).click();
  const projectDialog = page.getByRole('dialog').filter({ hasText: 'Nouveau Projet' });
  await projectDialog.getByLabel('Nom du projet').fill('Rénovation cuisine');
  await chooseOption(page, projectDialog, 'Client', 'Maison Durand');
  await projectDialog.getByLabel('Budget estimé (€)').fill('18500,5');
  await projectDialog.getByLabel('Avancement (%)').fill('80');
  await projectDialog.getByLabel('Localisation').fill('Lyon 3e');
  // A date typed in JJ/MM/AAAA then the button clicked with the mouse (no Enter, no Tab) is kept:
  // the date field commits what was typed when it is left (issue 21).
  await projectDialog.getByLabel('Date de fin').fill('22/12/2099');
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'project-dialog');
  await projectDialog.getByRole('button', { name: 'Créer le projet' }).click();
  await expectToast(page, 'Projet créé avec succès');
  await expect(projectDialog).toBeHidden();
  const projectCard = page.getByRole('list', { name: 'Projets' }).getByRole('listitem').first();
  await expect(projectCard.getByRole('heading', { name: 'Rénovation cuisine' })).toBeVisible();
  await expect(projectCard.getByText('Maison Durand')).toBeVisible();
  await expect(projectCard.getByText('Planification')).toBeVisible();
  await expect(projectCard.getByText('80 %')).toBeVisible();
  await expect(projectCard.getByText(/Budget estimé : 18\s500,50\s€/)).toBeVisible();
  await expect(projectCard).toContainText("Jusqu'au 22/12/2099");

  await projectCard.getByRole('button', { name: 'Modifier Rénovation cuisine' }).click();
  const editDialog = page.getByRole('dialog').filter({ hasText: 'Modifier le projet' });
  await chooseOption(page, editDialog, 'Statut', 'En cours');
  await editDialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, 'Projet mis à jour avec succès');
  await expect(projectCard.getByText('En cours')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'projects');

  // A client still used by a project cannot go: the server says why.
  await navigateTo(page, '/clients');
  await page.getByRole('button', { name: 'Supprimer Maison Durand' }).click();
  await confirmDeletion(page, '« Maison Durand »');
  await expectToast(page, /^Ce client est utilisé par 1 projet : supprimez-le/);

  // Deleting the project frees the client.
  await navigateTo(page, '/projects');
  await page.getByRole('button', { name: 'Supprimer Rénovation cuisine' }).click();
  await confirmDeletion(page, '« Rénovation cuisine »');
  await expectToast(page, 'Projet supprimé avec succès');
  await expect(page.getByText('Aucun projet')).toBeVisible();

  await navigateTo(page, '/clients');
  await page.getByRole('button', { name: 'Supprimer Maison Durand' }).click();
  await confirmDeletion(page, '« Maison Durand »');
  await expectToast(page, 'Client supprimé avec succès');
  await expect(page.getByText('Aucun client')).toBeVisible();
});
