import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { ensureInstalled, expectNoHorizontalOverflow } from '../support/accounts.js';
import { chooseOption } from '../support/select.js';

const password = 'Chantier-2026';
const writeHeaders = { 'X-Requested-With': 'fetch' };

/** A new company of its own, signed in in this page's context (its cookie is the browser's). */
async function signedInCompany(page: Page, testInfo: TestInfo, label: string) {
  await ensureInstalled(page.request);
  const unique = `${label}-${testInfo.project.name}-${Date.now().toString(36)}`;
  const response = await page.request.post('/api/auth/register', {
    headers: writeHeaders,
    data: {
      firstName: 'Marie',
      lastName: 'Durand',
      email: `marie.${unique}@example.fr`,
      username: `md-${unique}`,
      password,
      confirmPassword: password,
      companyName: `Durand Travaux ${unique}`,
    },
  });
  expect(response.status()).toBe(201);
}

/** A client and one project of theirs, through the API; answers their ids. */
async function clientWithProject(page: Page, clientName: string, projectName: string) {
  const client = await page.request.post('/api/clients', {
    headers: writeHeaders,
    data: { name: clientName },
  });
  expect(client.status()).toBe(201);
  const { id: clientId } = (await client.json()) as { id: string };
  const project = await page.request.post('/api/projects', {
    headers: writeHeaders,
    data: { name: projectName, clientId, status: 'in_progress' },
  });
  expect(project.status()).toBe(201);
  const { id: projectId } = (await project.json()) as { id: string };
  return { clientId, projectId };
}

function toast(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' });
}

function card(page: Page, title: string) {
  return page.getByRole('article', { name: title });
}

test('Suivi Travaux: a report is created, edited, validated, then signed by a named signer', async ({
  page,
}, testInfo) => {
  await signedInCompany(page, testInfo, 'suivi');
  await clientWithProject(page, 'Garnier SARL', 'Extension Garnier');

  await page.goto('/work-tracking');
  await expect(page.getByRole('heading', { name: 'Suivi Travaux' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'En Attente (0)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Validés (0)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Signés (0)' })).toBeVisible();
  await expect(page.getByText('Aucun état en attente')).toBeVisible();

  // Create: the form's required fields first.
  await page.getByRole('button', { name: 'Nouvel État' }).click();
  let dialog = page.getByRole('dialog', { name: "Nouvel État d'Avancement" });
  await dialog.getByRole('button', { name: "Créer l'état" }).click();
  await expect(dialog.getByText('Le projet est requis')).toBeVisible();
  await expect(dialog.getByText('Le titre est requis')).toBeVisible();
  await expect(dialog.getByText("Le pourcentage d'avancement est requis")).toBeVisible();
  await chooseOption(page, dialog, 'Projet', 'Extension Garnier — Garnier SARL');
  await dialog.getByLabel('Titre').fill('Gros œuvre — semaine 12');
  await dialog.getByLabel('Avancement (%)').fill('40');
  await dialog.getByLabel('Travaux réalisés').fill('Fondations');
  await dialog.getByLabel('Total prévu (€)').fill('12 000');
  await expectNoHorizontalOverflow(page);
  await dialog.getByRole('button', { name: "Créer l'état" }).click();
  await expect(toast(page).getByText('État créé avec succès')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('tab', { name: 'En Attente (1)' })).toBeVisible();
  const report = card(page, 'Gros œuvre — semaine 12');
  await expect(report).toContainText('Extension Garnier · Garnier SARL');
  await expect(report).toContainText('En attente');
  await expect(report).toContainText('40%');
  await expect(report).toContainText('12 000,00 €');
  await expect(report.getByRole('button', { name: /^Signer/ })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);

  // Edit: the status stays.
  await report.getByRole('button', { name: /^Modifier/ }).click();
  dialog = page.getByRole('dialog', { name: "Modifier l'état d'avancement" });
  await dialog.getByLabel('Avancement (%)').fill('45');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page).getByText('État mis à jour avec succès')).toBeVisible();
  await expect(report).toContainText('45%');
  await expect(report).toContainText('En attente');

  // Validate: the report moves to 'Validés'.
  await report.getByRole('button', { name: /^Valider/ }).click();
  await expect(toast(page).getByText('État validé avec succès')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Validés (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'En Attente (0)' })).toBeVisible();
  await expect(report).toContainText('Validé le');
  await expect(report.getByRole('button', { name: /^Valider/ })).toHaveCount(0);

  // Sign: nothing is sent without a name.
  await report.getByRole('button', { name: /^Signer/ }).click();
  dialog = page.getByRole('dialog', { name: "Signer l'état d'avancement" });
  await dialog.getByRole('button', { name: 'Signer' }).click();
  await expect(dialog.getByText('Le nom du signataire est requis')).toBeVisible();
  await dialog.getByLabel('Nom du signataire').fill('Jeanne Durand');
  await dialog.getByRole('button', { name: 'Signer' }).click();
  await expect(toast(page).getByText('État signé avec succès')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Signés (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(report).toContainText('Signé le');
  await expect(report).toContainText('SignataireJeanne Durand');
  await expect(report.getByRole('button')).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
});

