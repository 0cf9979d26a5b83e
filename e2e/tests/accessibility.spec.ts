import { expect, test, type Cookie, type Page } from '../support/fixtures.js';
import { auditScreen } from '../support/accessibility.js';
import {
  ensureInstalled,
  expectNoHorizontalOverflow,
  navigateTo,
  openNavigation,
  superAdmin,
} from '../support/accounts.js';
import { registerCompany, seedCompany, writeHeaders, type SeededRecords } from '../support/company.js';

/**
 * axe-core (WCAG 2.1 A/AA) on every screen and its dialogs, with a company that has data, on
 * the desktop and the phone (Paramètres › Facturation électronique at 360 px); with
 * `E2E_SCREENSHOTS=1`, each screen's full-page screenshot lands in e2e/screenshots/<project>/. The
 * setup screen is audited in foundation.spec.ts, the only time it is reachable. What both viewports
 * render alike (a toast, a tab's form of the same components) is audited once, on the desktop.
 */

let cookies: Cookie[] = [];
let records: SeededRecords;
let companyName = '';
let adminUsername = '';

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(120_000);
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  ({ companyName, username: adminUsername } = await registerCompany(api, `a11y-${testInfo.project.name}`));
  records = await seedCompany(api, 'Axe');
  cookies = (await api.storageState()).cookies;
  await api.dispose();
});

async function signedIn(page: Page) {
  await page.context().addCookies(cookies);
}

async function openScreen(page: Page, path: string, title: string, ready: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText(ready).first()).toBeVisible();
}

/**
 * Opens a screen of the sidebar (the drawer on a phone) as a person does, in the SPA already loaded:
 * a test loads the app once, not once per screen (each load parses the bundles and builds antd's
 * styles again, most of the browser's CPU in a tour of ten screens).
 */
async function openFromSidebar(page: Page, path: string, title: string, ready: string) {
  await navigateTo(page, path);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText(ready).first()).toBeVisible();
}

/** Closes the dialog on top with Escape, as the keyboard does. */
async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
}

