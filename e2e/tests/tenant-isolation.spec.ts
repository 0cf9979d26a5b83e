import { expect, test, type Page } from '../support/fixtures.js';
import { navigateTo } from '../support/accounts.js';
import { registerCompany, seedCompany, writeHeaders, type SeededRecords } from '../support/company.js';

/**
 * Two companies on one server: B's user never sees anything of A, by list, by search or by URL,
 * and cannot change or link A's records. Company A is seeded through its own API session; B is
 * signed in in the browser with records of its own, so every list has something to show.
 */

async function signedInBravo(page: Page, project: string): Promise<SeededRecords> {
  await registerCompany(page.request, `bravo-${project}`);
  return seedCompany(page.request, 'Bravo');
}

test("B's screens list only B's records, its searches find nothing of A, and A's records are not found by URL or through the API", async ({
  page,
  playwright,
}, testInfo) => {
  // Two companies seeded (about fifty writes, six invoices issued with their PDFs), ten screens,
  // then some forty requests: over the default minute on a loaded 2-core machine.
  test.setTimeout(180_000);
  const alphaApi = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await registerCompany(alphaApi, `alpha-${testInfo.project.name}`);
  const alphaPrefix = `Alpha${Date.now().toString(36)}`;
  const alpha = await seedCompany(alphaApi, alphaPrefix);
  const bravo = await signedInBravo(page, testInfo.project.name);
  const screens: [path: string, title: string, bravoShows: string][] = [
    ['/', 'Tableau de Bord', bravo.projects[0]?.name ?? ''],
    ['/clients', 'Clients', bravo.clients[0]?.name ?? ''],
    ['/suppliers', 'Fournisseurs', bravo.supplier.name],
    ['/projects', 'Projets', bravo.projects[1]?.name ?? ''],
    ['/quotes', 'Devis', bravo.quote.title],
    ['/purchases', 'Achats', bravo.supplierQuote.title],
    ['/work-tracking', 'Suivi Travaux', bravo.progressReport.title],
    ['/invoicing', 'Facturation', 'Bravo Situation n°2'],
    ['/documents', 'Documents', bravo.document.name],
    ['/finances', 'Finances', 'Bravo Maison Durand'],
  ];
  /** Every record is written before the app loads: it loads once, then its screens from the sidebar. */
  const open = async (path: string, title: string) => {
    await navigateTo(page, path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  };
  await page.goto('/');
  for (const [path, title, bravoShows] of screens) {
    await open(path, title);
    await expect(page.getByText(bravoShows).first(), `${path} shows B's records`).toBeVisible();
    await expect(page.getByText(alphaPrefix), `${path} shows nothing of A`).toHaveCount(0);
  }
  // The tabs not shown first.
  await open('/purchases', 'Achats');
  await page.getByRole('tab', { name: /Commandes/ }).click();
  await expect(page.getByText(bravo.supplierInvoice.title)).toBeVisible();
  await expect(page.getByText(alphaPrefix)).toHaveCount(0);
  await open('/invoicing', 'Facturation');
  await page.getByRole('tab', { name: /^Payées/ }).click();
  await expect(page.getByText('Bravo Situation n°1')).toBeVisible();
  await expect(page.getByText(alphaPrefix)).toHaveCount(0);

  // Searching from B's screens finds nothing of A.
  await open('/documents', 'Documents');
  const search = page.getByLabel('Rechercher un document');
  await search.fill(alpha.document.name);
  await expect(page.getByText('Aucun document trouvé')).toBeVisible();
  await search.fill('Plan RDC');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article').first()).toContainText('Bravo Plan RDC.pdf');

  // The client picker of a new project searches the company's clients only.
  await open('/projects', 'Projets');
  await page.getByRole('button', { name: 'Nouveau Projet' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Client' }).fill(alpha.clients[0]?.name ?? '');
  await expect(page.getByText("Aucun client : ajoutez-en un dans l'écran Clients")).toBeVisible();
  await expect(page.locator('.ant-select-item-option')).toHaveCount(0);
  await dialog.getByRole('combobox', { name: 'Client' }).fill('Maison Durand');
  await expect(page.locator('.ant-select-item-option')).toHaveText(['Bravo Maison Durand']);

  // By URL and through the API.
  const api = page.request;
  const urls = [
    ...alpha.clients.map((client) => `/api/clients/${client.id}`),
    `/api/suppliers/${alpha.supplier.id}`,
    ...alpha.projects.map((project) => `/api/projects/${project.id}`),
    `/api/quotes/${alpha.quote.id}`,
    `/api/supplier-quotes/${alpha.supplierQuote.id}`,
    `/api/supplier-invoices/${alpha.supplierInvoice.id}`,
    `/api/progress-reports/${alpha.progressReport.id}`,
    `/api/invoices/${alpha.invoice.id}`,
    `/api/documents/${alpha.document.id}/download`,
    `/api/documents/${alpha.document.id}/download?inline=1`,
  ];
  for (const url of urls) {
    const response = await api.get(url);
    expect(response.status(), url).toBe(404);
    expect(await response.text(), url).not.toContain(alphaPrefix);
  }

  // Opened in the browser, such a URL shows the same refusal and none of A's data.
  const opened = await page.goto(`/api/clients/${alpha.clients[0]?.id ?? ''}`);
  expect(opened?.status()).toBe(404);
  await expect(page.locator('body')).toContainText('not_found');
  await expect(page.locator('body')).not.toContainText(alphaPrefix);

  // No list answers A's records, whatever the page size.
  for (const list of [
    'clients',
    'suppliers',
    'projects',
    'quotes',
    'supplier-quotes',
    'invoices',
    'documents',
  ]) {
    const response = await api.get(`/api/${list}?limit=1000`);
    expect(response.status(), list).toBe(200);
    const body = await response.text();
    expect(body, list).toContain('Bravo');
    expect(body, list).not.toContain(alphaPrefix);
  }

  // Writes on A's records are refused as unknown, and link to none of them.
  const clientId = alpha.clients[0]?.id ?? '';
  for (const [method, url, data] of [
    ['put', `/api/clients/${clientId}`, { name: 'Repris par B', version: 1 }],
    ['delete', `/api/clients/${clientId}`, undefined],
    ['post', `/api/invoices/${alpha.invoice.id}/pay`, {}],
    ['patch', `/api/progress-reports/${alpha.progressReport.id}/validate`, undefined],
    ['delete', `/api/documents/${alpha.document.id}`, undefined],
  ] as const) {
    const response = await api[method](url, { headers: writeHeaders, ...(data ? { data } : {}) });
    expect(response.status(), `${method.toUpperCase()} ${url}`).toBe(404);
  }
  const linked = await api.post('/api/projects', {
    headers: writeHeaders,
    data: { name: 'Chantier de B', clientId },
  });
  expect(linked.status()).toBe(400);
  expect(await linked.text()).toContain('Client introuvable');

  // A's records are untouched.
  const alphaClient = await alphaApi.get(`/api/clients/${clientId}`);
  expect(alphaClient.status()).toBe(200);
  expect(await alphaClient.json()).toMatchObject({ name: alpha.clients[0]?.name });
  expect((await alphaApi.get(`/api/documents/${alpha.document.id}/download`)).status()).toBe(200);
  await alphaApi.dispose();
});
