import { expect, test, type Locator, type Page } from '../support/fixtures.js';
import { expectNoHorizontalOverflow } from '../support/accounts.js';
import { registerCompany, write, writeHeaders } from '../support/company.js';
import { chooseOption } from '../support/select.js';
import { keepScreenshot } from '../support/accessibility.js';

/**
 * Situations de travaux (DOCUMENTS.md § 4), the worked example through the screens: a contract of
 * 40 000 + 10 000 HT at 20 %, accepted by the client, a deposit of 5 000 HT, three situations (per
 * line, from a signed état d'avancement, one percent for every line) sent from "Facturation du
 * marché", then the retention released. On the desktop: Facturation's phone journey is payments.spec.ts
 * (a payment recorded in its full-screen dialog), its width with data accessibility.spec.ts's tour.
 */

function toast(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' });
}

/** The amounts block of the new-situation dialog, as a person reads it. */
async function expectFigures(dialog: Locator, figures: Record<string, string>) {
  const amounts = dialog.getByLabel('Montants de la situation');
  for (const [label, value] of Object.entries(figures)) {
    await expect(amounts).toContainText(new RegExp(`${label}\\s*${value.replace(/ /g, '\\s')}\\s€`));
  }
}

/** The client's address: the send dialog prefills it (docs/sending.md). */
const clientEmail = 'famille.durand@example.fr';

/** Sends the draft invoice shown in the billing view under `name` ("Situation n° 1 (brouillon)"). */
async function sendFromBilling(page: Page, billing: Locator, name: string) {
  await billing.getByRole('button', { name: `Envoyer ${name}` }).click();
  const sending = page.getByRole('dialog', { name: 'Envoyer la facture ?' });
  await expect(sending.getByLabel('E-mail du destinataire')).toHaveValue(clientEmail);
  await sending.getByRole('button', { name: 'Envoyer' }).click();
  await expect(
    toast(page)
      .getByText(/^Facture FAC-\d{4}-\d{4} envoyée à /)
      .last(),
  ).toBeVisible();
  await expect(billing.getByRole('button', { name: `Envoyer ${name}` })).toHaveCount(0);
}

