import { expect, test, type Page, type TestInfo } from '../support/fixtures.js';
import { ensureInstalled, expectNoHorizontalOverflow } from '../support/accounts.js';
import { registerCompany } from '../support/company.js';
import { chooseOption } from '../support/select.js';

const password = 'Chantier-2026';
const writeHeaders = { 'X-Requested-With': 'fetch' };

/** A new company of its own, signed in in this page's context (its cookie is the browser's). */
async function signedInCompany(page: Page, testInfo: TestInfo, label: string) {
  await ensureInstalled(page.request);
  const unique = `${label}-${testInfo.project.name}-${Date.now().toString(36)}`;
  const response = await page.request.post('/api/auth/register', {
    headers: writeHeaders,
    data: {
      firstName: 'Marie',
      lastName: 'Durand',
      email: `marie.${unique}@example.fr`,
      username: `md-${unique}`,
      password,
      confirmPassword: password,
      companyName: `Durand Travaux ${unique}`,
    },
  });
  expect(response.status()).toBe(201);
}

/** A client and one project of theirs, through the API; answers their ids. */
async function clientWithProject(page: Page, clientName: string, projectName: string) {
  const client = await page.request.post('/api/clients', {
    headers: writeHeaders,
    // The send dialog prefills the client's address (docs/sending.md).
    data: { name: clientName, email: 'compta@client.example.fr' },
  });
  expect(client.status()).toBe(201);
  const { id: clientId } = (await client.json()) as { id: string };
  const project = await page.request.post('/api/projects', {
    headers: writeHeaders,
    data: { name: projectName, clientId, status: 'in_progress' },
  });
  expect(project.status()).toBe(201);
  const { id: projectId } = (await project.json()) as { id: string };
  return { clientId, projectId };
}

function toast(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' });
}

function card(page: Page, title: string) {
  return page.getByRole('article', { name: title });
}

test('Suivi Travaux: a report is created, edited, validated, then signed by a named signer', async ({
  page,
}, testInfo) => {
  await signedInCompany(page, testInfo, 'suivi');
  await clientWithProject(page, 'Garnier SARL', 'Extension Garnier');

  await page.goto('/work-tracking');
  await expect(page.getByRole('heading', { name: 'Suivi Travaux' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'En Attente (0)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Validés (0)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Signés (0)' })).toBeVisible();
  await expect(page.getByText('Aucun état en attente')).toBeVisible();

  // Create: the form's required fields first.
  await page.getByRole('button', { name: 'Nouvel État' }).click();
  let dialog = page.getByRole('dialog', { name: "Nouvel État d'Avancement" });
  await dialog.getByRole('button', { name: "Créer l'état" }).click();
  await expect(dialog.getByText('Le projet est requis')).toBeVisible();
  await expect(dialog.getByText('Le titre est requis')).toBeVisible();
  await expect(dialog.getByText("Le pourcentage d'avancement est requis")).toBeVisible();
  await chooseOption(page, dialog, 'Projet', 'Extension Garnier — Garnier SARL');
  await dialog.getByLabel('Titre').fill('Gros œuvre — semaine 12');
  await dialog.getByLabel('Avancement (%)').fill('40');
  await dialog.getByLabel('Travaux réalisés').fill('Fondations');
  await dialog.getByLabel('Total prévu (€)').fill('12 000');
  await expectNoHorizontalOverflow(page);
  await dialog.getByRole('button', { name: "Créer l'état" }).click();
  await expect(toast(page).getByText('État créé avec succès')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('tab', { name: 'En Attente (1)' })).toBeVisible();
  const report = card(page, 'Gros œuvre — semaine 12');
  await expect(report).toContainText('Extension Garnier · Garnier SARL');
  await expect(report).toContainText('En attente');
  await expect(report).toContainText('40%');
  await expect(report).toContainText('12 000,00 €');
  await expect(report.getByRole('button', { name: /^Signer/ })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);

  // Edit: the status stays.
  await report.getByRole('button', { name: /^Modifier/ }).click();
  dialog = page.getByRole('dialog', { name: "Modifier l'état d'avancement" });
  await dialog.getByLabel('Avancement (%)').fill('45');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page).getByText('État mis à jour avec succès')).toBeVisible();
  await expect(report).toContainText('45%');
  await expect(report).toContainText('En attente');

  // Validate: the report moves to 'Validés'.
  await report.getByRole('button', { name: /^Valider/ }).click();
  await expect(toast(page).getByText('État validé avec succès')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Validés (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'En Attente (0)' })).toBeVisible();
  await expect(report).toContainText('Validé le');
  await expect(report.getByRole('button', { name: /^Valider/ })).toHaveCount(0);

  // Sign: nothing is sent without a name.
  await report.getByRole('button', { name: /^Signer/ }).click();
  dialog = page.getByRole('dialog', { name: "Signer l'état d'avancement" });
  await dialog.getByRole('button', { name: 'Signer' }).click();
  await expect(dialog.getByText('Le nom du signataire est requis')).toBeVisible();
  await dialog.getByLabel('Nom du signataire').fill('Jeanne Durand');
  await dialog.getByRole('button', { name: 'Signer' }).click();
  await expect(toast(page).getByText('État signé avec succès')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Signés (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(report).toContainText('Signé le');
  await expect(report).toContainText('SignataireJeanne Durand');
  await expect(report.getByRole('button')).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
});

