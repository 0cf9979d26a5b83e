import { expect, test, type APIRequestContext, type Page, type TestInfo } from '../support/fixtures.js';
import { expectNoHorizontalOverflow } from '../support/accounts.js';
import { registerCompany } from '../support/company.js';

const headers = { 'X-Requested-With': 'fetch' };

/**
 * A new company of its own, signed in in this page's context (its cookie is the browser's), with a
 * complete legal profile so that it may issue invoices.
 */
async function signedInCompany(page: Page, testInfo: TestInfo, label: string) {
  await registerCompany(page.request, `${label}-${testInfo.project.name}`);
}

async function post(
  request: APIRequestContext,
  path: string,
  data?: object,
): Promise<{ id: string; version: number; number?: string }> {
  const response = await request.post(path, { headers, ...(data ? { data } : {}) });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { id: string; version: number; number?: string };
}

/** Sends a draft invoice or credit note with the version read: it takes its number. */
async function send(request: APIRequestContext, draft: { id: string; version: number }) {
  return post(request, `/api/invoices/${draft.id}/send`, { version: draft.version });
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

/** The KPI card whose title is `title`: a group named by its title, on the dashboard and in Finances. */
function kpi(page: Page, title: string) {
  return page.getByRole('group', { name: title, exact: true });
}

test('an empty company: every block shows its empty text; then the figures follow a client, a project, invoices at two VAT rates, a credit note and a paid supplier invoice, HT or TTC', async ({
  page,
}, testInfo) => {
  // Two screens read twice (empty, then with ten records issued through the API): over the default
  // minute on a loaded 2-core machine.
  test.setTimeout(120_000);
  await signedInCompany(page, testInfo, 'chiffres');

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
  await expect(kpi(page, 'CA Mensuel HT')).toContainText('— vs mois dernier');
  await expect(kpi(page, 'Devis en Attente')).toContainText(`${euros(0)} HT Valeur totale`);
  await expect(kpi(page, 'Projets Actifs')).toContainText('sur 0 projet');
  await expect(kpi(page, 'Marge Bénéficiaire HT')).toContainText('— vs trimestre');
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
  await expect(kpi(page, 'CA Encaissé HT')).toContainText(euros(0));
  await expect(kpi(page, 'En Attente TTC')).toContainText('0 facture en retard');
  await expectNoHorizontalOverflow(page);
  await page.getByRole('tab', { name: 'Revenus' }).click();
  await expect(page.getByText('Aucun paiement reçu')).toBeVisible();
  await page.getByRole('tab', { name: 'Dépenses' }).click();
  await expect(page.getByText('Aucune dépense payée')).toBeVisible();

  // Then the records, through the API (their screens are other journeys').
  const api = page.request;

  const budgetCents = 8_000_000; // 80 000,00 €
  const progress = 40;
  // Paid: 12 000,40 + 500,00 HT at 20 % = 12 500,40 HT, 2 500,08 VAT, 15 000,48 TTC.
  // The cleaning line credited: 500,00 HT (600,00 TTC): revenue HT 12 000,40.
  const revenueCents = 1_200_040;
  // Pending: 3 000,50 HT at 10 % = 3 300,55 TTC.
  const pendingWithVatCents = 330_055;
  // Purchases HT: 2 666,79 € HT (3 200,15 € TTC at 20 %); the margin compares HT with HT.
  const expensesCents = 266_679;

  const client = await post(api, '/api/clients', { name: 'Garnier SARL', email: 'compta@garnier.fr' });
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
    dueDate: '2099-12-31',
    lines: [
      { description: 'Gros œuvre', quantity: '1', unitPrice: '12000.40', vatRate: '20.00' },
      { description: 'Nettoyage de fin de chantier', quantity: '1', unitPrice: '500.00', vatRate: '20.00' },
    ],
  });
  await send(api, paid);
  await post(api, `/api/invoices/${paid.id}/pay`, {});
  const creditNote = await post(api, `/api/invoices/${paid.id}/credit-note`, {
    lines: [{ index: 1 }],
    reason: 'Nettoyage non réalisé',
  });
  const issued = await send(api, creditNote);
  expect(issued.number).toMatch(/^AV-\d{4}-0001$/);
  const pending = await post(api, '/api/invoices', {
    clientId: client.id,
    title: 'Situation n°2',
    dueDate: '2099-12-31',
    lines: [{ description: 'Isolation', quantity: '1', unitPrice: '3000.50', vatRate: '10.00' }],
  });
  await send(api, pending);
  const supplier = await post(api, '/api/suppliers', { name: 'Béton du Midi' });
  await post(api, '/api/supplier-invoices', {
    supplierId: supplier.id,
    status: 'paid',
    lines: [{ description: 'Béton C25/30', quantity: '1', unitPrice: '2666.79', vatRate: '20' }],
  });

  const profitCents = revenueCents - expensesCents;
  const margin = percentText(profitCents, revenueCents);
  const realizedCents = (budgetCents * progress) / 100;

  await page.goto('/');
  await expect(kpi(page, 'Projets Actifs')).toContainText('1');
  await expect(kpi(page, 'Projets Actifs')).toContainText('sur 1 projet');
  // Cashed today, credited today, nothing last month: no change to compute.
  await expect(kpi(page, 'CA Mensuel HT')).toContainText(euros(revenueCents));
  await expect(kpi(page, 'CA Mensuel HT')).toContainText('— vs mois dernier');
  await expect(kpi(page, 'Marge Bénéficiaire HT')).toContainText(margin);

  const projects = page.getByRole('region', { name: 'Projets Récents' });
  await expect(projects).toContainText('Extension Garnier');
  await expect(projects).toContainText('Garnier SARL');
  await expect(projects).toContainText('En cours');
  await expect(projects).toContainText(`${progress}% terminé`);

  const invoices = page.getByRole('region', { name: 'Factures en Attente' });
  await expect(invoices).toContainText('Situation n°2');
  await expect(invoices).toContainText('À venir');
  await expect(invoices).toContainText('Échéance: 31/12/2099');
  await expect(invoices).toContainText(`${euros(pendingWithVatCents)} TTC total`);
  await expect(invoices).not.toContainText('Situation n°1');
  await expect(invoices).not.toContainText('Avoir');

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
  await expect(kpi(page, 'CA Encaissé HT')).toContainText(euros(revenueCents));
  await expect(kpi(page, 'Dépenses HT')).toContainText(euros(expensesCents));
  await expect(kpi(page, 'Bénéfice Net')).toContainText(euros(profitCents));
  await expect(kpi(page, 'Bénéfice Net')).toContainText(`Marge : ${margin}`);
  await expect(kpi(page, 'En Attente TTC')).toContainText(euros(pendingWithVatCents));
  await expect(kpi(page, 'En Attente TTC')).toContainText('0 facture en retard');
  await expect(page.getByRole('region', { name: 'Revenus vs Dépenses (HT)' })).toContainText(
    `Revenus HT${euros(revenueCents)}`,
  );
  await expectNoHorizontalOverflow(page);

  await page.getByRole('tab', { name: 'Revenus' }).click();
  // What the client paid, TTC.
  // The only client: its revenue HT cashed, credit note taken off, is the CA Encaissé HT.
  await expect(page.getByRole('region', { name: 'Top 5 Clients' })).toContainText(
    `Garnier SARL${euros(revenueCents)} HT`,
  );
  const cashIn = page.getByRole('region', { name: 'Encaissements' });
  await expect(cashIn).toContainText(`CA Encaissé HT${euros(revenueCents)}`);
  await expect(cashIn).toContainText(`Avoirs émis (1)${euros(50_000)} HT`);
  await expect(cashIn).toContainText(`En attente (1)${euros(pendingWithVatCents)} TTC`);
  await page.getByRole('tab', { name: 'Dépenses' }).click();
  await expect(page.getByRole('region', { name: 'Top 5 Fournisseurs' })).toContainText(
    `Béton du Midi${euros(expensesCents)}`,
  );
  await page.getByRole('tab', { name: 'Projets' }).click();
  await expect(
    page.getByRole('region', { name: 'Projets par statut' }).getByRole('listitem').first(),
  ).toHaveText('En cours1');
});
