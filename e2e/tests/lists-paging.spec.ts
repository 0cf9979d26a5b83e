import { expect, test, type APIRequestContext } from '../support/fixtures.js';
import { expectNoHorizontalOverflow } from '../support/accounts.js';
import { registerCompany, write, writeHeaders } from '../support/company.js';
import { keepScreenshot } from '../support/accessibility.js';

/**
 * Lists past one screen (API.md "Lists"): a company of 60 clients, seeded through the API. The
 * Clients screen asks for a screen's page (`?limit=50`) and shows the 50 most recent with
 * « 50+ résultats » and 'Charger plus', which reads the last 10, the oldest client among them; the
 * search finds it at once. Another company's session cannot use the cursor. The phone runs at
 * 360 px.
 */

const PHONE = { width: 360, height: 740 };
const PAGE = 50;
const COUNT = 60;
const pad = (value: number) => String(value).padStart(4, '0');

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === 'mobile') await page.setViewportSize(PHONE);
});

/** Creates Client 0001 first (the oldest), then the others, four requests at a time. */
async function seedClients(request: APIRequestContext): Promise<void> {
  await write(request, 'post', '/api/clients', { name: 'Client 0001', city: 'Lyon' });
  let next = 2;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next <= COUNT) {
        const index = next;
        next += 1;
        await write(request, 'post', '/api/clients', { name: `Client ${pad(index)}`, city: 'Lyon' });
      }
    }),
  );
}

test('Clients: 60 clients read a screen at a time, the oldest reached by Charger plus and by the search', async ({
  page,
  playwright,
}, testInfo) => {
  await registerCompany(page.request, `pages-${testInfo.project.name}`);
  await seedClients(page.request);
  const clients = page.getByRole('list', { name: 'Clients' }).getByRole('listitem');

  const firstPage = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/clients');
  await page.goto('/clients');
  expect(new URL((await firstPage).url()).searchParams.get('limit')).toBe(String(PAGE));
  await expect(clients).toHaveCount(PAGE);
  await expect(page.getByRole('status').filter({ hasText: 'résultats' })).toHaveText('50+ résultats');
  await expect(page.getByRole('link', { name: 'Client 0001', exact: true })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);

  await page.getByRole('button', { name: 'Charger plus' }).click();
  await expect(clients).toHaveCount(COUNT);
  const oldest = clients.nth(COUNT - 1);
  await oldest.scrollIntoViewIfNeeded();
  await expect(oldest).toContainText('Client 0001');
  await expect(page.getByRole('status').filter({ hasText: 'résultats' })).toHaveText('60 résultats');
  await expect(page.getByRole('button', { name: 'Charger plus' })).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'every-page');

  // The server's search finds it without paging; the URL keeps the search.
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill('client 0001');
  await expect(page).toHaveURL(/[?&]q=client(\+|%20)0001(&|$)/);
  await expect(clients).toHaveCount(1);
  await expect(clients.first()).toContainText('Client 0001');
  await expectNoHorizontalOverflow(page);

  // The cursor of this company's list, sent by another company's session: refused, nothing read.
  const first = await page.request.get(`/api/clients?limit=${PAGE}`);
  const cursor = first.headers()['x-next-cursor'];
  expect(cursor).toBeTruthy();
  const other = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    await registerCompany(other, `pages-b-${testInfo.project.name}`);
    const stolen = await other.get(`/api/clients?cursor=${encodeURIComponent(cursor ?? '')}`, {
      headers: writeHeaders,
    });
    expect(stolen.status()).toBe(400);
    expect(await stolen.json()).toMatchObject({ message: 'Curseur de pagination invalide.' });
  } finally {
    await other.dispose();
  }
});