test('Facturation: an invoice is created, sent (it takes its number) and paid; overdue is derived', async ({
  page,
}, testInfo) => {
  await signedInCompany(page, testInfo, 'factu');
  const garnier = await clientWithProject(page, 'Garnier SARL', 'Extension Garnier');
  await clientWithProject(page, 'Mairie de Lyon', 'École Jules Ferry');
  // A sent invoice due long ago reads overdue.
  const late = await page.request.post('/api/invoices', {
    headers: writeHeaders,
    data: { clientId: garnier.clientId, title: 'Situation n°0', totalAmount: '500', dueDate: '2026-01-05' },
  });
  expect(late.status()).toBe(201);
  const { id: lateId } = (await late.json()) as { id: string };
  expect((await page.request.post(`/api/invoices/${lateId}/send`, { headers: writeHeaders })).status()).toBe(
    200,
  );

  await page.goto('/invoicing');
  await expect(page.getByRole('heading', { name: 'Facturation' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'En retard' })).toContainText('500,00 €');
  await expect(page.getByRole('region', { name: 'En retard' })).toContainText('1 facture');
  await expect(page.getByRole('region', { name: 'Total en attente' })).toContainText('500,00 €');
  await expect(page.getByRole('region', { name: 'Total encaissé' })).toContainText('0,00 €');
  await expect(page.getByRole('region', { name: 'Brouillons' })).toContainText('0 facture');
  await expect(page.getByRole('tab', { name: 'En retard (1)' })).toBeAttached();
  await expect(page.getByRole('tab', { name: 'Envoyées (0)' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Aucune facture envoyée')).toBeVisible();
  await expectNoHorizontalOverflow(page);

  // Create: only the chosen client's projects are offered.
  await page.getByRole('button', { name: 'Nouvelle Facture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle Facture' });
  await chooseOption(page, dialog, 'Client', 'Garnier SARL');
  await dialog.getByLabel('Projet', { exact: true }).click();
  await expect(page.locator('.ant-select-item-option', { hasText: 'Extension Garnier' })).toBeVisible();
  await expect(page.locator('.ant-select-item-option', { hasText: 'École Jules Ferry' })).toHaveCount(0);
  await page.locator('.ant-select-item-option', { hasText: 'Extension Garnier' }).click();
  await dialog.getByLabel('Titre').fill('Situation n°1');
  await dialog.getByLabel('Montant total (€)').fill('1 234,50');
  await dialog.getByLabel('Échéance').fill('30/06/2099');
  await dialog.getByLabel('Échéance').press('Enter');
  await dialog.getByLabel('Description').fill('Gros œuvre, première situation.');
  await expectNoHorizontalOverflow(page);
  await dialog.getByRole('button', { name: 'Créer la facture' }).click();
  await expect(toast(page).getByText('Facture créée avec succès')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('tab', { name: 'Brouillons (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Brouillons' })).toContainText('1 234,50 €');
  const invoice = card(page, 'Situation n°1');
  await expect(invoice).toContainText('Brouillon');
  await expect(invoice).toContainText('Garnier SARL · Extension Garnier');
  await expect(invoice).toContainText('Échéance: 30/06/2099');

  await invoice.getByRole('button', { name: /^Voir détails/ }).click();
  const details = page.getByRole('dialog', { name: 'Détails de la facture' });
  await expect(details).toContainText('NuméroBrouillon');
  await expect(details).toContainText('Montant total1 234,50 €');
  await details.getByRole('button', { name: 'Fermer' }).first().click();
  await expect(details).toBeHidden();

  // Send: the invoice takes the next number of the year (the overdue one has the first).
  await invoice.getByRole('button', { name: /^Envoyer/ }).click();
  await page
    .getByRole('dialog', { name: 'Envoyer la facture ?' })
    .getByRole('button', { name: 'Envoyer' })
    .click();
  await expect(toast(page).getByText(/^Facture FAC-\d{4}-0002 envoyée avec succès$/)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Envoyées (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(invoice).toContainText(/FAC-\d{4}-0002/);
  await expect(invoice).toContainText('Envoyée');
  await expect(page.getByRole('region', { name: 'Total en attente' })).toContainText('1 734,50 €');

  // Pay: the total and today by default.
  await invoice.getByRole('button', { name: /^Marquer payée/ }).click();
  const pay = page.getByRole('dialog', { name: 'Marquer payée' });
  await expect(pay.getByLabel('Montant payé (€)')).toHaveValue('1234,50');
  await expectNoHorizontalOverflow(page);
  await pay.getByRole('button', { name: 'Marquer payée' }).click();
  await expect(toast(page).getByText(/^Facture FAC-\d{4}-0002 marquée payée avec succès$/)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Payées (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(invoice).toContainText('Payée');
  await expect(invoice.getByRole('button')).toHaveText(['Voir détails']);
  await expect(page.getByRole('region', { name: 'Total encaissé' })).toContainText('1 234,50 €');
  await expect(page.getByRole('region', { name: 'Total en attente' })).toContainText('500,00 €');
  await expectNoHorizontalOverflow(page);
});
