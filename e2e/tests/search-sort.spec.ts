import { expect, test, type Page } from '../support/fixtures.js';
import { expectNoHorizontalOverflow } from '../support/accounts.js';
import { registerCompany, write, writeHeaders } from '../support/company.js';
import { keepScreenshot } from '../support/accessibility.js';

/**
 * Finding things (API.md "Lists"): the search of Clients is in the URL (`?q=`), so a reload shows
 * the same filtered list; a search without result offers to clear it; Devis sorted by amount. The
 * phone runs at 360 px, where the toolbar wraps.
 */

const PHONE = { width: 360, height: 740 };

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === 'mobile') await page.setViewportSize(PHONE);
});

/** The names the Clients list shows, in order. */
function clientNames(page: Page) {
  return page.getByRole('list', { name: 'Clients' }).getByRole('listitem');
}

test('Clients: the search is in the URL, survives a reload, and says when nothing matches; Devis sorted by amount from the Trier par select', async ({
  page,
}, testInfo) => {
  await registerCompany(page.request, `recherche-${testInfo.project.name}`);
  for (const [name, city] of [
    ['Éric Durand Maçonnerie', 'Lyon'],
    ['Eric Martin', 'Paris'],
    ['Fabien Morel', 'Saint-Étienne'],
    ['SCI Les Tilleuls', 'Évry'],
  ] as const) {
    await write(page.request, 'post', '/api/clients', { name, city });
  }

  await page.goto('/clients');
  await expect(clientNames(page)).toHaveCount(4);
  const search = page.getByRole('searchbox', { name: 'Rechercher' });
  await search.fill('eric');
  await expect(page).toHaveURL(/[?&]q=eric(&|$)/);
  await expect(clientNames(page)).toHaveCount(2);
  await expect(clientNames(page).nth(0)).toContainText('Eric Martin');
  await expect(clientNames(page).nth(1)).toContainText('Éric Durand Maçonnerie');
  await expectNoHorizontalOverflow(page);

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Rechercher' })).toHaveValue('eric');
  await expect(clientNames(page)).toHaveCount(2);

  // A city, without its accent, in the sort the URL keeps.
  await page.goto('/clients?q=evry&tri=name');
  await expect(clientNames(page)).toHaveCount(1);
  await expect(clientNames(page).first()).toContainText('SCI Les Tilleuls');

  await page.getByRole('searchbox', { name: 'Rechercher' }).fill('personne');
  await expect(page.getByText('Aucun résultat pour « personne »')).toBeVisible();
  await keepScreenshot(page, testInfo, 'no-result', { fullPage: true });
  await page.getByRole('button', { name: 'Effacer la recherche' }).click();
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(page.getByRole('searchbox', { name: 'Rechercher' })).toHaveValue('');
  await expect(clientNames(page)).toHaveCount(4);
  // Sorted by name (the URL's `tri`) in French order, accents aside: « Éric D » before « Eric M »,
  // and « É » with the E, not after « S » as a byte order would put it.
  await expect(clientNames(page).nth(0)).toContainText('Éric Durand');
  await expect(clientNames(page).nth(1)).toContainText('Eric Martin');
  await expect(clientNames(page).nth(2)).toContainText('Fabien Morel');
  await expect(clientNames(page).nth(3)).toContainText('SCI Les Tilleuls');

  // Devis: sorted by amount from the Trier par select.
  const clientId = await write(page.request, 'post', '/api/clients', { name: 'Famille Rousseau' });
  const numbers = new Map<string, string>();
  for (const [title, unitPrice] of [
    ['Petit devis', '40'],
    ['Gros devis', '2500'],
    ['Moyen devis', '100'],
  ] as const) {
    const response = await page.request.post('/api/quotes', {
      headers: writeHeaders,
      data: { title, clientId, validUntil: '2099-12-31' },
    });
    expect(response.status()).toBe(201);
    const quote = (await response.json()) as { id: string; number: string };
    numbers.set(title, quote.number);
    await write(page.request, 'put', `/api/quotes/${quote.id}/items`, {
      items: [{ resourceType: 'materials', description: 'Fourniture', unit: 'u', quantity: '1', unitPrice }],
    });
  }

  await page.goto('/quotes');
  const cards = page.getByRole('list', { name: 'Devis' }).getByRole('article');
  await expect(cards).toHaveCount(3);
  // Most recent first by default.
  await expect(cards.first()).toHaveAccessibleName(`Devis ${numbers.get('Moyen devis')}`);

  await page.getByRole('combobox', { name: 'Trier par' }).click();
  await page.locator('.ant-select-item-option', { hasText: 'Montant (décroissant)' }).click();
  await expect(page).toHaveURL(/[?&]tri=-amount(&|$)/);
  await expect(cards.nth(0)).toHaveAccessibleName(`Devis ${numbers.get('Gros devis')}`);
  await expect(cards.nth(1)).toHaveAccessibleName(`Devis ${numbers.get('Moyen devis')}`);
  await expect(cards.nth(2)).toHaveAccessibleName(`Devis ${numbers.get('Petit devis')}`);
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'quotes-by-amount', { fullPage: true });

  await page.reload();
  await expect(cards.nth(0)).toHaveAccessibleName(`Devis ${numbers.get('Gros devis')}`);
  await expect(page.getByRole('combobox', { name: 'Trier par' })).toBeVisible();
});
