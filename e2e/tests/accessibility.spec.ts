import { expect, test, type Cookie, type Page } from '@playwright/test';
import { auditScreen } from '../support/accessibility.js';
import { ensureInstalled, openNavigation, superAdmin } from '../support/accounts.js';
import { registerCompany, seedCompany, writeHeaders, type SeededRecords } from '../support/company.js';

/**
 * axe-core (WCAG 2.1 A/AA) on every screen and the main dialogs, with a company that has data, on
 * the desktop and the phone; each screen's full-page screenshot lands in e2e/screenshots/<project>/.
 * The setup screen is audited in foundation.spec.ts, the only time it is reachable.
 */

let cookies: Cookie[] = [];
let records: SeededRecords;
let companyName = '';

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(120_000);
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  ({ companyName } = await registerCompany(api, `a11y-${testInfo.project.name}`));
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

test('sign-in, registration and not-found screens', async ({ page, request }, testInfo) => {
  await ensureInstalled(request);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await auditScreen(page, testInfo, 'login');

  // The failure message of a wrong password, on the same screen.
  await page.getByLabel('Identifiant').fill('personne');
  await page.getByLabel('Mot de passe', { exact: true }).fill('pas-le-bon');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Erreur de connexion')).toBeVisible();
  await auditScreen(page, testInfo, 'login-error');

  await page.goto('/register');
  await expect(page.getByRole('tab', { name: 'Nouvelle entreprise' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await auditScreen(page, testInfo, 'register-new-company');
  await page.getByRole('tab', { name: 'Entreprise existante' }).click();
  await expect(page.getByLabel("Identifiant de l'entreprise")).toBeVisible();
  await auditScreen(page, testInfo, 'register-existing-company');
  // Submitting the empty form shows every field's message.
  await page.getByRole('button', { name: 'Créer le compte' }).click();
  await expect(page.getByText('Le prénom est requis')).toBeVisible();
  await auditScreen(page, testInfo, 'register-errors');

  await page.goto('/nimporte-quoi');
  await expect(page.getByText('Page introuvable')).toBeVisible();
  await auditScreen(page, testInfo, 'not-found');
});

test('the ten business screens with data', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signedIn(page);
  const [client] = records.clients;
  const screens: [path: string, title: string, ready: string, name: string][] = [
    ['/', 'Tableau de Bord', records.projects[0]?.name ?? '', 'dashboard'],
    ['/clients', 'Clients', client?.name ?? '', 'clients'],
    ['/suppliers', 'Fournisseurs', records.supplier.name, 'suppliers'],
    ['/projects', 'Projets', records.projects[1]?.name ?? '', 'projects'],
    ['/quotes', 'Devis', records.quote.title, 'quotes'],
    ['/purchases', 'Achats', records.supplierQuote.title, 'purchases'],
    ['/work-tracking', 'Suivi Travaux', records.progressReport.title, 'work-tracking'],
    ['/invoicing', 'Facturation', 'Total encaissé', 'invoicing'],
    ['/documents', 'Documents', records.document.name, 'documents'],
    ['/finances', 'Finances', 'CA Encaissé', 'finances'],
  ];
  for (const [path, title, ready, name] of screens) {
    await openScreen(page, path, title, ready);
    await auditScreen(page, testInfo, name);
  }

  // The other tabs of the screens that have them.
  await page.getByRole('tab', { name: 'Revenus' }).click();
  await expect(page.getByRole('region', { name: 'Top 5 Clients' })).toBeVisible();
  await auditScreen(page, testInfo, 'finances-revenue');
  await openScreen(page, '/purchases', 'Achats', records.supplierQuote.title);
  await page.getByRole('tab', { name: /Commandes/ }).click();
  await expect(page.getByText(records.supplierInvoice.title)).toBeVisible();
  await auditScreen(page, testInfo, 'purchases-orders');
  await openScreen(page, '/work-tracking', 'Suivi Travaux', records.progressReport.title);
  await page.getByRole('tab', { name: /^Signés/ }).click();
  await expect(page.getByText('Jeanne Durand')).toBeVisible();
  await auditScreen(page, testInfo, 'work-tracking-signed');

  // The navigation: the drawer on a phone, the sidebar on the desktop.
  await openNavigation(page);
  await auditScreen(page, testInfo, 'navigation');
});

test('the creation forms and dialogs', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signedIn(page);
  const dialogs: [path: string, title: string, ready: string, button: string, name: string][] = [
    ['/suppliers', 'Fournisseurs', records.supplier.name, 'Nouveau fournisseur', 'supplier-dialog'],
    ['/projects', 'Projets', records.projects[0]?.name ?? '', 'Nouveau Projet', 'project-dialog'],
    ['/quotes', 'Devis', records.quote.title, 'Nouveau Devis', 'quote-dialog'],
    [
      '/purchases',
      'Achats',
      records.supplierQuote.title,
      'Nouvelle Demande de Prix',
      'purchase-request-dialog',
    ],
    [
      '/work-tracking',
      'Suivi Travaux',
      records.progressReport.title,
      'Nouvel État',
      'progress-report-dialog',
    ],
    ['/invoicing', 'Facturation', 'Total encaissé', 'Nouvelle Facture', 'invoice-dialog'],
    ['/documents', 'Documents', records.document.name, 'Uploader un document', 'upload-dialog'],
  ];
  for (const [path, title, ready, button, name] of dialogs) {
    await openScreen(page, path, title, ready);
    await page.getByRole('button', { name: button }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    if (name === 'quote-dialog')
      await page.getByRole('dialog').getByRole('button', { name: 'Ajouter une ligne' }).click();
    await auditScreen(page, testInfo, name, { only: '.ant-modal-wrap' });
  }

  // The client form opens in the page; submitted empty, it shows its message.
  await openScreen(page, '/clients', 'Clients', records.clients[0]?.name ?? '');
  await page.getByRole('button', { name: 'Nouveau Client' }).click();
  await page.getByRole('button', { name: 'Créer le client' }).click();
  await expect(page.getByText('Le nom est requis')).toBeVisible();
  await auditScreen(page, testInfo, 'client-form');

  // A confirmation, and a toast.
  await page.getByRole('button', { name: `Supprimer ${records.clients[0]?.name ?? ''}` }).click();
  await expect(page.getByRole('dialog').filter({ hasText: 'Supprimer le client' })).toBeVisible();
  await auditScreen(page, testInfo, 'delete-confirmation', { only: '.ant-modal-wrap' });
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(
    page.getByRole('region', { name: 'Notifications (F8)' }).getByText(/utilisé par/),
  ).toBeVisible();
  await auditScreen(page, testInfo, 'error-toast');
});

test("Système Admin, its user dialog, and 'Accès refusé'", async ({ page }, testInfo) => {
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
  await auditScreen(page, testInfo, 'admin');
  await page.getByRole('button', { name: 'Modifier Claire Fontaine' }).first().click();
  await expect(page.getByRole('dialog').getByText("Gérer l'utilisateur")).toBeVisible();
  await auditScreen(page, testInfo, 'admin-user-dialog', { only: '.ant-modal-wrap' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('tab', { name: 'Entreprises' }).click();
  // A table on the desktop, cards on a phone: the one shown.
  await expect(page.getByText(companyName).filter({ visible: true })).toBeVisible();
  await auditScreen(page, testInfo, 'admin-companies');
});
