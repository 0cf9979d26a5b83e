import { expect, test, type Page, type TestInfo } from '../support/fixtures.js';
import { ensureInstalled, expectNoHorizontalOverflow } from '../support/accounts.js';
import { registerCompany } from '../support/company.js';
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

test('Devis: two VAT rates priced live to the cent, sent, accepted, a 30 % deposit invoiced as a draft in Facturation', async ({
  page,
}, testInfo) => {
  // Sending a quote needs the company's legal profile: registerCompany completes it.
  await registerCompany(page.request, `devis-${testInfo.project.name}`);
  const clientId = await created(page, '/api/clients', {
    name: 'SCI Les Tilleuls',
    email: 'compta@tilleuls.example.fr',
  });
  await created(page, '/api/projects', { name: 'Maison Dupont', clientId });

  await page.goto('/quotes');
  await expect(page.getByRole('heading', { name: 'Devis', exact: true })).toBeVisible();
  await expect(page.getByText('Aucun devis')).toBeVisible();
  await expectNoHorizontalOverflow(page);

  await page.getByRole('button', { name: 'Nouveau Devis' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Nouveau Devis')).toBeVisible();
  await expect(dialog.getByLabel('Frais généraux (%)')).toHaveValue('10,00');
  await expect(dialog.getByLabel('Marge (%)')).toHaveValue('15,00');
  await dialog.getByLabel('Titre').fill('Rénovation salle de bains');
  await chooseOption(page, dialog, 'Client', 'SCI Les Tilleuls');
  await chooseOption(page, dialog, 'Projet', 'Maison Dupont');
  await dialog.getByLabel("Valide jusqu'au").fill('31/12/2099');

  await dialog.getByRole('button', { name: 'Ajouter une ligne' }).click();
  await dialog.getByRole('button', { name: 'Ajouter une ligne' }).click();
  const first = dialog.getByRole('listitem', { name: 'Ligne 1' });
  const second = dialog.getByRole('listitem', { name: 'Ligne 2' });
  await chooseOption(page, first, 'Type de ressource', 'Matériaux');
  await first.getByLabel('Description').fill('Carrelage 60x60');
  await first.getByLabel('Unité').fill('m²');
  await first.getByLabel('Quantité').fill('12,5');
  await first.getByLabel('Prix unitaire (déboursé)').fill('8,40');
  await expect(
    first.getByLabel('TVA', { exact: true }).locator('xpath=ancestor::*[contains(@class, "ant-select ")][1]'),
  ).toContainText(/20\s%/);
  await chooseOption(page, second, 'Type de ressource', "Main-d'œuvre");
  await second.getByLabel('Description').fill('Pose');
  await second.getByLabel('Quantité').fill('0');
  await second.getByLabel('Prix unitaire (déboursé)').fill('150');
  await chooseOption(page, second, 'TVA', /10\s%/);

  await dialog.getByRole('button', { name: 'Créer le devis' }).click();
  await expect(second.getByText('La quantité doit être un nombre positif')).toBeVisible();
  await second.getByLabel('Quantité').fill('2');

  // K = 1.10 × 1.15: 8.40 € → 10.63 € a unit (132.88 € the line), 150 € → 189.75 € (379.50 €).
  await expect(first.getByLabel('Montants de la ligne 1')).toContainText(/Total vente HT\s*132,88\s€/);
  await expect(second.getByLabel('Montants de la ligne 2')).toContainText(
    /Prix de vente unitaire HT\s*189,75\s€/,
  );
  const totals = dialog.getByLabel('Totaux du devis');
  await expect(totals).toContainText(/Déboursé sec\s*405,00\s€/);
  await expect(totals).toContainText(/Frais généraux \(10,00 %\)\s*40,50\s€/);
  await expect(totals).toContainText(/Marge \(15,00 %\)\s*66,88\s€/);
  await expect(totals).toContainText(/Total HT\s*512,38\s€/);
  await expect(totals).toContainText(/TVA 20\s% sur 132,88\s€\s*26,58\s€/);
  await expect(totals).toContainText(/TVA 10\s% sur 379,50\s€\s*37,95\s€/);
  await expect(totals).toContainText(/Total TTC\s*576,91\s€/);
  await expectNoHorizontalOverflow(page);
  await dialog.getByRole('button', { name: 'Créer le devis' }).click();
  await expect(toast(page).getByText('Le devis a été créé avec succès.')).toBeVisible();

  // The server priced it as the editor did.
  const card = page.getByRole('article', { name: /^Devis DEV-/ });
  await expect(card).toContainText('Brouillon');
  await expect(card).toContainText('Rénovation salle de bains');
  await expect(card).toContainText('SCI Les Tilleuls');
  await expect(card).toContainText('Maison Dupont');
  await expect(card).toContainText(/Total HT\s*512,38\s€/);
  await expect(card).toContainText(/Total TTC\s*576,91\s€/);
  await expect(card).toContainText('31/12/2099');
  await expectNoHorizontalOverflow(page);

  // The send dialog: the client's address prefilled, the PDF attached (docs/sending.md).
  await card.getByRole('button', { name: 'Envoyer' }).click();
  const sending = page.getByRole('dialog', { name: /^Envoyer le devis DEV-/ });
  await expect(sending.getByLabel('E-mail du destinataire')).toHaveValue('compta@tilleuls.example.fr');
  await expect(sending).toContainText(/Pièce jointe : Devis DEV-\d{4}-\d{4}\.pdf/);
  await expectNoHorizontalOverflow(page);
  await sending.getByRole('button', { name: 'Envoyer' }).click();
  await expect(toast(page).getByText('Devis envoyé à compta@tilleuls.example.fr')).toBeVisible();
  await expect(card).toContainText('Envoyé le');
  await expect(card).toContainText(/Envoyé à compta@tilleuls\.example\.fr le \d{2}\/\d{2}\/\d{4}/);
  await expect(card.getByRole('button', { name: 'Envoyer' })).toHaveCount(0);

  // The client's "Bon pour accord", today.
  await card.getByRole('button', { name: 'Bon pour accord' }).click();
  await expect(dialog.getByText(/Bon pour accord : devis DEV-/)).toBeVisible();
  await dialog.getByRole('button', { name: "Enregistrer l'accord" }).click();
  await expect(dialog.getByText('Le nom du signataire est requis')).toBeVisible();
  await dialog.getByLabel('Nom du signataire').fill('Jeanne Durand');
  await dialog.getByRole('button', { name: "Enregistrer l'accord" }).click();
  await expect(toast(page).getByText(/est accepté : il passe à « Validé »/)).toBeVisible();
  await expect(card).toContainText('Validé');
  await expect(card).toContainText(/Accepté le \d{2}\/\d{2}\/\d{4} par Jeanne Durand/);

  // A 30 % deposit, split across the two rates: 39.86 € at 20 % and 113.85 € at 10 %.
  await card.getByRole('button', { name: 'Facturer' }).click();
  await expect(dialog.getByText(/Facturer le devis DEV-/)).toBeVisible();
  await dialog.getByRole('radio', { name: "Facture d'acompte" }).check();
  await dialog.getByLabel("Pourcentage de l'acompte (%)").fill('30');
  const deposit = dialog.getByLabel("Montants de la facture d'acompte");
  await expect(deposit).toContainText(/Total HT\s*153,71\s€/);
  await expect(deposit).toContainText(/TVA 20\s% sur 39,86\s€\s*7,97\s€/);
  await expect(deposit).toContainText(/TVA 10\s% sur 113,85\s€\s*11,39\s€/);
  await expect(deposit).toContainText(/Total TTC\s*173,07\s€/);
  await expectNoHorizontalOverflow(page);
  await dialog.getByRole('button', { name: 'Créer la facture' }).click();
  await expect(
    toast(page).getByText(/La facture d'acompte du devis DEV-.* a été créée en brouillon\./),
  ).toBeVisible();

  await toast(page).getByRole('button', { name: 'Voir dans Facturation' }).click();
  await expect(page).toHaveURL(/\/invoicing$/);
  // The new invoice is a draft: under 'Brouillons', at the HT the quote's screen announced.
  await expect(page.getByRole('region', { name: 'Brouillons (HT)' })).toContainText(/153,71\s€/);
  await page.getByRole('tab', { name: /^Brouillons/ }).click();
  const invoice = page.getByRole('article').filter({ hasText: "Facture d'acompte" });
  await expect(invoice).toHaveCount(1);
  await expect(invoice).toContainText(/173,07\s€ TTC/);

  // Sending and crediting it are Facturation's journey (work-tracking-invoicing.spec.ts): an invoice
  // sent from its dialog, a whole credit note sent with its AV number cancelling it.
  await expectNoHorizontalOverflow(page);
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
  await dialog.getByLabel("Valide jusqu'au").fill('15/12/2026');
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
  // One line at the default 20 %: 4 000,42 € HT make 4 800,50 € TTC.
  const line = dialog.getByRole('listitem', { name: 'Ligne 1' });
  await line.getByLabel('Désignation').fill('Béton C25/30, 12 m³');
  await line.getByLabel('Quantité').fill('1');
  await line.getByLabel('Prix unitaire HT').fill('4000,42');
  await expect(dialog.getByLabel('Totaux de la facture')).toContainText(/4\s800,50\s€/);
  await dialog.getByRole('button', { name: 'Créer la facture' }).click();
  await expect(toast(page).getByText('Facture fournisseur créée avec succès')).toBeVisible();
  const invoice = page.getByRole('article', { name: /^Facture fournisseur FF-/ });
  await expect(invoice).toContainText('Livraison béton');
  await expect(invoice).toContainText(/4\s800,50\s€/);
  await expect(invoice).toContainText('Brouillon');
  await expectNoHorizontalOverflow(page);
});
