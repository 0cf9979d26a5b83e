import { expect, test, type Page } from '../support/fixtures.js';
import { expectNoHorizontalOverflow } from '../support/accounts.js';
import { registerCompany, write, writeHeaders } from '../support/company.js';
import { keepScreenshot } from '../support/accessibility.js';

/**
 * Relancer (issue 17): an invoice overdue by 10 days is reminded from its card; the client's e-mail
 * arrives in the local inbox (/_mail/email) with the invoice's PDF; the card says "Relancée le …
 * (manuelle)"; the bell gets its dot and lists "Relance envoyée : FAC-…", and "Tout marquer comme
 * lu" clears it. The phone runs at 360 px.
 */

const PHONE = { width: 360, height: 740 };

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === 'mobile') await page.setViewportSize(PHONE);
});

function isoDaysAgo(days: number): string {
  const at = new Date();
  at.setUTCDate(at.getUTCDate() - days);
  return at.toISOString().slice(0, 10);
}

async function post(page: Page, path: string, data?: object) {
  const response = await page.request.post(path, { headers: writeHeaders, ...(data ? { data } : {}) });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { id: string; version: number; number?: string };
}

interface InboxMail {
  subject: string;
  to: { address: string }[];
  headers: Record<string, string>;
  attachments?: { fileName?: string; contentType?: string }[];
}

test('Relancer an overdue invoice: the e-mail with its PDF, the card, the bell', async ({
  page,
}, testInfo) => {
  await registerCompany(page.request, `relances-${testInfo.project.name}`);
  const clientEmail = `compta-${testInfo.project.name}-${Date.now().toString(36)}@tilleuls.example.fr`;
  const clientId = await write(page.request, 'post', '/api/clients', {
    name: 'SCI Les Tilleuls',
    email: clientEmail,
  });
  const draft = await post(page, '/api/invoices', {
    clientId,
    title: 'Rénovation Tilleuls',
    dueDate: isoDaysAgo(10),
    lines: [{ description: 'Rénovation complète', quantity: '1', unitPrice: '1000.00', vatRate: '20.00' }],
  });
  const invoice = await post(page, `/api/invoices/${draft.id}/send`, { version: draft.version });

  await page.goto('/invoicing');
  await page.getByRole('tab', { name: /^En retard/ }).click();
  const card = page.getByRole('article', { name: 'Rénovation Tilleuls' });
  const bell = page.getByRole('button', { name: 'Notifications' });
  await expect(card).toBeVisible();
  await expect(bell.locator('.ant-badge-dot')).toHaveCount(0);

  await card.getByRole('button', { name: 'Relancer Rénovation Tilleuls' }).click();
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText(
    `Relance envoyée à ${clientEmail}`,
  );
  await expect(card.getByText(/^Relancée le \d\d\/\d\d\/\d{4} \(manuelle\)$/)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'reminded-card');

  // The message in the local inbox: to the client, kind reminder, the invoice's PDF attached.
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/_mail/email')).json()) as InboxMail[];
      return mails.filter(
        (mail) => mail.to[0]?.address === clientEmail && mail.headers['x-btp-kind'] === 'reminder',
      );
    })
    .toEqual([
      expect.objectContaining({
        subject: expect.stringContaining(`Relance : facture ${invoice.number} échue le`) as unknown as string,
        attachments: [
          expect.objectContaining({
            fileName: `Facture ${invoice.number}.pdf`,
            contentType: 'application/pdf',
          }),
        ],
      }),
    ]);

  // The bell: a dot, the event, then all read.
  await page.reload();
  await expect(bell.locator('.ant-badge-dot')).toBeVisible();
  await bell.click();
  const list = page.getByRole('list', { name: 'Notifications récentes' });
  await expect(list.getByRole('link', { name: `Relance envoyée : ${invoice.number}` })).toBeVisible();
  await keepScreenshot(page, testInfo, 'bell');
  await page.getByRole('button', { name: 'Tout marquer comme lu' }).click();
  await expect(bell.locator('.ant-badge-dot')).toHaveCount(0);
});
