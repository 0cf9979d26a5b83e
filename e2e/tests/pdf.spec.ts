import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page, type TestInfo } from '../support/fixtures.js';
import { expectNoHorizontalOverflow } from '../support/accounts.js';
import { registerCompany, write, writeHeaders } from '../support/company.js';
import { isPdf, pdfText } from '../support/pdf.js';
import { keepScreenshot } from '../support/accessibility.js';

/**
 * The PDF of a devis, a facture and an avoir (DOCUMENTS.md § 5) from their cards: 'Télécharger le
 * PDF' saves the file the server names, 'Aperçu' shows it in a new tab. A draft's PDF is a preview
 * marked "BROUILLON"; an issued one's is the file archived at issue. The phone runs at 360 px.
 */

const PHONE = { width: 360, height: 740 };

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === 'mobile') await page.setViewportSize(PHONE);
});

interface Issued {
  id: string;
  version: number;
  number?: string;
}

/** A write through the API that must succeed; answers the record. */
async function post(page: Page, path: string, data?: object): Promise<Issued> {
  const response = await page.request.post(path, { headers: writeHeaders, ...(data ? { data } : {}) });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as Issued;
}

/** A client with an address and a project on a site, as the PDFs print them. */
async function clientAndProject(page: Page) {
  const clientId = await write(page.request, 'post', '/api/clients', {
    name: 'SCI Les Tilleuls',
    email: 'gestion@sci-tilleuls.fr',
    address: '8 quai Perrache',
    postalCode: '69002',
    city: 'Lyon',
  });
  const projectId = await write(page.request, 'post', '/api/projects', {
    name: 'Maison Dupont',
    clientId,
    location: '5 rue des Lilas, 69003 Lyon',
  });
  return { clientId, projectId };
}

/** Clicks a 'Télécharger le PDF' button and reads what the browser saved. */
async function downloadPdf(page: Page, button: Locator, testInfo: TestInfo) {
  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  const saved = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(saved);
  const bytes = await readFile(saved);
  expect(isPdf(bytes), `${download.suggestedFilename()} is a PDF`).toBe(true);
  return { name: download.suggestedFilename(), text: await pdfText(bytes) };
}

/**
 * Clicks an 'Aperçu' button: a new tab opens and goes to the PDF's link (inline). Headless Chromium
 * has no PDF viewer (it saves a PDF it would show and the tab's navigation ends there), so the tab's
 * navigation request is checked, then what its address answers.
 */
async function previewPdf(page: Page, button: Locator) {
  const context = page.context();
  const opening = context.waitForEvent('page');
  const navigating = context.waitForEvent(
    'request',
    (request) => request.isNavigationRequest() && request.url().startsWith('http'),
  );
  await button.click();
  const tab = await opening;
  const navigation = await navigating;
  expect(navigation.frame().page()).toBe(tab);
  expect(navigation.url()).toContain('response-content-disposition=inline');
  const answer = await page.request.get(navigation.url());
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  expect(answer.headers()['content-disposition']).toMatch(/^inline/);
  const bytes = await answer.body();
  expect(isPdf(bytes)).toBe(true);
  await tab.close();
  return { text: await pdfText(bytes) };
}

