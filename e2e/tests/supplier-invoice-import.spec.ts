import { writeFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type TestInfo } from '../support/fixtures.js';
import { auditScreen, keepScreenshot } from '../support/accessibility.js';
import { expectNoHorizontalOverflow } from '../support/accounts.js';
import { legalProfile, registerCompany, write } from '../support/company.js';
import { euros, giveFile, importWait, invoicePdf, post, type Issued } from '../support/e-invoices.js';
import { isPdf } from '../support/pdf.js';

/**
 * E-invoice reception on Achats (issue 16, DOCUMENTS.md § 6): a first company issues an invoice,
 * whose archived PDF is a Factur-X file; a second company, its client, drops that PDF on
 * 'Importer une facture électronique' (a drop on the desktop, a tap that opens the file picker on a
 * 360 px phone) and gets a draft supplier invoice: the supplier created from the seller's identity,
 * the seller's number, the invoice date, HT / TVA / TTC, the original file in Documents. The same
 * file again, a PNG and a PDF without an invoice inside are refused with the server's French reason.
 */

const PHONE = { width: 360, height: 740 };

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === 'mobile') await page.setViewportSize(PHONE);
});

/** "2026-11-25" as the screens write it: "25/11/2026". */
function frenchDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The seller: a company with its full legal identity issues an invoice of 1 000,00 € HT to a client
 * named after the buyer (800,00 € at 20 %, 200,00 € at 10 %: TVA 180,00 €, TTC 1 180,00 €), and
 * keeps a draft too, whose PDF is a preview without any invoice XML.
 */
async function sellerInvoices(request: APIRequestContext, buyerName: string, testInfo: TestInfo) {
  const seller = await registerCompany(request, `vendeur-${testInfo.project.name}`);
  const clientId = await write(request, 'post', '/api/clients', {
    name: buyerName,
    email: 'achats@acheteur.fr',
    address: '4 avenue Jean Jaurès',
    postalCode: '69007',
    city: 'Lyon',
  });
  const lines = [
    { description: 'Maçonnerie', unit: 'm²', quantity: '10', unitPrice: '80.00', vatRate: '20.00' },
    { description: 'Isolation combles', unit: 'm²', quantity: '20', unitPrice: '10.00', vatRate: '10.00' },
  ];
  const draft = await post<Issued>(request, '/api/invoices', { clientId, title: 'Extension', lines });
  const issued = await post<Issued>(request, `/api/invoices/${draft.id}/send`, { version: draft.version });
  expect(issued.number).toMatch(/^FAC-\d{4}-0001$/);
  const preview = await post<Issued>(request, '/api/invoices', { clientId, title: 'Solde', lines });
  return {
    seller,
    issued,
    facturX: await invoicePdf(request, issued.id, `${issued.number}.pdf`, testInfo),
    draftPdf: await invoicePdf(request, preview.id, 'brouillon.pdf', testInfo),
  };
}

