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
      firstName: 'Paul',
      lastName: 'Garnier',
      email: `paul.${unique}@example.fr`,
      username: `pg-${unique}`,
      password,
      confirmPassword: password,
      companyName: `Garnier Construction ${unique}`,
    },
  });
  expect(response.status()).toBe(201);
}

async function created(page: Page, path: string, data: Record<string, unknown>): Promise<string> {
  const response = await page.request.post(path, { headers: writeHeaders, data });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

function toast(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' });
}

test('Devis: a quote with two lines is priced live, created, sent, then validated', async ({
  page,
}, testInfo) => {
  await signedInCompany(page, testInfo, 'devis');
  const clientId = await created(page, '/api/clients', { name: 'SCI Les Tilleuls' });
  await created(page, '/api/projects', { name: 'Maison Dupont', clientId });

  await page.goto('/quotes');
  await expect(page.getByRole('heading', { name: 'Devis', exact: true })).toBeVisible();
  await expect(page.getByText('Aucun devis')).toBeVisible();
  await expectNoHorizontalOverflow(page);

  await page.getByRole('button', { name: 'Nouveau Devis' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Nouveau Devis')).toBeVisible();
  await expect(dialog.getByLabel('Frais généraux (%)')).toHaveValue('10.00');
  await expect(dialog.getByLabel('Marge (%)')).toHaveValue('15.00');
  await dialog.getByLabel('Titre').fill('Rénovation salle de bains');
  await chooseOption(page, dialog, 'Client', 'SCI Les Tilleuls');
  await chooseOption(page, dialog, 'Projet', 'Maison Dupont');
  await dialog.getByLabel("Valide jusqu'au").fill('2026-12-31');

  await dialog.getByRole('button', { name: 'Ajouter une ligne' }).click();
  await dialog.getByRole('button', { name: 'Ajouter une ligne' }).click();
  const first = dialog.getByRole('listitem', { name: 'Ligne 1' });
  const second = dialog.getByRole('listitem', { name: 'Ligne 2' });
  await chooseOption(page, first, 'Type de ressource', 'Matériaux');
  await first.getByLabel('Description').fill('Carrelage 60x60');
  await first.getByLabel('Unité').fill('m²');
  await first.getByLabel('Quantité').fill('12,5');
  await first.getByLabel('Prix unitaire').fill('8,40');
  await chooseOption(page, second, 'Type de ressource', "Main-d'œuvre");
  await second.getByLabel('Description').fill('Pose');
  await second.getByLabel('Quantité').fill('0');
  await second.getByLabel('Prix unitaire').fill('150');

  await dialog.getByRole('button', { name: 'Créer le devis' }).click();
  await expect(second.getByText('La quantité doit être un nombre positif')).toBeVisible();
  await second.getByLabel('Quantité').fill('2');

  const totals = dialog.getByLabel('Totaux du devis');
  await expect(totals).toContainText(/Déboursé sec\s*405,00\s€/);
  await expect(totals).toContainText(/Frais généraux \(10,00 %\)\s*40,50\s€/);
  await expect(totals).toContainText(/Marge \(15,00 %\)\s*66,83\s€/);
  await expect(totals).toContainText(/Total HT\s*512,33\s€/);
  await dialog.getByRole('button', { name: 'Créer le devis' }).click();
  await expect(toast(page).getByText('Le devis a été créé avec succès.')).toBeVisible();

  const card = page.getByRole('article', { name: /^Devis DEV-/ });
  await expect(card).toContainText('Brouillon');
  await expect(card).toContainText('Rénovation salle de bains');
  await expect(card).toContainText('SCI Les Tilleuls');
  await expect(card).toContainText('Maison Dupont');
  await expect(card).toContainText(/512,33\s€/);
  await expect(card).toContainText('31/12/2026');
  await expectNoHorizontalOverflow(page);

  await card.getByRole('button', { name: 'Envoyer' }).click();
  await page.getByRole('button', { name: "Confirmer l'envoi" }).click();
  await expect(toast(page).getByText('Le devis a été envoyé.')).toBeVisible();
  await expect(card).toContainText('Envoyé le');
  await expect(card.getByRole('button', { name: 'Envoyer' })).toHaveCount(0);

  await card.getByRole('button', { name: 'Modifier' }).click();
  await expect(dialog.getByLabel('Titre')).toBeDisabled();
  await expect(dialog.getByLabel('Totaux du devis')).toContainText(/Total HT\s*512,33\s€/);
  await chooseOption(page, dialog, 'Statut', 'Validé');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page).getByText('Le devis a été mis à jour.')).toBeVisible();
  await expect(card).toContainText('Validé');
});

test('Achats: a price request is created, received, selected, and becomes an order with its invoice', async ({
  page,
}, testInfo) => {
  await signedInCompany(page, testInfo, 'achats');
  const clientId = await created(page, '/api/clients', { name: 'Famille Petit' });
  await created(page, '/api/projects', { name: 'Extension Petit', clientId });
  await created(page, '/api/suppliers', { name: 'Béton du Midi' });

  await page.goto('/purchases');
  await expect(page.getByRole('heading', { name: 'Achats', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Demandes de Prix/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Commandes/ })).toBeVisible();
  await expect(page.getByText('Aucune demande de prix')).toBeVisible();

  await page.getByRole('button', { name: 'Nouvelle Demande de Prix' }).first().click();
  const dialog = page.getByRole('dialog');
  await chooseOption(page, dialog, 'Fournisseur', 'Béton du Midi');
  await chooseOption(page, dialog, 'Projet', 'Extension Petit');
  await dialog.getByLabel('Titre').fill('Béton C25/30');
  await dialog.getByLabel('Description').fill('12 m³ livrés sur chantier');
  await dialog.getByLabel('Montant (€)').fill('4 800,50');
  await dialog.getByLabel("Valide jusqu'au").fill('2026-12-15');
  await dialog.getByRole('button', { name: 'Créer la demande' }).click();
  await expect(toast(page).getByText('Demande de prix créée avec succès')).toBeVisible();

  const card = page.getByRole('article', { name: /^Demande de prix DP-/ });
  await expect(card).toContainText('Brouillon');
  await expect(card).toContainText('Béton du Midi');
  await expect(card).toContainText('Extension Petit');
  await expect(card).toContainText(/4\s800,50\s€/);
  await expect(card).toContainText('15/12/2026');
  await expect(card.getByRole('button', { name: 'Sélectionner' })).toHaveCount(0);

  // The supplier answered: the request is received ('Reçu').
  await card.getByRole('button', { name: 'Modifier' }).click();
  await chooseOption(page, dialog, 'Statut', 'Reçu');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page).getByText('Demande de prix mise à jour avec succès')).toBeVisible();
  await expect(card).toContainText('Reçu');

  await card.getByRole('button', { name: 'Sélectionner' }).click();
  await expect(toast(page).getByText('Demande de prix sélectionnée avec succès')).toBeVisible();
  await expect(card.getByText('Sélectionné')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Sélectionner' })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);

  await page.getByRole('tab', { name: /Commandes/ }).click();
  const orders = page.getByRole('list', { name: 'Commandes' });
  await expect(orders.getByRole('article')).toHaveCount(1);
  await expect(orders).toContainText('Béton C25/30');

  await page.getByRole('button', { name: 'Nouvelle facture' }).click();
  await chooseOption(page, dialog, 'Fournisseur', 'Béton du Midi');
  await chooseOption(page, dialog, 'Demande de prix liée', 'Béton C25/30');
  await dialog.getByLabel('Titre').fill('Livraison béton');
  await dialog.getByLabel('Montant (€)').fill('4800,50');
  await dialog.getByRole('button', { name: 'Créer la facture' }).click();
  await expect(toast(page).getByText('Facture fournisseur créée avec succès')).toBeVisible();
  const invoice = page.getByRole('article', { name: /^Facture fournisseur FF-/ });
  await expect(invoice).toContainText('Livraison béton');
  await expect(invoice).toContainText(/4\s800,50\s€/);
  await expect(invoice).toContainText('Brouillon');
  await expectNoHorizontalOverflow(page);
});
