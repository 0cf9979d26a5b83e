import { expect, test } from '../support/fixtures.js';
import { auditScreen } from '../support/accessibility.js';
import { expectNoHorizontalOverflow } from '../support/accounts.js';
import { registerCompany, write } from '../support/company.js';
import { euros, giveFile, importWait, invoicePdf, post, type Issued } from '../support/e-invoices.js';

/**
 * Purchases as they really are (issue 29): a supplier issues an invoice (1 000,00 € HT: 800,00 € at
 * 20 % and 200,00 € at 10 %, 1 180,00 € TTC) and a credit note of its 10 % line (200,00 € HT,
 * 220,00 € TTC); both are Factur-X PDFs. Its client, a company with 2 000,00 € HT of revenue cashed,
 * imports both on Achats (dropped on the zone; picked on a phone: supplier-invoice-import.spec.ts,
 * Achats' phone journey): the credit note is linked
 * to the invoice its BT-25 names and shown both ways, the supplier is owed 960,00 €; once that is
 * paid, Finances compares revenue HT with purchases HT (1 000,00 − 200,00 = 800,00 €): margin 60 %.
 */

test('Achats: a Factur-X supplier invoice and its credit note imported, linked, owed, paid; Finances in HT', async ({
  page,
  request,
}, testInfo) => {
  // Two companies, four documents issued, two PDFs read and imported, a payment, two screens: on a
  // loaded 2-core machine this journey took close to two minutes (the default is one).
  test.setTimeout(150_000);
  const buyer = await registerCompany(page.request, `client-${testInfo.project.name}`);
  // The buyer's own revenue: 2 000,00 € HT cashed.
  const customer = await write(page.request, 'post', '/api/clients', {
    name: 'Famille Martin',
    email: 'famille.martin@example.fr',
  });
  const sale = await post<Issued>(page.request, '/api/invoices', {
    clientId: customer,
    title: 'Rénovation',
    lines: [{ description: 'Rénovation', quantity: '1', unitPrice: '2000.00', vatRate: '20.00' }],
  });
  await post(page.request, `/api/invoices/${sale.id}/send`, { version: sale.version });
  await post(page.request, `/api/invoices/${sale.id}/pay`, {});

  // The supplier: an invoice, then a credit note of its second line, each issued as Factur-X.
  const seller = await registerCompany(request, `fournisseur-${testInfo.project.name}`);
  const clientId = await write(request, 'post', '/api/clients', {
    name: buyer.companyName,
    email: 'achats@client.fr',
    address: '4 avenue Jean Jaurès',
    postalCode: '69007',
    city: 'Lyon',
  });
  const draft = await post<Issued>(request, '/api/invoices', {
    clientId,
    title: 'Extension',
    lines: [
      { description: 'Maçonnerie', unit: 'm²', quantity: '10', unitPrice: '80.00', vatRate: '20.00' },
      { description: 'Isolation combles', unit: 'm²', quantity: '20', unitPrice: '10.00', vatRate: '10.00' },
    ],
  });
  const issued = await post<Issued>(request, `/api/invoices/${draft.id}/send`, { version: draft.version });
  const noteDraft = await post<Issued>(request, `/api/invoices/${issued.id}/credit-note`, {
    lines: [{ index: 1 }],
  });
  const note = await post<Issued>(request, `/api/invoices/${noteDraft.id}/send`, {
    version: noteDraft.version,
  });
  const invoiceFile = await invoicePdf(request, issued.id, `${issued.number}.pdf`, testInfo);
  const noteFile = await invoicePdf(request, note.id, `${note.number}.pdf`, testInfo);

  await page.goto('/purchases');
  await expect(page.getByRole('heading', { name: 'Achats', exact: true })).toBeVisible();
  await page.getByRole('tab', { name: /^Commandes/ }).click();
  const zone = page.getByRole('button', { name: /^Importer une facture électronique/ });

  await giveFile(page, zone, invoiceFile, testInfo);
  const imported = page.getByRole('status').filter({ hasText: 'importée en brouillon' });
  await expect(imported).toContainText(`Facture ${issued.number}`, importWait);
  const invoiceNumber = /\((FF-\d{4}-\d{4})\)/.exec((await imported.textContent()) ?? '')?.[1] ?? '';

  await giveFile(page, zone, noteFile, testInfo);
  const noteImported = page.getByRole('status').filter({ hasText: 'importé en brouillon' });
  await expect(noteImported).toContainText(`Avoir ${note.number}`, importWait);
  await expect(noteImported).toContainText(`déduit de ${invoiceNumber}`);
  const noteNumber = /\((FF-\d{4}-\d{4})\)/.exec((await noteImported.textContent()) ?? '')?.[1] ?? '';

  // The invoice: its figures, its credit note, what remains; the supplier owed the difference.
  const card = page.getByRole('article', { name: `Facture fournisseur ${invoiceNumber}` });
  await expect(card).toContainText(euros('1000.00'));
  await expect(card).toContainText(euros('180.00'));
  await expect(card).toContainText(euros('1180.00'));
  await expect(card).toContainText(noteNumber);
  await expect(card).toContainText(euros('960.00'));
  const owed = page.getByRole('region', { name: 'À payer par fournisseur' });
  await expect(owed).toContainText(seller.companyName);
  await expect(owed).toContainText(euros('960.00'));
  await expectNoHorizontalOverflow(page);
  // What the credit note changed: the invoice's card and what is owed (the Achats page around them
  // has its own audit, accessibility.spec.ts).
  await auditScreen(page, testInfo, 'purchases-supplier-invoice-credited', { only: card.or(owed) });

  // The credit note, in its own tab, names the invoice it corrects.
  await page.getByRole('tab', { name: /^Avoirs fournisseurs/ }).click();
  const noteCard = page.getByRole('article', { name: `Avoir fournisseur ${noteNumber}` });
  await expect(noteCard).toContainText(`Facture corrigée${invoiceNumber}`);
  await expect(noteCard).toContainText(euros('220.00'));
  await expectNoHorizontalOverflow(page);
  // Its dialog: the lines read, in the invoices' line editor, with its totals.
  await noteCard.getByRole('button', { name: 'Modifier' }).click();
  const dialog = page.getByRole('dialog', { name: `Modifier l'avoir ${noteNumber}` });
  await expect(dialog.getByRole('region', { name: "Lignes de l'avoir" })).toContainText(euros('200.00'));
  await expect(dialog.getByRole('combobox', { name: 'Facture corrigée' })).toBeVisible();
  await auditScreen(page, testInfo, 'purchases-credit-note-dialog', { only: '.ant-modal-wrap' });
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();

  // Paid: what remains, as the dialog proposes it.
  await page.getByRole('tab', { name: /^Commandes/ }).click();
  await card.getByRole('button', { name: 'Enregistrer un paiement' }).click();
  const payment = page.getByRole('dialog', { name: 'Enregistrer un paiement' });
  await expect(payment.getByLabel('Montant payé (€)')).toHaveValue('960,00');
  await auditScreen(page, testInfo, 'purchases-supplier-payment', { only: '.ant-modal-wrap' });
  await payment.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(card).toContainText('Payée');
  await expect(owed).toContainText('Rien à payer aux fournisseurs');

  // Finances: revenue HT against purchases HT, the credit note deducted.
  await page.goto('/finances');
  const expenses = page.getByRole('group', { name: 'Dépenses HT', exact: true });
  await expect(expenses).toContainText(euros('800.00'));
  const profit = page.getByRole('group', { name: 'Bénéfice Net', exact: true });
  await expect(profit).toContainText(euros('1200.00'));
  await expect(profit).toContainText('Marge : 60,0 %');
  await expectNoHorizontalOverflow(page);
});
