import { expect, test, type Locator, type Page } from '../support/fixtures.js';
import { expectNoHorizontalOverflow } from '../support/accounts.js';
import { registerCompany, write, writeHeaders } from '../support/company.js';
import { keepScreenshot } from '../support/accessibility.js';

/**
 * Several payments of one invoice (issue 21): an issued invoice of 9 600,00 € TTC is paid 9 120,00 €
 * by virement, then 480,00 € by chèque. After the first it still awaits payment ("Reste à payer",
 * counted in "Total en attente", its HT share in "Total encaissé"); after the second it is "Payée".
 * The details list both payments with their means and references. The phone runs at 360 px.
 */

const PHONE = { width: 360, height: 740 };

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === 'mobile') await page.setViewportSize(PHONE);
});

/** Euros as the screens write them: "9 600,00 €" (narrow no-break spaces, French format). */
function euros(cents: number): string {
  const text = `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  return new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(text as `${number}`);
}

function toast(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' });
}

/** A write through the API that must succeed; answers the record. */
async function post(page: Page, path: string, data?: object) {
  const response = await page.request.post(path, { headers: writeHeaders, ...(data ? { data } : {}) });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { id: string; version: number; number?: string };
}

/** Records one payment from the card: amount, means and reference; today by default. */
async function pay(page: Page, invoice: Locator, amount: string, method: string, reference: string) {
  await invoice.getByRole('button', { name: /^Marquer payée/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Enregistrer un paiement' });
  await expect(dialog.getByLabel('Date de paiement')).toBeVisible();
  const field = dialog.getByLabel('Montant payé (€)');
  await field.fill(amount);
  await dialog.getByRole('combobox', { name: 'Moyen de paiement' }).click();
  await page.locator('.ant-select-item-option', { hasText: method }).click();
  await dialog.getByLabel('Référence').fill(reference);
  await expectNoHorizontalOverflow(page);
  return dialog;
}

test('Facturation: an invoice of 9 600,00 € TTC paid 9 120,00 € by virement, what remains in its details, then 480,00 € by chèque @phone', async ({
  page,
}, testInfo) => {
  await registerCompany(page.request, `paiements-${testInfo.project.name}`);
  const clientId = await write(page.request, 'post', '/api/clients', {
    name: 'SCI Les Tilleuls',
    email: 'compta@tilleuls.example.fr',
  });
  // 8 000,00 € HT at 20 % = 9 600,00 € TTC.
  const draft = await post(page, '/api/invoices', {
    clientId,
    title: 'Rénovation Tilleuls',
    lines: [{ description: 'Rénovation complète', quantity: '1', unitPrice: '8000.00', vatRate: '20.00' }],
  });
  const invoice = await post(page, `/api/invoices/${draft.id}/send`, { version: draft.version });

  await page.goto('/invoicing');
  const card = page.getByRole('article', { name: 'Rénovation Tilleuls' });
  await expect(card).toContainText(`${euros(960_000)} TTC`);
  await expect(card).toContainText(`Reste à payer : ${euros(960_000)}`);
  const pending = page.getByRole('region', { name: 'Total en attente (TTC)' });
  const cashed = page.getByRole('region', { name: 'Total encaissé (HT)' });
  await expect(pending).toContainText(euros(960_000));

  // First payment, by virement: the dialog offers what remains.
  await card.getByRole('button', { name: /^Marquer payée/ }).click();
  const offered = page.getByRole('dialog', { name: 'Enregistrer un paiement' });
  await expect(offered.getByLabel('Montant payé (€)')).toHaveValue('9600,00');
  await keepScreenshot(page, testInfo, 'pay-dialog');
  await offered.getByRole('button', { name: 'Annuler' }).click();
  await expect(offered).toBeHidden();
  const first = await pay(page, card, '9120', 'Virement', 'VIR SEPA SCI Les Tilleuls');
  await first.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(
    toast(page).getByText(
      `Paiement enregistré : reste à payer ${euros(48_000)} sur la facture ${invoice.number}`,
    ),
  ).toBeVisible();
  await expect(first).toBeHidden();

  // Still awaiting payment: under Envoyées, in Total en attente; 95 % of its HT is cashed.
  await expect(page.getByRole('tab', { name: /^Envoyées/ })).toHaveAttribute('aria-selected', 'true');
  await expect(card).toContainText('Envoyée');
  await expect(card).toContainText(`Déjà payé : ${euros(912_000)} TTC`);
  await expect(card).toContainText(`Reste à payer : ${euros(48_000)}`);
  await expect(pending).toContainText(euros(48_000));
  await expect(cashed).toContainText(euros(760_000));
  await expectNoHorizontalOverflow(page);

  // The details say what remains, beside the one payment received.
  await card.getByRole('button', { name: /^Voir détails/ }).click();
  const partial = page.getByRole('dialog', { name: 'Détails de la facture' });
  await expect(partial).toContainText(`Reste à payer${euros(48_000)}`);
  await expect(partial.getByRole('region', { name: 'Paiements reçus' }).getByRole('listitem')).toHaveText([
    new RegExp(`Virement.*Réf\\. VIR SEPA SCI Les Tilleuls.*${euros(912_000)}`),
  ]);
  await page.keyboard.press('Escape');
  await expect(partial).toBeHidden();

  // Paying more than what remains is refused, with the reason under the amount.
  const tooMuch = await pay(page, card, '480,01', 'Chèque', 'Chèque n° 0012345');
  await tooMuch.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  const refusal = `Le montant payé ne peut pas dépasser le reste à payer de la facture (${euros(48_000)}).`;
  await expect(tooMuch.getByText(refusal)).toBeVisible();
  await tooMuch.getByRole('button', { name: 'Annuler' }).click();
  await expect(tooMuch).toBeHidden();

  // The rest, by chèque: paid.
  const second = await pay(page, card, '480', 'Chèque', 'Chèque n° 0012345');
  await second.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(toast(page).getByText(`Facture ${invoice.number} marquée payée avec succès`)).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Payées/ })).toHaveAttribute('aria-selected', 'true');
  await expect(card).toContainText('Payée');
  await expect(card).not.toContainText('Reste à payer');
  await expect(cashed).toContainText(euros(800_000));
  await expect(pending).toContainText(euros(0));

  // The details list both payments, with their means and references.
  await card.getByRole('button', { name: /^Voir détails/ }).click();
  const details = page.getByRole('dialog', { name: 'Détails de la facture' });
  const payments = details.getByRole('region', { name: 'Paiements reçus' }).getByRole('listitem');
  await expect(payments).toHaveCount(2);
  await expect(payments.nth(0)).toContainText('Virement');
  await expect(payments.nth(0)).toContainText('Réf. VIR SEPA SCI Les Tilleuls');
  await expect(payments.nth(0)).toContainText(euros(912_000));
  await expect(payments.nth(1)).toContainText('Chèque');
  await expect(payments.nth(1)).toContainText('Réf. Chèque n° 0012345');
  await expect(payments.nth(1)).toContainText(euros(48_000));
  await expect(details).toContainText(`Montant payé${euros(960_000)}`);
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'payments', { fullPage: true });
});