test('sign-in, registration and not-found screens, and an error toast @phone', async ({
  page,
  request,
}, testInfo) => {
  await ensureInstalled(request);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await auditScreen(page, testInfo, 'login');
  // The toast and the other tab below are the same components at any width: audited once.
  const desktop = testInfo.project.name === 'desktop';

  if (desktop) {
    // The failure message of a wrong password, in a toast.
    await page.getByLabel('Identifiant').fill('personne');
    await page.getByLabel('Mot de passe', { exact: true }).fill('pas-le-bon');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    const failure = page.getByRole('status').filter({ hasText: 'Erreur de connexion' });
    await expect(failure).toBeVisible();
    // The toast alone (the page behind it is the audit above), held open under the pointer.
    await failure.hover();
    await auditScreen(page, testInfo, 'login-error', { only: failure });
  }

  await page.goto('/register');
  await expect(page.getByRole('tab', { name: 'Nouvelle entreprise' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await auditScreen(page, testInfo, 'register-new-company');
  if (desktop) {
    await page.getByRole('tab', { name: 'Entreprise existante' }).click();
    await expect(page.getByLabel("Identifiant de l'entreprise")).toBeVisible();
    // What the other tab changes: the tabs and the form.
    await auditScreen(page, testInfo, 'register-existing-company', { only: '.ant-tabs, form' });
  }

  await page.goto('/nimporte-quoi');
  await expect(page.getByText('Page introuvable')).toBeVisible();
  await auditScreen(page, testInfo, 'not-found');
});

test('the ten business screens with data, and their creation forms @phone', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  await signedIn(page);
  const [kitchen, extension] = records.projects;
  // Each screen once, then the dialog its main button opens (audited alone: the page is done).
  const screens: [path: string, title: string, ready: string, name: string, button?: string][] = [
    ['/', 'Tableau de Bord', kitchen?.name ?? '', 'dashboard'],
    ['/clients', 'Clients', records.clients[0]?.name ?? '', 'clients'],
    ['/suppliers', 'Fournisseurs', records.supplier.name, 'suppliers', 'Nouveau fournisseur'],
    ['/projects', 'Projets', extension?.name ?? '', 'projects', 'Nouveau Projet'],
    ['/quotes', 'Devis', records.quote.title, 'quotes', 'Nouveau Devis'],
    ['/purchases', 'Achats', records.supplierQuote.title, 'purchases', 'Nouvelle Demande de Prix'],
    ['/work-tracking', 'Suivi Travaux', records.progressReport.title, 'work-tracking', 'Nouvel État'],
    ['/invoicing', 'Facturation', 'Total encaissé', 'invoicing', 'Nouvelle Facture'],
    ['/documents', 'Documents', records.document.name, 'documents', 'Uploader un document'],
    ['/finances', 'Finances', 'CA Encaissé', 'finances'],
  ];
  // The app loaded once, on the first screen; the others through the navigation.
  for (const [index, [path, title, ready, name, button]] of screens.entries()) {
    await (index === 0 ? openScreen : openFromSidebar)(page, path, title, ready);
    // On the phone, the journeys of each screen run on the desktop only: here its width is checked.
    await expectNoHorizontalOverflow(page);
    await auditScreen(page, testInfo, name);
    if (button === undefined) continue;
    await page.getByRole('button', { name: button }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // The quote dialog with a line, so that the line editor's fields are audited too.
    if (path === '/quotes') await dialog.getByRole('button', { name: 'Ajouter une ligne' }).click();
    await auditScreen(page, testInfo, `${name}-dialog`, { only: '.ant-modal-wrap' });
    await closeDialog(page);
  }

  // The client form opens in the page; submitted empty, it shows its message.
  await openFromSidebar(page, '/clients', 'Clients', records.clients[0]?.name ?? '');
  await page.getByRole('button', { name: 'Nouveau Client' }).click();
  await page.getByRole('button', { name: 'Créer le client' }).click();
  await expect(page.getByText('Le nom est requis')).toBeVisible();
  // The form's card alone: the page around it is the 'clients' audit above.
  await auditScreen(page, testInfo, 'clients-form', {
    only: page.locator('.ant-card').filter({ has: page.getByRole('button', { name: 'Créer le client' }) }),
  });
  // A confirmation.
  await page.getByRole('button', { name: `Supprimer ${records.clients[0]?.name ?? ''}` }).click();
  await expect(page.getByRole('dialog').filter({ hasText: 'Supprimer le client' })).toBeVisible();
  await auditScreen(page, testInfo, 'delete-confirmation', { only: '.ant-modal-wrap' });

  // The navigation: the drawer on a phone, audited alone; on the desktop the sidebar, which every
  // page audit above already covered.
  await page.keyboard.press('Escape');
  await openNavigation(page);
  if (testInfo.project.name === 'mobile')
    await auditScreen(page, testInfo, 'navigation', { only: '.ant-drawer' });
});

test("the dialogs behind the records' buttons @phone", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signedIn(page);
  const modal = { only: '.ant-modal-wrap' };
  const visible = (name: string | RegExp) =>
    page.getByRole('button', { name }).filter({ visible: true }).first();
  const closed = () => closeDialog(page);

  // A sent quote: its content read-only, its status still open.
  await openScreen(page, '/quotes', 'Devis', records.quote.title);
  await page
    .getByRole('article', { name: /^Devis DEV-/ })
    .filter({ hasText: records.quote.title })
    .getByRole('button', { name: /^Voir le devis DEV-/ })
    .click();
  await expect(page.getByRole('dialog').getByLabel('Statut')).toBeEnabled();
  await auditScreen(page, testInfo, 'quote-edit-dialog', modal);
  await closed();

  // A supplier invoice, from the orders.
  await openFromSidebar(page, '/purchases', 'Achats', records.supplierQuote.title);
  await page.getByRole('tab', { name: /^Commandes/ }).click();
  await visible('Nouvelle facture').click();
  await expect(page.getByRole('dialog').getByLabel('Fournisseur')).toBeVisible();
  await auditScreen(page, testInfo, 'supplier-invoice-dialog', modal);
  await closed();

  // Signing a validated report, with the message of a missing name.
  await openFromSidebar(page, '/work-tracking', 'Suivi Travaux', records.progressReport.title);
  await page.getByRole('tab', { name: /^Validés/ }).click();
  await visible(/^Signer/).click();
  const sign = page.getByRole('dialog', { name: "Signer l'état d'avancement" });
  await sign.getByRole('button', { name: 'Signer' }).click();
  await expect(sign.getByText('Le nom du signataire est requis')).toBeVisible();
  await auditScreen(page, testInfo, 'sign-dialog', modal);
  await closed();

  // Paying a sent invoice, then an invoice's details.
  await openFromSidebar(page, '/invoicing', 'Facturation', 'Total encaissé');
  await page.getByRole('tab', { name: /^Envoyées/ }).click();
  await visible(/^Marquer payée/).click();
  await expect(
    page.getByRole('dialog', { name: 'Enregistrer un paiement' }).getByLabel('Montant payé (€)'),
  ).toBeVisible();
  await auditScreen(page, testInfo, 'invoice-pay-dialog', modal);
  await closed();
  await visible(/^Voir détails/).click();
  await expect(page.getByRole('dialog', { name: 'Détails de la facture' })).toContainText('Montant total');
  await auditScreen(page, testInfo, 'invoice-details-dialog', modal);
  await closed();
});

test("Système Admin, its user dialog, and 'Accès refusé' @phone", async ({ page }, testInfo) => {
  await signedIn(page);
  await page.goto('/admin');
  await expect(page.getByText('Accès refusé')).toBeVisible();
  await auditScreen(page, testInfo, 'access-denied');

  await page.context().clearCookies();
  const login = await page.request.post('/api/auth/login', {
    headers: writeHeaders,
    data: { identifier: superAdmin.username, password: superAdmin.password },
  });
  expect(login.status()).toBe(200);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Système Admin', level: 1 })).toBeVisible();
  await expect(page.getByText("Taux d'activité")).toBeVisible();
  await expect(page.getByRole('button', { name: /^Modifier / }).first()).toBeVisible();
  // Every company of the shared server has its users there (a card each on a phone): searched down
  // to this test's administrator, whose card or row stands for them all.
  await page.getByLabel('Rechercher un utilisateur').fill(adminUsername);
  await expect(page.getByText(`@${adminUsername}`).filter({ visible: true })).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Modifier Claire Fontaine' }).filter({ visible: true }),
  ).toHaveCount(1);
  await auditScreen(page, testInfo, 'admin');
  await page.getByRole('button', { name: 'Modifier Claire Fontaine' }).filter({ visible: true }).click();
  await expect(page.getByRole('dialog').getByText("Gérer l'utilisateur")).toBeVisible();
  await auditScreen(page, testInfo, 'admin-user-dialog', { only: '.ant-modal-wrap' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('tab', { name: 'Entreprises' }).click();
  // A table on the desktop, cards on a phone: the one shown.
  await expect(page.getByText(companyName).filter({ visible: true })).toBeVisible();
  // The other tab's panel (the page around it is the 'admin' audit above): 20 rows a page on the
  // desktop; on a phone every company of the shared server is a card, and this test's stands for all.
  const companies = page.getByRole('tabpanel', { name: 'Entreprises' });
  await auditScreen(page, testInfo, 'admin-companies', {
    only:
      testInfo.project.name === 'mobile'
        ? companies.getByRole('listitem').filter({ hasText: companyName })
        : companies,
  });
});

test('Paramètres › Facturation électronique, its field message and its last exchange, at 360 px @phone', async ({
  page,
}, testInfo) => {
  await signedIn(page);
  // The narrowest phone the product serves (the project's own is 390 px).
  if (testInfo.project.name === 'mobile') await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/settings?onglet=facturation-electronique');
  const card = page.locator('.ant-card').filter({ hasText: 'Plateforme agréée' });
  // Prefilled for the local platform (the company's SIRET has an account there).
  await expect(card.getByText('Plateforme locale de développement')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await auditScreen(page, testInfo, 'settings-einvoicing');

  // A field's message, before anything is sent.
  const address = card.getByLabel('Adresse de la plateforme');
  const prefilled = await address.inputValue();
  await address.fill('http://pa.exemple.fr');
  await card.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(card.getByText("L'adresse de la plateforme doit être une adresse https://")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  // The card alone from here on: the page around it is the audit above.
  await auditScreen(page, testInfo, 'settings-einvoicing-error', { only: card });

  // Saved with the transmission off (nothing of this company goes to the platform), then tested:
  // the last exchange's outcome under the form.
  await address.fill(prefilled);
  const transmission = card.getByRole('switch', { name: 'Transmission via la plateforme' });
  if (await transmission.isChecked()) await transmission.click();
  await card.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Facturation électronique enregistrée avec succès')).toBeVisible();
  await card.getByRole('button', { name: 'Tester la connexion' }).click();
  await expect(card.getByText(/Connexion réussie : la plateforme répond\./)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await auditScreen(page, testInfo, 'settings-einvoicing-status', { only: card });
});

test('the Bibliothèque, its dialogs, and the devis editor’s lots, sous-détail and library panel', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signedIn(page);
  const modal = { only: '.ant-modal-wrap' };
  const article = async (data: object) => {
    const response = await page.request.post('/api/library/articles', { headers: writeHeaders, data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const brick = await article({
    resourceType: 'materials',
    designation: 'Axe parpaing 20×20×50',
    unit: 'u',
    unitCost: '1.48',
    family: 'Gros œuvre › Maçonnerie',
  });
  const mason = await article({
    resourceType: 'labor',
    designation: 'Axe maçon',
    unit: 'h',
    unitCost: '38.75',
  });
  const ouvrage = await page.request.post('/api/library/ouvrages', {
    headers: writeHeaders,
    data: {
      designation: 'Axe mur en parpaings',
      unit: 'm²',
      family: 'Gros œuvre › Maçonnerie',
      components: [
        { articleId: brick, quantity: '10', lossRate: '5' },
        { articleId: mason, quantity: '0.85' },
      ],
    },
  });
  expect(ouvrage.status(), await ouvrage.text()).toBe(201);

  await openScreen(page, '/library', 'Bibliothèque', 'Axe parpaing 20×20×50');
  await auditScreen(page, testInfo, 'library');
  await page.getByRole('button', { name: 'Nouvel article' }).first().click();
  await expect(page.getByRole('dialog').getByLabel('Désignation')).toBeVisible();
  await auditScreen(page, testInfo, 'library-article-dialog', modal);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Importer un tarif fournisseur' }).click();
  await expect(page.getByRole('dialog').getByLabel('Fichier du tarif')).toBeVisible();
  await auditScreen(page, testInfo, 'library-import-dialog', modal);
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Ouvrages' }).click();
  await expect(page.getByText('Axe mur en parpaings').first()).toBeVisible();
  await auditScreen(page, testInfo, 'library-ouvrages');
  await page.getByRole('button', { name: 'Modifier Axe mur en parpaings' }).click();
  await expect(page.getByRole('dialog').getByText(/Déboursé sec unitaire/)).toBeVisible();
  await auditScreen(page, testInfo, 'library-ouvrage-dialog', modal);
  await page.keyboard.press('Escape');

  // The devis editor: a lot, a line from the library with its sous-détail open, the analysis, the panel.
  await openFromSidebar(page, '/quotes', 'Devis', records.quote.title);
  await page.getByRole('button', { name: 'Nouveau Devis' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Ajouter un lot' }).click();
  await page.keyboard.type('Maçonnerie');
  await dialog.getByRole('button', { name: 'Ajouter une ligne' }).click();
  const line = dialog.getByRole('listitem', { name: 'Ligne 1.1' });
  await line.getByLabel('Description').click();
  await page.keyboard.type('axe mur');
  await expect(
    page.locator('.ant-select-dropdown').getByText('Axe mur en parpaings', { exact: true }),
  ).toBeVisible();
  await auditScreen(page, testInfo, 'quote-library-search', modal);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await line.getByRole('button', { name: /^Sous-détail de la ligne 1\.1/ }).click();
  await expect(line.getByRole('listitem', { name: /^Composant 2\. Axe maçon/ })).toBeVisible();
  await dialog.getByText('Analyse du devis').click();
  await auditScreen(page, testInfo, 'quote-lots-dialog', modal);
  await dialog.getByRole('button', { name: /Bibliothèque$/ }).click();
  const panel = page.locator('.ant-drawer');
  await panel.getByLabel('Rechercher dans la bibliothèque').fill('axe');
  await expect(panel.getByRole('button', { name: 'Insérer Axe maçon' })).toBeVisible();
  await auditScreen(page, testInfo, 'quote-library-panel', { only: '.ant-drawer' });
});
