import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { ensureInstalled, expectNoHorizontalOverflow } from '../support/accounts.js';

const password = 'Chantier-2026';
const headers = { 'X-Requested-With': 'fetch' };

/** A new company of its own, signed in in this page's context (its cookie is the browser's). */
async function signedInCompany(page: Page, testInfo: TestInfo, label: string) {
  await ensureInstalled(page.request);
  const unique = `${label}-${testInfo.project.name}-${Date.now().toString(36)}`;
  const response = await page.request.post('/api/auth/register', {
    headers,
    data: {
      firstName: 'Marie',
      lastName: 'Durand',
      email: `marie.${unique}@example.fr`,
      username: `md-${unique}`,
      password,
      confirmPassword: password,
      companyName: `Durand Finances ${unique}`,
    },
  });
  expect(response.status()).toBe(201);
}

async function post(request: APIRequestContext, path: string, data?: object): Promise<{ id: string }> {
  const response = await request.post(path, { headers, ...(data ? { data } : {}) });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { id: string };
}

/** Integer cents as the screens write euros (fr-FR, from the exact decimal text, no float). */
function euros(cents: number): string {
  const text = `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
  return new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(text as `${number}`);
}

/** numerator / denominator as a percent with one decimal, rounded half up on integers: "74,4 %". */
function percentText(numerator: number, denominator: number): string {
  const tenths = (2n * BigInt(numerator) * 1000n + BigInt(denominator)) / (2n * BigInt(denominator));
  return `${tenths / 10n},${tenths % 10n}\u00a0%`;
}

/** The KPI card whose title is `title`. */
function kpi(page: Page, title: string) {
  return page.locator('.ant-card').filter({ has: page.locator('.ant-statistic-title', { hasText: title }) });
}

test('on an empty company every block shows its empty text', async ({ page }, testInfo) => {
  await signedInCompany(page, testInfo, 'vide');

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Tableau de Bord' })).toBeVisible();
  await expect(page.getByText("Vue d'ensemble de votre activité")).toBeVisible();
  for (const text of [
    'Aucun projet récent',
    'Aucune facture en attente',
    'Aucun document récent',
    'Aucun projet actif',
  ]) {
    await expect(page.getByText(text)).toBeVisible();
  }
  await expect(kpi(page, 'CA Mensuel')).toContainText('— vs mois dernier');
  await expect(kpi(page, 'Devis en Attente')).toContainText(`${euros(0)} Valeur totale`);
  await expect(kpi(page, 'Projets Actifs')).toContainText('sur 0 projet');
  await expect(kpi(page, 'Marge Bénéficiaire')).toContainText('— vs trimestre');
  await expectNoHorizontalOverflow(page);

  await page.getByRole('button', { name: 'Nouveau Projet' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Nouveau Projet')).toBeVisible();
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: 'Voir tous les projets' }).click();
  await expect(page).toHaveURL(/\/projects$/);

  await page.goto('/finances');
  await expect(page.getByRole('heading', { name: 'Finances' })).toBeVisible();
  await expect(page.getByText('Aucune facture en retard')).toBeVisible();
  await expect(kpi(page, 'CA Encaissé')).toContainText(euros(0));
  await expect(kpi(page, 'En Attente')).toContainText('0 facture en retard');
  await expectNoHorizontalOverflow(page);
  await page.getByRole('tab', { name: 'Revenus' }).click();
  await expect(page.getByText('Aucun paiement reçu')).toBeVisible();
  await page.getByRole('tab', { name: 'Dépenses' }).click();
  await expect(page.getByText('Aucune dépense payée')).toBeVisible();
});

test('the figures follow a client, a project, a paid invoice and a paid supplier invoice', async ({
  page,
}, testInfo) => {
  await signedInCompany(page, testInfo, 'chiffres');
  const api = page.request;

  const budgetCents = 8_000_000; // 80 000,00 €
  const progress = 40;
  const paidCents = 1_250_040; // 12 500,40 €
  const pendingCents = 300_050; // 3 000,50 €
  const expensesCents = 320_015; // 3 200,15 €

  const client = await post(api, '/api/clients', { name: 'Garnier SARL' });
  await post(api, '/api/projects', {
    name: 'Extension Garnier',
    clientId: client.id,
    status: 'in_progress',
    estimatedBudget: '80000.00',
    progress,
  });
  const paid = await post(api, '/api/invoices', {
    clientId: client.id,
    title: 'Situation n°1',
    totalAmount: '12500.40',
    dueDate: '2099-12-31',
  });
  await post(api, `/api/invoices/${paid.id}/send`);
  await post(api, `/api/invoices/${paid.id}/pay`, {});
  const pending = await post(api, '/api/invoices', {
    clientId: client.id,
    title: 'Situation n°2',
    totalAmount: '3000.50',
    dueDate: '2099-12-31',
  });
  await post(api, `/api/invoices/${pending.id}/send`);
  const supplier = await post(api, '/api/suppliers', { name: 'Béton du Midi' });
  await post(api, '/api/supplier-invoices', {
    supplierId: supplier.id,
    totalAmount: '3200.15',
    status: 'paid',
  });

  const profitCents = paidCents - expensesCents;
  const margin = percentText(profitCents, paidCents);
  const realizedCents = (budgetCents * progress) / 100;

  await page.goto('/');
  await expect(kpi(page, 'Projets Actifs')).toContainText('1');
  await expect(kpi(page, 'Projets Actifs')).toContainText('sur 1 projet');
  // Paid today, nothing last month: no change to compute.
  await expect(kpi(page, 'CA Mensuel')).toContainText(euros(paidCents));
  await expect(kpi(page, 'CA Mensuel')).toContainText('— vs mois dernier');
  await expect(kpi(page, 'Marge Bénéficiaire')).toContainText(margin);

  const projects = page.getByRole('region', { name: 'Projets Récents' });
  await expect(projects).toContainText('Extension Garnier');
  await expect(projects).toContainText('Garnier SARL');
  await expect(projects).toContainText('En cours');
  await expect(projects).toContainText(`${progress}% terminé`);

  const invoices = page.getByRole('region', { name: 'Factures en Attente' });
  await expect(invoices).toContainText('Situation n°2');
  await expect(invoices).toContainText('À venir');
  await expect(invoices).toContainText('Échéance: 31/12/2099');
  await expect(invoices).toContainText(`${euros(pendingCents)} total`);
  await expect(invoices).not.toContainText('Situation n°1');

  const quantities = page.getByRole('region', { name: 'Suivi des Quantités - Projets Actifs' });
  await expect(quantities).toContainText('Extension Garnier');
  for (const cents of [budgetCents, realizedCents, budgetCents - realizedCents]) {
    await expect(quantities).toContainText(euros(cents));
  }
  await expect(quantities.getByRole('progressbar', { name: 'Avancement Extension Garnier' })).toHaveAttribute(
    'aria-valuenow',
    String(progress),
  );
  await expectNoHorizontalOverflow(page);

  await page.goto('/finances');
  await expect(kpi(page, 'CA Encaissé')).toContainText(euros(paidCents));
  await expect(kpi(page, 'Dépenses')).toContainText(euros(expensesCents));
  await expect(kpi(page, 'Bénéfice Net')).toContainText(euros(profitCents));
  await expect(kpi(page, 'Bénéfice Net')).toContainText(`Marge : ${margin}`);
  await expect(kpi(page, 'En Attente')).toContainText(euros(pendingCents));
  await expect(kpi(page, 'En Attente')).toContainText('0 facture en retard');
  await expectNoHorizontalOverflow(page);

  await page.getByRole('tab', { name: 'Revenus' }).click();
  await expect(page.getByRole('region', { name: 'Top 5 Clients' })).toContainText(
    `Garnier SARL${euros(paidCents)}`,
  );
  await page.getByRole('tab', { name: 'Dépenses' }).click();
  await expect(page.getByRole('region', { name: 'Top 5 Fournisseurs' })).toContainText(
    `Béton du Midi${euros(expensesCents)}`,
  );
  await page.getByRole('tab', { name: 'Projets' }).click();
  await expect(
    page.getByRole('region', { name: 'Projets par statut' }).getByRole('listitem').first(),
  ).toHaveText('En cours1');
});
