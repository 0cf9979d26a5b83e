import { expect, test, type Page } from '../support/fixtures.js';
import { expectNoHorizontalOverflow, openNavigation } from '../support/accounts.js';
import { writeHeaders } from '../support/company.js';

/**
 * Every screen on the `DEMO=1` stack (a second `npm start`, see playwright.config.ts): Dupont
 * Bâtiment as `npm start` loads it (infra/local/src/demo.ts), seen by its administrator and by the
 * super administrator. Read only: both viewports share that stack.
 */

const demoPassword = 'Demo#2026';

async function signInAs(page: Page, identifier: string) {
  const response = await page.request.post('/api/auth/login', {
    headers: writeHeaders,
    data: { identifier, password: demoPassword },
  });
  expect(response.status()).toBe(200);
}

async function openScreen(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
}

test('the demo company on every screen @phone', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, 'demo');

  await openScreen(page, '/', 'Tableau de Bord');
  await expect(page.getByRole('region', { name: 'Projets Récents' }).getByText(/^\d+% terminé$/)).toHaveCount(
    3,
  );
  await expect(page.getByRole('region', { name: 'Factures en Attente' })).toContainText('Échéance:');
  // The same figures as Facturation and Finances: what is owed (TTC) and the margin.
  await expect(page.getByRole('region', { name: 'Factures en Attente' })).toContainText(
    '39 177,23 € TTC total',
  );
  await expect(page.getByText('21,7 %').first()).toBeVisible();
  const documents = page.getByRole('region', { name: 'Documents Récents' });
  await expect(documents).toContainText('PV de réception bureaux Moreau.pdf');
  await expect(documents.getByText(/ B · Il y a moins d'1h$/)).toHaveCount(4);
  const quantities = page.getByRole('region', { name: 'Suivi des Quantités - Projets Actifs' });
  await expect(quantities.getByRole('progressbar')).toHaveCount(3);
  await expect(page.getByText('sur 9 projets')).toBeVisible();
  await expectNoHorizontalOverflow(page);

  await openScreen(page, '/clients', 'Clients');
  await expect(page.getByRole('list', { name: 'Clients' }).locator(':scope > li')).toHaveCount(12);
  const durand = page
    .getByRole('list', { name: 'Clients' })
    .locator(':scope > li')
    .filter({ hasText: 'Maison Durand' });
  await expect(durand).toContainText('Entreprise');
  await expect(durand).toContainText('SIREN 552 100 554');

  await openScreen(page, '/suppliers', 'Fournisseurs');
  // The cards, not the lists of specialties inside them.
  const suppliers = page.getByRole('list', { name: 'Fournisseurs' }).locator(':scope > li');
  await expect(suppliers).toHaveCount(12);
  const pointP = suppliers.filter({ hasText: 'Point P Lyon Gerland' });
  await expect(pointP).toContainText('4,5/5');
  await expect(pointP).toContainText('Gros œuvre');

  await openScreen(page, '/projects', 'Projets');
  const projects = page.getByRole('list', { name: 'Projets' }).locator(':scope > li');
  await expect(projects).toHaveCount(9);
  for (const status of ['En cours', 'Planification', 'En pause', 'Terminé', 'Annulé']) {
    await expect(projects.getByText(status, { exact: true }).first()).toBeVisible();
  }

  await openScreen(page, '/quotes', 'Devis');
  // Ten quotes sized to their chantiers and the draft priced from the library in lots; the three
  // drafts can be sent.
  await expect(page.getByRole('article', { name: /^Devis DEV-/ })).toHaveCount(11);
  await expect(page.getByRole('button', { name: 'Envoyer' })).toHaveCount(3);

  await openScreen(page, '/purchases', 'Achats');
  await expect(page.getByRole('tab', { name: 'Demandes de Prix (5)' })).toBeVisible();
  await expect(page.getByText('Sélectionné', { exact: true })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Sélectionner' })).toHaveCount(1);
  await page.getByRole('tab', { name: /^Commandes/ }).click();
  await expect(page.getByRole('list', { name: 'Commandes' }).getByRole('article')).toHaveCount(1);
  // Materials, subcontracting and rentals of the chantiers: 12 paid, 4 still to pay.
  await expect(page.getByRole('article', { name: /^Facture fournisseur FF-/ })).toHaveCount(16);

  await openScreen(page, '/work-tracking', 'Suivi Travaux');
  for (const tab of ['En Attente (2)', 'Validés (2)', 'Signés (2)']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }

  await openScreen(page, '/invoicing', 'Facturation');
  // The deposit on the accepted quote is sent too; the Garnier extension has a deposit and two
  // situations paid and a third one in draft; the Moreau offices have a credit note.
  for (const tab of ['Envoyées (1)', 'En retard (2)', 'Payées (6)', 'Brouillons (2)', 'Avoirs (1)']) {
    await expect(page.getByRole('tab', { name: tab })).toBeAttached();
  }
  // Moreau 23 400,00, Petit 9 800,00 and the Hôtel du Parc's deposit 8 250,18 € HT paid, the
  // Garnier deposit and two situations (35 920,21 € HT), less the 480,00 € HT credited on the
  // Moreau offices. Overdue: the Belle Vue deposit and the Hôtel du Parc's 40 % (TTC).
  await expect(page.getByRole('region', { name: 'Total encaissé (HT)' })).toContainText('76 890,39 €');
  await expect(page.getByRole('region', { name: 'Total en attente (TTC)' })).toContainText('39 177,23 €');
  await expect(page.getByRole('region', { name: 'En retard (TTC)' })).toContainText('32 991,47 €');
  await expect(page.getByRole('region', { name: 'En retard (TTC)' })).toContainText('2 factures');
  // The cards are the server's figures of every invoice, whatever the search narrows the tabs to.
  await page.goto('/invoicing?q=Moreau');
  await expect(page.getByRole('tab', { name: 'Payées (1)' })).toBeAttached();
  await expect(page.getByRole('region', { name: 'Total encaissé (HT)' })).toContainText('76 890,39 €');
  await expect(page.getByRole('region', { name: 'En retard (TTC)' })).toContainText('32 991,47 €');

  await openScreen(page, '/documents', 'Documents');
  // Six uploaded files, and the PDF archived when each of the 9 invoices and the credit note was sent
  // (type Facture: under 'Autre', the spec's tabs having none for invoices).
  await expect(page.getByRole('article')).toHaveCount(16);
  await expect(page.getByRole('article', { name: /^Facture FAC-\d{4}-\d{4}\.pdf$/ })).toHaveCount(9);
  await expect(page.getByRole('article', { name: /^Avoir AV-\d{4}-0001\.pdf$/ })).toBeVisible();
  for (const tab of ['Tous (16)', 'Devis (1)', 'Plan (1)', 'Photo (1)', 'Contrat (1)', 'Autre (12)']) {
    await expect(page.getByRole('tab', { name: tab })).toBeAttached();
  }
  await expect(
    page.getByRole('article', { name: 'Plan RDC cuisine Durand.pdf' }).getByText('+1'),
  ).toBeVisible();

  await openScreen(page, '/finances', 'Finances');
  // The same revenue as Facturation, 60 240,00 € HT of supplier invoices paid: a margin of 21,7 %.
  await expect(page.getByText('76 890,39 €').first()).toBeVisible();
  await expect(page.getByText('Marge : 21,7 %')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Revenus vs Dépenses (HT)' })).toContainText(
    'Bénéfice Net16 650,39 €',
  );
  await expect(page.getByText('39 177,23 €').first()).toBeVisible();
  await expect(page.getByText('2 factures en retard')).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test('the super administrator sees the demo company and its people', async ({ page }) => {
  await signInAs(page, 'superadmin');
  await openScreen(page, '/admin', 'Système Admin');
  await expect(page.getByText('Jean Dupont').filter({ visible: true })).toBeVisible();
  await expect(page.getByText('Lucas Bernard').filter({ visible: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Entreprises' }).click();
  await expect(page.getByText('Dupont Bâtiment').filter({ visible: true })).toBeVisible();
  await openNavigation(page);
  await expect(page.getByRole('link', { name: 'Système Admin' })).toBeVisible();
});
