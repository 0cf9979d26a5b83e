import { expect, test, type Page } from '../support/fixtures.js';
import { expectNoHorizontalOverflow } from '../support/accounts.js';
import { registerCompany, write, writeHeaders } from '../support/company.js';
import { keepScreenshot } from '../support/accessibility.js';

/**
 * A client's page, "fiche client" (issue 21), opened directly at /clients/<id>: its contact, its
 * project, quote and invoices (with what remains to pay), the payment received and its totals, each
 * record linking to its screen. The phone runs at 360 px, stacked cards and no sideways scrolling.
 */

const PHONE = { width: 360, height: 740 };

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === 'mobile') await page.setViewportSize(PHONE);
});

interface Written {
  id: string;
  version: number;
  number?: string;
}

async function post(page: Page, path: string, data?: object): Promise<Written> {
  const response = await page.request.post(path, { headers: writeHeaders, ...(data ? { data } : {}) });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as Written;
}

/** A number as the screens write euros (fr-FR): "1 200,00 €". */
const euros = (amount: string) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(amount as `${number}`);

test('Fiche client: contact, project, quote, invoices, payment and totals of one client; an unknown one @phone', async ({
  page,
}, testInfo) => {
  await registerCompany(page.request, `fiche-client-${testInfo.project.name}`);
  const clientId = await write(page.request, 'post', '/api/clients', {
    kind: 'company',
    name: 'SCI Les Tilleuls',
    contactPerson: 'Hélène Martin',
    email: 'contact@tilleuls.fr',
    phone: '04 72 00 00 00',
    address: '8 quai Perrache',
    postalCode: '69002',
    city: 'Lyon',
    siret: '73282932000074',
  });
  // Another client's records stay off the page.
  const otherId = await write(page.request, 'post', '/api/clients', {
    kind: 'individual',
    name: 'Jeanne Dupont',
  });
  const projectId = await write(page.request, 'post', '/api/projects', {
    name: 'Résidence Les Tilleuls',
    clientId,
    status: 'in_progress',
  });
  await write(page.request, 'post', '/api/projects', { name: 'Maison Dupont', clientId: otherId });
  await post(page, '/api/quotes', {
    title: 'Ravalement de façade',
    clientId,
    projectId,
    validUntil: '2099-12-31',
  });
  // Sent and awaiting payment: 1 000,00 HT, 1 200,00 TTC.
  const owed = await post(page, '/api/invoices', {
    clientId,
    projectId,
    title: 'Acompte ravalement',
    dueDate: '2099-12-31',
    lines: [{ description: 'Acompte', quantity: '1', unitPrice: '1000.00', vatRate: '20.00' }],
  });
  const owedSent = await post(page, `/api/invoices/${owed.id}/send`, { version: owed.version });
  // Sent and paid: 500,00 HT, 600,00 TTC received.
  const settled = await post(page, '/api/invoices', {
    clientId,
    title: 'Diagnostic façade',
    lines: [{ description: 'Diagnostic', quantity: '1', unitPrice: '500.00', vatRate: '20.00' }],
  });
  const settledSent = await post(page, `/api/invoices/${settled.id}/send`, { version: settled.version });
  await post(page, `/api/invoices/${settled.id}/pay`, {});
  await post(page, '/api/invoices', {
    clientId: otherId,
    title: 'Facture Dupont',
    lines: [{ description: 'Divers', quantity: '1', unitPrice: '10.00' }],
  });

  await page.goto(`/clients/${clientId}`);

  await expect(page.getByRole('heading', { level: 1, name: 'SCI Les Tilleuls' })).toBeVisible();
  await expect(page.getByText('Fiche client · Entreprise')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Retour aux clients' })).toHaveAttribute('href', '/clients');

  const contact = page.locator('.ant-card', { has: page.getByRole('heading', { name: 'Coordonnées' }) });
  await expect(contact).toContainText('Hélène Martin');
  await expect(contact).toContainText('69002 Lyon');
  await expect(contact.getByRole('link', { name: 'contact@tilleuls.fr' })).toHaveAttribute(
    'href',
    'mailto:contact@tilleuls.fr',
  );
  await expect(contact).toContainText('73282932000074');

  const projects = page.getByRole('region', { name: 'Projets' });
  await expect(projects.getByRole('link', { name: 'Résidence Les Tilleuls' })).toHaveAttribute(
    'href',
    '/projects',
  );
  await expect(projects).not.toContainText('Maison Dupont');

  const quotes = page.getByRole('region', { name: 'Devis' });
  const quoteLink = quotes.getByRole('link', { name: /Ravalement de façade/ });
  await expect(quoteLink).toHaveAttribute('href', '/quotes');
  await expect(quotes).toContainText('Brouillon');

  const invoices = page.getByRole('region', { name: 'Factures' });
  const owedLine = invoices.getByRole('listitem').filter({ hasText: 'Acompte ravalement' });
  await expect(owedLine).toContainText(owedSent.number ?? 'FAC-');
  await expect(owedLine).toContainText('Envoyée');
  await expect(owedLine).toContainText(`Reste à payer : ${euros('1200.00')}`);
  const settledLine = invoices.getByRole('listitem').filter({ hasText: 'Diagnostic façade' });
  await expect(settledLine).toContainText('Payée');
  await expect(settledLine).not.toContainText('Reste à payer');
  await expect(invoices).not.toContainText('Facture Dupont');

  const payments = page.getByRole('region', { name: 'Paiements reçus' });
  await expect(payments.getByRole('listitem')).toHaveCount(1);
  await expect(payments).toContainText(euros('600.00'));
  await expect(payments).toContainText(`Facture ${settledSent.number ?? ''}`);

  const totals = page.getByLabel('Totaux du client');
  await expect(totals).toContainText(`CA facturé HT${euros('1500.00')}`);
  await expect(totals).toContainText(`CA encaissé HT${euros('500.00')}`);
  await expect(totals).toContainText(`En attente TTC${euros('1200.00')}`);

  // The PDFs archived when the invoices were issued are the client's documents.
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents.getByRole('listitem')).toHaveCount(2);
  await expect(documents.getByRole('link', { name: `Facture ${owedSent.number ?? ''}.pdf` })).toHaveAttribute(
    'href',
    '/documents',
  );
  await expect(
    documents.getByRole('button', { name: `Voir Facture ${owedSent.number ?? ''}.pdf` }),
  ).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'fiche-client', { fullPage: true });

  // Each record leads to its screen.
  await projects.getByRole('link', { name: 'Résidence Les Tilleuls' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Projets' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'SCI Les Tilleuls' })).toBeVisible();
  await page.getByRole('link', { name: 'Retour aux clients' }).click();
  await expect(page).toHaveURL(/\/clients$/);

  // An unknown client's address says so.
  await page.goto('/clients/0199e5a2-7c1b-7d3e-8f00-000000000999');
  await expect(page.getByRole('heading', { name: 'Client introuvable' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Retour aux clients' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