/** A 1×1 PNG image. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

test("Achats: a supplier's Factur-X PDF becomes a draft supplier invoice; the same file again, a PNG, a PDF without invoice are refused in French @phone", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const buyer = await registerCompany(page.request, `acheteur-${testInfo.project.name}`, {
    completeProfile: false,
  });
  const { seller, issued, facturX, draftPdf } = await sellerInvoices(request, buyer.companyName, testInfo);

  await page.goto('/purchases');
  await expect(page.getByRole('heading', { name: 'Achats', exact: true })).toBeVisible();
  await page.getByRole('tab', { name: /^Commandes/ }).click();
  const zone = page.getByRole('button', { name: /^Importer une facture électronique/ });
  await expect(zone).toBeVisible();
  await expect(zone).toContainText('Factur-X / ZUGFeRD (PDF), XML CII ou UBL');
  await expect(page.getByText('Aucune facture fournisseur')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'drop-zone', { fullPage: true });

  await giveFile(page, zone, facturX, testInfo);
  const success = page.getByRole('status').filter({ hasText: 'importée en brouillon' });
  await expect(success).toContainText(
    new RegExp(
      `^Facture ${escaped(issued.number)} de ${escaped(seller.companyName)}.* importée en brouillon \\(FF-\\d{4}-\\d{4}\\)`,
    ),
    importWait,
  );
  const draftNumber = /\((FF-\d{4}-\d{4})\)/.exec((await success.textContent()) ?? '')?.[1] ?? '';

  const card = page.getByRole('article', { name: `Facture fournisseur ${draftNumber}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Brouillon');
  await expect(card).toContainText(seller.companyName);
  await expect(card).toContainText(`N° fournisseur${issued.number}`);
  await expect(card).toContainText(`Date de facture${frenchDate(issued.issueDate)}`);
  await expect(card).toContainText(euros('1000.00'));
  await expect(card).toContainText(euros('180.00'));
  await expect(card).toContainText(euros('1180.00'));
  await expect(
    card.getByRole('button', { name: `Voir l'original de la facture ${draftNumber}` }),
  ).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'imported', { fullPage: true });
  // The imported invoice's card: the Achats page around it has its own audit (accessibility.spec.ts).
  await auditScreen(page, testInfo, 'purchases-import-success', { only: card });

  // The supplier was created from the seller's identity, the original file kept in Documents.
  const suppliers = (await (await page.request.get('/api/suppliers')).json()) as {
    id: string;
    name: string;
    siret?: string;
  }[];
  const supplier = suppliers.find((candidate) => candidate.name.startsWith(seller.companyName));
  expect(supplier, JSON.stringify(suppliers)).toBeDefined();
  // Matched later by its SIREN (the first 9 digits of its SIRET).
  expect(supplier?.siret?.slice(0, 9)).toBe(legalProfile.siret.slice(0, 9));
  const invoices = (await (await page.request.get('/api/supplier-invoices')).json()) as {
    number: string;
    supplierId: string;
    documentId?: string;
    netAmount?: string;
    vatAmount?: string;
    totalAmount: string;
  }[];
  const draft = invoices.find((invoice) => invoice.number === draftNumber);
  expect(draft).toMatchObject({
    supplierId: supplier?.id,
    netAmount: '1000.00',
    vatAmount: '180.00',
    totalAmount: '1180.00',
  });
  const documents = (await (await page.request.get('/api/documents')).json()) as { id: string }[];
  expect(documents.map((document) => document.id)).toContain(draft?.documentId);

  // The original opens in a new tab, as the Documents screen's 'Voir' does.
  const opening = page.context().waitForEvent('page');
  const navigating = page
    .context()
    .waitForEvent('request', (sent) => sent.isNavigationRequest() && sent.url().startsWith('http'));
  await card.getByRole('button', { name: `Voir l'original de la facture ${draftNumber}` }).click();
  const tab = await opening;
  const navigation = await navigating;
  expect(navigation.url()).toContain('response-content-disposition=inline');
  const original = await page.request.get(navigation.url());
  expect(isPdf(await original.body())).toBe(true);
  await tab.close();

  // The same file again: already imported.
  await giveFile(page, zone, facturX, testInfo);
  const refused = page.getByRole('alert').filter({ hasText: 'Import impossible' });
  await expect(refused).toContainText(
    `La facture ${issued.number} de ${supplier?.name ?? ''} est déjà enregistrée (facture fournisseur ${draftNumber})`,
    importWait,
  );
  await expect(page.getByRole('article', { name: /^Facture fournisseur FF-/ })).toHaveCount(1);

  // Not an e-invoice at all.
  const png = testInfo.outputPath('photo-chantier.png');
  await writeFile(png, Buffer.from(PNG_BASE64, 'base64'));
  await giveFile(page, zone, png, testInfo);
  await expect(refused).toContainText("Ce type de fichier n'est pas une facture électronique");

  // A PDF, but no invoice inside: a draft's preview.
  await giveFile(page, zone, draftPdf, testInfo);
  await expect(refused).toContainText('Ce PDF ne contient pas de facture électronique', importWait);
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'refused', { fullPage: true });
  await auditScreen(page, testInfo, 'purchases-import-refused', { only: refused });
  await expect(page.getByRole('article', { name: /^Facture fournisseur FF-/ })).toHaveCount(1);
});
