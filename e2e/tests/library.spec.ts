import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '../support/fixtures.js';
import { expectNoHorizontalOverflow, navigateTo } from '../support/accounts.js';
import { registerCompany, write } from '../support/company.js';
import { isPdf, pdfText } from '../support/pdf.js';
import { chooseOption } from '../support/select.js';

/**
 * The price library (issue 28) with LIBRARY.md's worked example, as a person does it on the
 * desktop and on a phone (360 px): the ouvrage « Mur en parpaings de 20 » built from three articles
 * in the Bibliothèque (déboursé 50,83 € a m²), a devis of two lots made from the library by the
 * keyboard, the mason's cost raised to 40,10 €, « Actualiser les prix » on the draft (51,98 € /
 * 65,75 € / 2 794,38 €), the devis sent, its PDF read for its lots and their subtotals. Rules and
 * edge cases are the component, unit and integration tests'.
 */

const PHONE = { width: 360, height: 740 };

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === 'mobile') await page.setViewportSize(PHONE);
});

function toast(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' });
}

/** Takes the first result of the library for `words`, typed in the focused field: arrow down, Enter. */
async function takeFromLibrary(page: Page, field: Locator, words: string, result: string) {
  await field.click();
  await page.keyboard.type(words);
  await expect(page.locator('.ant-select-dropdown').getByText(result, { exact: true })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

test('Bibliothèque to devis: an ouvrage from three articles, two lots by the keyboard, prices refreshed, sent, its PDF', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await registerCompany(page.request, `library-${testInfo.project.name}`);
  await write(page.request, 'post', '/api/clients', {
    name: 'M. et Mme Garnier',
    email: 'garnier@example.fr',
  });
  // The three articles (their screen's own journey is the ouvrage's, below).
  const articles = [
    {
      resourceType: 'materials',
      reference: 'PAR2050',
      designation: 'Parpaing 20×20×50',
      unit: 'u',
      unitCost: '1.48',
    },
    { resourceType: 'materials', designation: 'Mortier bâtard', unit: 'm³', unitCost: '142.60' },
    { resourceType: 'labor', designation: 'Maçon N3P2', unit: 'h', unitCost: '38.75' },
  ];
  for (const article of articles) {
    await write(page.request, 'post', '/api/library/articles', {
      ...article,
      family: 'Gros œuvre › Maçonnerie',
    });
  }

  // The ouvrage, its components taken by the keyboard, its déboursé computed as they are typed.
  await page.goto('/library?vue=ouvrages');
  await expect(page.getByRole('heading', { name: 'Bibliothèque', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Nouvel ouvrage' }).first().click();
  const ouvrage = page.getByRole('dialog');
  await ouvrage.getByLabel('Désignation').fill('Mur en parpaings de 20');
  await ouvrage.getByLabel('Code').fill('MAC-020');
  await ouvrage.getByLabel('Unité').fill('m²');
  const add = ouvrage.getByLabel('Ajouter un composant');
  const components: [string, string, string, string][] = [
    ['parp', 'Parpaing 20×20×50', '10', '5'],
    ['mortier', 'Mortier bâtard', '0,015', '10'],
    ['maçon', 'Maçon N3P2', '0,85', ''],
  ];
  for (const [words, designation, quantity, loss] of components) {
    await takeFromLibrary(page, add, words, designation);
    // The new component's quantity has the focus: typed at once, then its loss rate.
    await expect(page.locator(':focus')).toHaveAccessibleName('Quantité par m²');
    await page.keyboard.type(quantity);
    if (loss !== '') {
      await page.keyboard.press('Tab');
      await page.keyboard.type(loss);
    }
  }
  await expect(ouvrage.getByText('Déboursé sec unitaire').locator('..')).toContainText(/50,83\s€ par m²/);
  await expectNoHorizontalOverflow(page);
  await ouvrage.getByRole('button', { name: "Créer l'ouvrage" }).click();
  await expect(toast(page).getByText('Ouvrage créé')).toBeVisible();
  const wallCard = page.getByRole('article', { name: 'Ouvrage Mur en parpaings de 20' });
  await expect(wallCard).toContainText(/50,83\s€ \/ m²/);
  await expect(wallCard).toContainText('3 composants');
  // Read and searched on a phone as on a desktop.
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill('mur parp');
  // The search reaches the URL after a pause in typing; leaving before it did would see it land on
  // the way out and bring the Bibliothèque back.
  await expect(page).toHaveURL(/[?&]q=mur\+parp/);
  await expect(wallCard).toBeVisible();
  await expectNoHorizontalOverflow(page);

  // A devis of two lots, its lines taken from the library by the keyboard. The other screens are
  // reached from the sidebar: every write from here on is made on a screen, which refreshes the SPA.
  await navigateTo(page, '/quotes');
  await page.getByRole('button', { name: 'Nouveau Devis' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Titre').fill('Extension maison Garnier');
  await chooseOption(page, dialog, 'Client', 'M. et Mme Garnier');
  await dialog.getByLabel("Valide jusqu'au").fill('31/12/2099');
  const lots: [string, string, string, string, string][] = [
    ['Maçonnerie', 'mur parp', 'Mur en parpaings de 20', '1.1', '42,5'],
    ['Finitions', 'maçon', 'Maçon N3P2', '2.1', '8'],
  ];
  for (const [title, words, designation, number, quantity] of lots) {
    await dialog.getByRole('button', { name: 'Ajouter un lot' }).click();
    await expect(page.locator(':focus')).toHaveAttribute('placeholder', 'Maçonnerie');
    await page.keyboard.type(title);
    await dialog.getByRole('button', { name: 'Ajouter une ligne' }).click();
    const line = dialog.getByRole('listitem', { name: `Ligne ${number}` });
    await takeFromLibrary(page, line.getByLabel('Description'), words, designation);
    await line.getByLabel('Quantité').fill(quantity);
  }
  const wallLine = dialog.getByRole('listitem', { name: 'Ligne 1.1' });
  await expect(wallLine.getByLabel('Prix unitaire (déboursé)')).toHaveValue('50,83');
  // LIBRARY.md: K = 1.265, 64,30 € a m², 2 732,75 € HT for 42,5 m².
  await expect(wallLine.getByLabel('Montants de la ligne 1.1')).toContainText(
    /Prix de vente unitaire HT\s*64,30\s€\s*Total vente HT\s*2\s732,75\s€/,
  );
  await expect(dialog.getByRole('listitem', { name: 'Lot 1' })).toContainText(/Sous-total HT\s*2\s732,75\s€/);
  // 8 h × 38,75 € × 1,265 = 49,02 € × 8.
  await expect(dialog.getByRole('listitem', { name: 'Lot 2' })).toContainText(/Sous-total HT\s*392,16\s€/);
  await expectNoHorizontalOverflow(page);
  await dialog.getByRole('button', { name: 'Créer le devis' }).click();
  await expect(toast(page).getByText('Le devis a été créé avec succès.')).toBeVisible();
  const card = page.getByRole('article', { name: /^Devis DEV-/ });
  await expect(card).toContainText(/Total HT\s*3\s124,91\s€/);

  // The mason's cost rises: no devis changes by itself.
  await navigateTo(page, '/library');
  await page.getByRole('button', { name: 'Modifier Maçon N3P2' }).click();
  const article = page.getByRole('dialog');
  await article.getByLabel('Coût unitaire HT (€)').fill('40,10');
  await article.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page).getByText('Article mis à jour')).toBeVisible();
  await navigateTo(page, '/quotes');
  await expect(card).toContainText(/Total HT\s*3\s124,91\s€/);

  // « Actualiser les prix » on the draft: old → new, then applied.
  await card.getByRole('button', { name: 'Modifier' }).click();
  await dialog.getByRole('button', { name: 'Actualiser les prix' }).click();
  const refresh = page.getByRole('dialog', { name: /^Actualiser les prix du devis DEV-/ });
  const refreshed = refresh.getByRole('list', { name: 'Lignes actualisées' });
  await expect(refreshed).toContainText(/Déboursé unitaire\s*50,83\s€ → 51,98\s€/);
  await expect(refreshed).toContainText(/Prix de vente unitaire HT\s*64,30\s€ → 65,75\s€/);
  await expect(refreshed).toContainText(/Total vente HT\s*2\s732,75\s€ → 2\s794,38\s€/);
  await expectNoHorizontalOverflow(page);
  await refresh.getByRole('button', { name: 'Appliquer les nouveaux prix' }).click();
  await expect(toast(page).getByText('Les prix du devis ont été actualisés.')).toBeVisible();
  await expect(wallLine.getByLabel('Prix unitaire (déboursé)')).toHaveValue('51,98');
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  // 2 794,38 + 8 × round(40,10 × 1,265) = 2 794,38 + 8 × 50,73.
  await expect(card).toContainText(/Total HT\s*3\s200,22\s€/);

  // Sent, then its PDF: the lots with their subtotals.
  await card.getByRole('button', { name: 'Envoyer' }).click();
  const sending = page.getByRole('dialog', { name: /^Envoyer le devis DEV-/ });
  await sending.getByRole('button', { name: 'Envoyer' }).click();
  await expect(toast(page).getByText('Devis envoyé à garnier@example.fr')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: /^Télécharger le PDF du devis DEV-/ }).click();
  const download = await downloading;
  const saved = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(saved);
  const bytes = await readFile(saved);
  expect(isPdf(bytes)).toBe(true);
  const text = (await pdfText(bytes)).replace(/\s+/g, ' ');
  // The lots as headings, each followed by its subtotal HT (numbers: 1, 2; lines under them).
  expect(text).toContain('1 Maçonnerie Mur en parpaings de 20 42,5 m² 65,75 € 20 % 2 794,38 €');
  expect(text).toContain('Sous-total 1 Maçonnerie 2 794,38 €');
  expect(text).toContain('2 Finitions Maçon N3P2 8 h 50,73 € 20 % 405,84 €');
  expect(text).toContain('Sous-total 2 Finitions 405,84 €');
  expect(text).toContain('Total HT 3 200,22 €');
});