test('Situations: deposit, three situations (one from a signed état d’avancement), retention released — the worked example to the cent', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await registerCompany(page.request, `situations-${testInfo.project.name}`);
  const clientId = await write(page.request, 'post', '/api/clients', {
    name: 'M. et Mme Durand',
    email: clientEmail,
  });
  const projectId = await write(page.request, 'post', '/api/projects', { name: 'Maison Durand', clientId });
  const line = (description: string, unitPrice: string) => ({
    resourceType: 'labor',
    description,
    unit: 'forfait',
    quantity: '1',
    unitPrice,
    vatRate: '20',
  });
  const quoteResponse = await page.request.post('/api/quotes', {
    headers: writeHeaders,
    data: {
      title: 'Rénovation de la maison Durand',
      clientId,
      projectId,
      overheadPercentage: '0',
      marginPercentage: '0',
      validUntil: '2099-12-31',
      items: [line('Lot A – gros œuvre', '40000'), line('Lot B – couverture', '10000')],
    },
  });
  expect(quoteResponse.status()).toBe(201);
  const quote = (await quoteResponse.json()) as { id: string; version: number; number: string };
  const sent = await page.request.post(`/api/quotes/${quote.id}/send`, {
    headers: writeHeaders,
    data: { version: quote.version },
  });
  expect(sent.status()).toBe(200);
  // The client's "Bon pour accord" and a deposit of 5 000,00 € HT (10 %), through the API: their
  // dialogs are the Devis journey's (quotes-purchases.spec.ts).
  await write(page.request, 'post', `/api/quotes/${quote.id}/accept`, { signerName: 'Mme Durand' });
  await write(page.request, 'post', `/api/quotes/${quote.id}/invoices`, {
    kind: 'deposit',
    percentage: '10',
  });

  await page.goto('/quotes');
  const card = page.getByRole('article', { name: `Devis ${quote.number}` });
  await expect(card).toContainText('Validé');

  // "Facturation du marché": the deposit is sent from there.
  await card.getByRole('button', { name: 'Facturation du marché' }).click();
  const billing = page.getByRole('dialog', { name: `Facturation du marché : devis ${quote.number}` });
  await expect(billing.getByLabel('Marché', { exact: true })).toContainText(/50\s000,00\s€/);
  await expect(billing.getByRole('button', { name: 'Nouvelle situation' })).toBeDisabled();
  await expect(billing).toContainText("Une facture d'acompte de ce devis est encore un brouillon");
  await sendFromBilling(page, billing, 'Acompte (brouillon)');
  await expect(billing.getByLabel('Acomptes', { exact: true })).toContainText(/5\s000,00\s€/);
  await expectNoHorizontalOverflow(page);

  // Situation n° 1, line by line: A 30 %, B 0 %.
  await billing.getByRole('button', { name: 'Nouvelle situation' }).click();
  const situation = page.getByRole('dialog', { name: /^Nouvelle situation/ });
  await situation.getByLabel('% cumulé Lot A – gros œuvre').fill('30');
  await situation.getByLabel('% cumulé Lot B – couverture').fill('0');
  await expectFigures(situation, {
    'Travaux HT': '12 000,00',
    'Déduction des acomptes HT': '− 1 200,00',
    'Total HT': '10 800,00',
    TVA: '2 160,00',
    'Total TTC': '12 960,00',
    'Retenue de garantie \\(5\\s%\\)': '− 720,00',
    'Net à payer': '12 240,00',
  });
  await situation.getByLabel('% cumulé Lot A – gros œuvre').fill('101');
  await expect(situation.getByLabel('Problèmes de la situation')).toContainText(
    '« Lot A – gros œuvre » : le pourcentage cumulé ne peut pas dépasser 100 %.',
  );
  await expect(situation.getByRole('button', { name: 'Créer la situation' })).toBeDisabled();
  await situation.getByLabel('% cumulé Lot A – gros œuvre').fill('30');
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'situation-1');
  await situation.getByRole('button', { name: 'Créer la situation' }).click();
  await expect(toast(page).getByText('Situation n° 1 créée (brouillon)')).toBeVisible();
  await sendFromBilling(page, billing, 'Situation n° 1 (brouillon)');

  // Situation n° 2 from the état d'avancement the client signed: 50 % on every line.
  const reportId = await write(page.request, 'post', '/api/progress-reports', {
    projectId,
    title: 'Avancement de mars',
    progressPercentage: 50,
    status: 'pending',
  });
  for (const [action, data] of [
    ['validate', undefined],
    ['sign', { signerName: 'Mme Durand' }],
  ] as const) {
    const response = await page.request.patch(`/api/progress-reports/${reportId}/${action}`, {
      headers: writeHeaders,
      ...(data ? { data } : {}),
    });
    expect(response.status()).toBe(200);
  }
  await billing.getByRole('button', { name: 'Nouvelle situation' }).click();
  await situation.getByRole('radio', { name: "Depuis un état d'avancement signé" }).check();
  await chooseOption(page, situation, "État d'avancement signé", 'Avancement de mars : 50 %');
  await expectFigures(situation, {
    'Travaux HT': '13 000,00',
    'Déduction des acomptes HT': '− 1 300,00',
    'Total HT': '11 700,00',
    'Total TTC': '14 040,00',
    'Retenue de garantie \\(5\\s%\\)': '− 780,00',
    'Net à payer': '13 260,00',
  });
  await situation.getByRole('button', { name: 'Créer la situation' }).click();
  await expect(toast(page).getByText('Situation n° 2 créée (brouillon)')).toBeVisible();
  await sendFromBilling(page, billing, 'Situation n° 2 (brouillon)');

  // Situation n° 3: every line at 100 %; every deposit is then deducted.
  await billing.getByRole('button', { name: 'Nouvelle situation' }).click();
  await situation.getByRole('radio', { name: 'Même % pour toutes les lignes' }).check();
  await situation.getByLabel('Pourcentage cumulé de toutes les lignes (%)').fill('100');
  await expectFigures(situation, {
    'Travaux HT': '25 000,00',
    'Déduction des acomptes HT': '− 2 500,00',
    'Total HT': '22 500,00',
    'Total TTC': '27 000,00',
    'Retenue de garantie \\(5\\s%\\)': '− 1 500,00',
    'Net à payer': '25 500,00',
  });
  await situation.getByRole('button', { name: 'Créer la situation' }).click();
  await expect(toast(page).getByText('Situation n° 3 créée (brouillon)')).toBeVisible();
  await sendFromBilling(page, billing, 'Situation n° 3 (brouillon)');

  // The contract is invoiced: 6 000 + 12 240 + 13 260 + 25 500 + 3 000 retained = 60 000 TTC.
  await expect(billing.getByLabel('Marché', { exact: true })).toContainText(/Reste à facturer HT\s*0,00\s€/);
  await expect(billing.getByRole('button', { name: 'Nouvelle situation' })).toBeDisabled();
  await expect(billing).toContainText('Toutes les lignes de ce devis sont déjà facturées à 100 %');
  const retention = billing.getByLabel('Retenue de garantie', { exact: true });
  await expect(retention).toContainText(/Reste à libérer\s*3\s000,00\s€/);
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'billing');

  // The client pays the retention back: released today for the three situations.
  await billing.getByRole('button', { name: 'Libérer la retenue' }).click();
  const release = page.getByRole('dialog', { name: 'Libérer la retenue de garantie' });
  await expect(release.getByLabel('Date de la libération')).not.toHaveValue('');
  await release.getByRole('button', { name: 'Libérer' }).click();
  await expect(toast(page).getByText('Retenue de garantie libérée')).toBeVisible();
  await expect(retention).toContainText(/Libérée\s*3\s000,00\s€/);
  await expect(retention).toContainText(/Reste à libérer\s*0,00\s€/);
  await expect(billing.getByRole('button', { name: 'Libérer la retenue' })).toHaveCount(0);
});