/** Integer cents as the screens write euros (fr-FR, from the exact decimal text, no float). */
function euros(cents: number): string {
  const text = `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
  return new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(text as `${number}`);
}

test('Facturation: an invoice with two lines at two VAT rates is sent, credited in part by an avoir that takes its AV number, then paid; a whole credit cancels an invoice', async ({
  page,
}, testInfo) => {
  // A company whose legal profile is complete: only such a company may issue invoices.
  await registerCompany(page.request, `factu-${testInfo.project.name}`);
  const garnier = await clientWithProject(page, 'Garnier SARL', 'Extension Garnier');
  await clientWithProject(page, 'Mairie de Lyon', 'École Jules Ferry');
  // A sent invoice due long ago reads overdue: 500,00 HT at 20 %, 600,00 TTC.
  const late = await page.request.post('/api/invoices', {
    headers: writeHeaders,
    data: {
      clientId: garnier.clientId,
      title: 'Situation n°0',
      dueDate: '2026-01-05',
      lines: [{ description: 'Terrassement', quantity: '1', unitPrice: '500', vatRate: '20.00' }],
    },
  });
  expect(late.status()).toBe(201);
  const { id: lateId, version: lateVersion } = (await late.json()) as { id: string; version: number };
  const lateSent = await page.request.post(`/api/invoices/${lateId}/send`, {
    headers: writeHeaders,
    data: { version: lateVersion },
  });
  expect(lateSent.status(), await lateSent.text()).toBe(200);

  await page.goto('/invoicing');
  await expect(page.getByRole('heading', { name: 'Facturation' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'En retard (TTC)' })).toContainText(euros(60_000));
  await expect(page.getByRole('region', { name: 'En retard (TTC)' })).toContainText('1 facture');
  await expect(page.getByRole('region', { name: 'Total en attente (TTC)' })).toContainText(euros(60_000));
  await expect(page.getByRole('region', { name: 'Total encaissé (HT)' })).toContainText(euros(0));
  await expect(page.getByRole('region', { name: 'Brouillons (HT)' })).toContainText('0 facture');
  // The screen opens on the first tab that has invoices: here the overdue one.
  await expect(page.getByRole('tab', { name: 'En retard (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(card(page, 'Situation n°0')).toContainText(`Reste à payer : ${euros(60_000)}`);
  await page.getByRole('tab', { name: 'Envoyées (0)' }).click();
  await expect(page.getByText('Aucune facture envoyée')).toBeVisible();
  await expectNoHorizontalOverflow(page);

  // Create: only the chosen client's projects are offered; two lines at 20 % and 10 %.
  await page.getByRole('button', { name: 'Nouvelle Facture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle Facture' });
  await chooseOption(page, dialog, 'Client', 'Garnier SARL');
  await dialog.getByLabel('Projet', { exact: true }).click();
  await expect(page.locator('.ant-select-item-option', { hasText: 'Extension Garnier' })).toBeVisible();
  await expect(page.locator('.ant-select-item-option', { hasText: 'École Jules Ferry' })).toHaveCount(0);
  await page.locator('.ant-select-item-option', { hasText: 'Extension Garnier' }).click();
  await dialog.getByLabel('Titre').fill('Situation n°1');
  await dialog.getByLabel('Échéance').fill('30/06/2099');
  await dialog.getByLabel('Échéance').press('Enter');
  const first = dialog.getByRole('listitem', { name: 'Ligne 1' });
  await first.getByLabel('Désignation').fill('Maçonnerie');
  await first.getByLabel('Unité').fill('m²');
  await first.getByLabel('Quantité').fill('10');
  await first.getByLabel('Prix unitaire HT').fill('800');
  await dialog.getByRole('button', { name: 'Ajouter une ligne' }).click();
  const second = dialog.getByRole('listitem', { name: 'Ligne 2' });
  await second.getByLabel('Désignation').fill('Isolation des combles');
  await second.getByLabel('Unité').fill('m²');
  await second.getByLabel('Quantité').fill('20');
  await second.getByLabel('Prix unitaire HT').fill('100');
  await chooseOption(page, second, 'TVA', '10\u00a0%');
  await expect(second).toContainText(euros(200_000));
  const totals = dialog.getByLabel('Totaux de la facture');
  await expect(totals).toContainText(`Total HT${euros(1_000_000)}`);
  await expect(totals).toContainText(`TVA 20\u00a0% sur ${euros(800_000)}${euros(160_000)}`);
  await expect(totals).toContainText(`TVA 10\u00a0% sur ${euros(200_000)}${euros(20_000)}`);
  await expect(totals).toContainText(`Total TTC${euros(1_180_000)}`);
  await expectNoHorizontalOverflow(page);
  await dialog.getByRole('button', { name: 'Créer la facture' }).click();
  await expect(toast(page).getByText('Facture créée avec succès')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('tab', { name: 'Brouillons (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Brouillons (HT)' })).toContainText(euros(1_000_000));
  const invoice = card(page, 'Situation n°1');
  await expect(invoice).toContainText('Facture · Brouillon');
  await expect(invoice).toContainText('Garnier SARL · Extension Garnier');
  await expect(invoice).toContainText(`${euros(1_180_000)} TTC`);
  await expect(invoice).toContainText(`${euros(1_000_000)} HT`);
  await expect(invoice).toContainText('Échéance: 30/06/2099');

  // Send: the invoice takes the next number of the year (the overdue one has the first).
  await invoice.getByRole('button', { name: /^Envoyer/ }).click();
  const sending = page.getByRole('dialog', { name: 'Envoyer la facture ?' });
  await expect(sending.getByLabel('E-mail du destinataire')).toHaveValue('compta@client.example.fr');
  await sending.getByRole('button', { name: 'Envoyer' }).click();
  await expect(
    toast(page).getByText(/^Facture FAC-\d{4}-0002 envoyée à compta@client\.example\.fr$/),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Envoyées (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(invoice).toContainText(/Facture · FAC-\d{4}-0002/);
  await expect(invoice).toContainText('Envoyée');
  await expect(invoice).toContainText(`Reste à payer : ${euros(1_180_000)}`);
  await expect(page.getByRole('region', { name: 'Total en attente (TTC)' })).toContainText(euros(1_240_000));

  // Issued: read-only, with its lines, VAT per rate, and the seller and buyer as they were.
  await invoice.getByRole('button', { name: /^Voir détails/ }).click();
  const details = page.getByRole('dialog', { name: 'Détails de la facture' });
  await expect(details).toContainText(/NuméroFAC-\d{4}-0002/);
  await expect(details.getByRole('list', { name: 'Lignes' })).toContainText('Isolation des combles');
  await expect(details.getByLabel('Totaux de la facture')).toContainText(`Total TTC${euros(1_180_000)}`);
  await expect(details.getByRole('region', { name: 'Émetteur' })).toContainText('SIRET81234567600017');
  await expect(details.getByRole('region', { name: "Client à l'émission" })).toContainText('Garnier SARL');
  await expectNoHorizontalOverflow(page);

  // Credit 5 m² of the insulation: 500,00 HT at 10 %, 550,00 TTC.
  await details.getByRole('button', { name: 'Établir un avoir' }).click();
  const credit = page.getByRole('dialog', { name: 'Établir un avoir' });
  await credit.getByRole('radio', { name: 'Certaines lignes' }).check();
  const insulation = credit.getByRole('listitem', { name: 'Ligne 2' });
  await insulation.getByRole('checkbox', { name: 'Isolation des combles' }).check();
  await insulation.getByLabel('Quantité à créditer').fill('5');
  const creditTotals = credit.getByLabel("Totaux de l'avoir");
  await expect(creditTotals).toContainText(`TVA 10\u00a0% sur ${euros(50_000)}${euros(5_000)}`);
  await expect(creditTotals).toContainText(`Total TTC${euros(55_000)}`);
  await credit.getByLabel('Motif (facultatif)').fill('Surface surestimée');
  await expectNoHorizontalOverflow(page);
  await credit.getByRole('button', { name: "Créer l'avoir" }).click();
  await expect(toast(page).getByText(/^Avoir sur la facture FAC-\d{4}-0002 créé/)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Avoirs (1)' })).toHaveAttribute('aria-selected', 'true');
  const creditNotes = page.getByRole('tabpanel', { name: 'Avoirs (1)' });
  const note = creditNotes.getByRole('article');
  await expect(note).toContainText('Avoir · Brouillon');
  await expect(note).toContainText(`${euros(55_000)} TTC`);
  await expect(note).toContainText(/Avoir de la facture FAC-\d{4}-0002 du \d{2}\/\d{2}\/\d{4}/);

  // Sent like an invoice, the credit note takes the first number of its own series.
  await note.getByRole('button', { name: /^Envoyer/ }).click();
  const sendNote0001 = page.getByRole('dialog', { name: "Envoyer l'avoir ?" });
  await expect(sendNote0001.getByLabel('E-mail du destinataire')).toHaveValue('compta@client.example.fr');
  await sendNote0001.getByRole('button', { name: 'Envoyer' }).click();
  await expect(
    toast(page).getByText(/^Avoir AV-\d{4}-0001 envoyé à compta@client\.example\.fr$/),
  ).toBeVisible();
  await expect(note).toContainText(/Avoir · AV-\d{4}-0001/);
  await expect(note).toContainText('Émis');
  // Besides its PDF, an issued credit note offers only its details.
  await expect(note.getByRole('button')).toHaveText(['Voir détails', 'Télécharger le PDF', 'Aperçu']);

  // The invoice now owes 11 800,00 − 550,00.
  await page.getByRole('tab', { name: /^Envoyées/ }).click();
  await expect(invoice).toContainText(`Reste à payer : ${euros(1_125_000)}`);
  await expect(invoice).toContainText(`Crédité par avoir : ${euros(55_000)} TTC`);
  await expect(page.getByRole('region', { name: 'Total en attente (TTC)' })).toContainText(euros(1_185_000));

  // Pay what remains: revenue is the HT cashed less the credit note's HT.
  await invoice.getByRole('button', { name: /^Marquer payée/ }).click();
  const pay = page.getByRole('dialog', { name: 'Enregistrer un paiement' });
  await expect(pay.getByLabel('Montant payé (€)')).toHaveValue('11250,00');
  await expectNoHorizontalOverflow(page);
  await pay.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(toast(page).getByText(/^Facture FAC-\d{4}-0002 marquée payée avec succès$/)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Payées (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(invoice).toContainText('Payée');
  await expect(invoice.getByRole('button')).toHaveText([
    'Voir détails',
    'Établir un avoir',
    'Télécharger le PDF',
    'Aperçu',
  ]);
  await expect(page.getByRole('region', { name: 'Total encaissé (HT)' })).toContainText(euros(950_000));
  await expect(page.getByRole('region', { name: 'Total en attente (TTC)' })).toContainText(euros(60_000));

  // The whole overdue invoice credited: the avoir AV-…-0002 cancels it.
  await page.getByRole('tab', { name: /^En retard/ }).click();
  await card(page, 'Situation n°0')
    .getByRole('button', { name: /^Établir un avoir/ })
    .click();
  const whole = page.getByRole('dialog', { name: 'Établir un avoir' });
  await expect(whole.getByRole('radio', { name: 'Toute la facture' })).toBeChecked();
  await expect(whole.getByLabel("Totaux de l'avoir")).toContainText(`Total TTC${euros(60_000)}`);
  await whole.getByRole('button', { name: "Créer l'avoir" }).click();
  await expect(page.getByRole('tab', { name: 'Avoirs (2)' })).toHaveAttribute('aria-selected', 'true');
  await page
    .getByRole('tabpanel', { name: 'Avoirs (2)' })
    .getByRole('article')
    .filter({ hasText: 'Brouillon' })
    .getByRole('button', { name: /^Envoyer/ })
    .click();
  const sendNote0002 = page.getByRole('dialog', { name: "Envoyer l'avoir ?" });
  await expect(sendNote0002.getByLabel('E-mail du destinataire')).toHaveValue('compta@client.example.fr');
  await sendNote0002.getByRole('button', { name: 'Envoyer' }).click();
  await expect(
    toast(page).getByText(/^Avoir AV-\d{4}-0002 envoyé à compta@client\.example\.fr$/),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Annulées (1)' })).toBeAttached();
  await expect(page.getByRole('tab', { name: 'En retard (0)' })).toBeAttached();
  await expect(page.getByRole('region', { name: 'Total en attente (TTC)' })).toContainText(euros(0));
  await page.getByRole('tab', { name: /^Annulées/ }).click();
  await expect(card(page, 'Situation n°0')).toContainText('Annulée');
  await expectNoHorizontalOverflow(page);
});