test('Devis and Facturation: a draft’s PDF is a BROUILLON preview, an issued quote’s, invoice’s and credit note’s the archived file, saved and previewed', async ({
  page,
}, testInfo) => {
  // Seven documents made, four PDFs saved and two previewed: over the default minute on a loaded
  // 2-core machine.
  test.setTimeout(120_000);
  await registerCompany(page.request, `pdf-${testInfo.project.name}`);
  const { clientId, projectId } = await clientAndProject(page);
  const items = [
    {
      resourceType: 'materials',
      description: 'Carrelage 60x60',
      unit: 'm²',
      quantity: '12.5',
      unitPrice: '8.40',
    },
    {
      resourceType: 'labor',
      description: 'Pose',
      unit: 'h',
      quantity: '2',
      unitPrice: '150',
      vatRate: '10.00',
    },
  ];
  const draft = await post(page, '/api/quotes', {
    title: 'Rénovation salle de bains',
    clientId,
    projectId,
    validUntil: '2099-12-31',
  });
  await write(page.request, 'put', `/api/quotes/${draft.id}/items`, { items });
  const sent = await post(page, '/api/quotes', {
    title: 'Extension garage',
    clientId,
    validUntil: '2099-12-31',
  });
  await write(page.request, 'put', `/api/quotes/${sent.id}/items`, { items });
  await post(page, `/api/quotes/${sent.id}/send`);
  // Quotes take their number when created.
  expect(draft.number).toMatch(/^DEV-\d{4}-\d{4}$/);
  expect(sent.number).toMatch(/^DEV-\d{4}-\d{4}$/);

  await page.goto('/quotes');
  const draftCard = page.getByRole('article', { name: `Devis ${draft.number}` });
  const sentCard = page.getByRole('article', { name: `Devis ${sent.number}` });
  await expect(
    draftCard.getByRole('button', { name: `Télécharger le PDF du devis ${draft.number}` }),
  ).toBeVisible();
  await expect(sentCard.getByRole('button', { name: `Aperçu du devis ${sent.number}` })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'quotes', { fullPage: true });

  const preview = await downloadPdf(
    page,
    draftCard.getByRole('button', { name: `Télécharger le PDF du devis ${draft.number}` }),
    testInfo,
  );
  // A draft's file says it is one: 'Devis DEV-2026-0001 (brouillon).pdf'.
  expect(preview.name).toBe(`Devis ${draft.number} (brouillon).pdf`);
  expect(preview.text).toContain(draft.number ?? '');
  expect(preview.text).toContain('BROUILLON');
  expect(preview.text).toContain('Devis gratuit');
  expect(preview.text).toContain('SCI Les Tilleuls');
  expect(preview.text).toContain('Carrelage 60x60');
  // The screen stayed where it was.
  await expect(page).toHaveURL(/\/quotes$/);
  await expect(draftCard.getByRole('button', { name: /^Télécharger le PDF/ })).toBeEnabled();

  const archived = await downloadPdf(
    page,
    sentCard.getByRole('button', { name: `Télécharger le PDF du devis ${sent.number}` }),
    testInfo,
  );
  expect(archived.name).toBe(`Devis ${sent.number}.pdf`);
  expect(archived.text).toContain(sent.number ?? '');
  expect(archived.text).toContain('Devis gratuit');
  expect(archived.text).toContain('Bon pour accord');
  expect(archived.text).not.toContain('BROUILLON');

  const shown = await previewPdf(
    page,
    sentCard.getByRole('button', { name: `Aperçu du devis ${sent.number}` }),
  );
  expect(shown.text).toContain(sent.number ?? '');
  expect(shown.text).not.toContain('BROUILLON');
  await expect(page).toHaveURL(/\/quotes$/);

  // Facturation: an issued invoice's and its credit note's archived PDFs, saved from the cards and
  // previewed from the details; a draft's preview.
  const lines = [
    { description: 'Maçonnerie', unit: 'm²', quantity: '10', unitPrice: '80.00', vatRate: '20.00' },
    { description: 'Isolation combles', unit: 'm²', quantity: '20', unitPrice: '10.00', vatRate: '10.00' },
  ];
  const invoiceDraft = await post(page, '/api/invoices', {
    clientId,
    projectId,
    title: 'Situation n°1',
    lines,
  });
  const invoice = await post(page, `/api/invoices/${invoiceDraft.id}/send`, {
    version: invoiceDraft.version,
  });
  const creditedDraft = await post(page, '/api/invoices', { clientId, title: 'Facture erronée', lines });
  const credited = await post(page, `/api/invoices/${creditedDraft.id}/send`, {
    version: creditedDraft.version,
  });
  const creditDraft = await post(page, `/api/invoices/${credited.id}/credit-note`, {
    reason: 'Erreur de client',
  });
  const creditNote = await post(page, `/api/invoices/${creditDraft.id}/send`, {
    version: creditDraft.version,
  });
  await post(page, '/api/invoices', { clientId, title: 'Solde', lines });
  expect(invoice.number).toMatch(/^FAC-\d{4}-0001$/);
  expect(credited.number).toMatch(/^FAC-\d{4}-0002$/);
  expect(creditNote.number).toMatch(/^AV-\d{4}-0001$/);

  await page.goto('/invoicing');
  const card = page.getByRole('article', { name: 'Situation n°1' });
  const download = card.getByRole('button', { name: `Télécharger le PDF de la facture ${invoice.number}` });
  await expect(download).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'invoicing', { fullPage: true });

  const saved = await downloadPdf(page, download, testInfo);
  expect(saved.name).toBe(`Facture ${invoice.number}.pdf`);
  expect(saved.text).toContain('Facture');
  expect(saved.text).toContain(invoice.number ?? '');
  expect(saved.text).toContain('SCI Les Tilleuls');
  expect(saved.text).toContain('Maçonnerie');
  expect(saved.text).not.toContain('BROUILLON');
  await expect(page).toHaveURL(/\/invoicing$/);

  await card.getByRole('button', { name: /^Voir détails/ }).click();
  const details = page.getByRole('dialog', { name: 'Détails de la facture' });
  await expect(
    details.getByRole('button', { name: `Télécharger le PDF de la facture ${invoice.number}` }),
  ).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'invoice-details');
  const invoiceShown = await previewPdf(
    page,
    details.getByRole('button', { name: `Aperçu de la facture ${invoice.number}` }),
  );
  expect(invoiceShown.text).toContain(invoice.number ?? '');
  await details.getByRole('button', { name: 'Fermer' }).last().click();

  // A draft's PDF: the preview marked "BROUILLON", named by its title on the card.
  await page.getByRole('tab', { name: /^Brouillons/ }).click();
  const draftPdf = await downloadPdf(
    page,
    page.getByRole('button', { name: 'Télécharger le PDF de la facture Solde' }),
    testInfo,
  );
  expect(draftPdf.name).toBe('Facture (brouillon).pdf');
  expect(draftPdf.text).toContain('BROUILLON');

  await page.getByRole('tab', { name: /^Avoirs/ }).click();
  const avoir = await downloadPdf(
    page,
    page.getByRole('button', { name: `Télécharger le PDF de l'avoir ${creditNote.number}` }),
    testInfo,
  );
  expect(avoir.name).toBe(`Avoir ${creditNote.number}.pdf`);
  expect(avoir.text).toContain('Avoir');
  expect(avoir.text).toContain(creditNote.number ?? '');
  expect(avoir.text).toContain(credited.number ?? '');
  expect(avoir.text).not.toContain('BROUILLON');
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'credit-notes', { fullPage: true });
});
