import { expect, test, type Page } from '../support/fixtures.js';
import { expectNoHorizontalOverflow } from '../support/accounts.js';
import { registerCompany, write } from '../support/company.js';

/**
 * The client's online "Bon pour accord" (docs/online-acceptance.md): the company sends a devis from
 * Devis (the send dialog), the client opens the e-mail's link on a phone in a browser of their own
 * (no account, no session), reads it, signs on the pad with a finger and accepts; the company's
 * Devis screen then shows the quote Validé, accepted by the signer, and the bell tells it.
 */

const PHONE = { width: 360, height: 740 };

interface ReceivedMail {
  subject: string;
  text: string;
  to: { address: string }[];
}

/** The e-mail the local SMTP server kept for `address` about `number` (MailDev's REST list). */
async function mailFor(page: Page, address: string, number: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get('/_mail/email');
      const mails = (await response.json()) as ReceivedMail[];
      found = mails.find(
        (mail) => mail.to.some((to) => to.address === address) && mail.subject.includes(number),
      );
      return found !== undefined;
    })
    .toBe(true);
  return found as ReceivedMail;
}

/** A stroke drawn with a finger: touch events through the browser's input pipeline, as a phone sends them. */
async function drawWithFinger(page: Page, box: { x: number; y: number; width: number; height: number }) {
  const session = await page.context().newCDPSession(page);
  const points = Array.from({ length: 24 }, (_, index) => ({
    x: box.x + box.width * (0.1 + (0.8 * index) / 23),
    y: box.y + box.height * (0.5 + 0.3 * Math.sin(index / 3)),
  }));
  const [first, ...rest] = points;
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [first!] });
  for (const point of rest) {
    await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await session.detach();
}

test('a devis sent by e-mail is signed by the client on a phone and shows Validé on the company’s Devis', async ({
  page,
  browser,
}, testInfo) => {
  if (testInfo.project.name === 'mobile') await page.setViewportSize(PHONE);
  const company = await registerCompany(page.request, `bon-pour-accord-${testInfo.project.name}`);
  const clientEmail = `client.${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}@example.fr`;
  const clientId = await write(page.request, 'post', '/api/clients', {
    name: 'Lucie Garnier',
    email: clientEmail,
  });
  const validUntil = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  await write(page.request, 'post', '/api/quotes', {
    title: 'Réfection de la toiture',
    clientId,
    validUntil,
    items: [
      {
        resourceType: 'materials',
        description: 'Tuiles terre cuite',
        unit: 'm²',
        quantity: '60',
        unitPrice: '18.00',
      },
      {
        resourceType: 'labor',
        description: 'Pose et zinguerie',
        unit: 'h',
        quantity: 24,
        unitPrice: '42.00',
      },
    ],
  });

  // The company sends it from Devis, through the send dialog (the client's address filled in).
  await page.goto('/quotes');
  await expect(page.getByRole('heading', { name: 'Devis', exact: true, level: 1 })).toBeVisible();
  const card = page.getByRole('article', { name: /^Devis DEV-/ });
  const number = ((await card.getAttribute('aria-label')) ?? '').replace('Devis ', '');
  await card.getByRole('button', { name: 'Envoyer', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('E-mail du destinataire')).toHaveValue(clientEmail);
  await dialog.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Envoyé', { exact: true })).toBeVisible();

  const mail = await mailFor(page, clientEmail, number);
  const link = /https?:\/\/[^\s]+\/devis\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeDefined();

  // The client, on a phone, in a browser of their own: no account, no cookie of the company.
  const phone = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    reducedMotion: 'reduce',
  });
  try {
    const client = await phone.newPage();
    await client.goto(link!);
    await expect(client.getByRole('heading', { name: `Devis n° ${number}`, level: 1 })).toBeVisible();
    await expect(client).toHaveURL(/\/devis\//);
    await expect(client.getByText('Réfection de la toiture')).toBeVisible();
    await expect(client.getByText('Tuiles terre cuite')).toBeVisible();
    await expect(client.getByText(company.companyName).first()).toBeVisible();
    await expect(client.getByRole('link', { name: 'Voir le devis (PDF)' })).toHaveAttribute('href', /^http/);
    await expectNoHorizontalOverflow(client);

    // Signing without the signature or the terms is refused on the page, in French.
    await client.getByLabel('Nom').fill('Lucie Garnier');
    await client.getByRole('button', { name: 'Signer et accepter' }).click();
    await expect(client.getByText('La signature est requise')).toBeVisible();
    await expect(client.getByText('Vous devez accepter le devis et ses conditions')).toBeVisible();

    const pad = client.getByRole('img', { name: /Zone de signature/ });
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    expect(box).not.toBeNull();
    await drawWithFinger(client, box!);
    await expect(client.getByText('La signature est requise')).toBeHidden();
    await client.getByRole('checkbox', { name: /J'accepte le devis et ses conditions/ }).check();
    await client.getByRole('button', { name: 'Signer et accepter' }).click();
    await expect(
      client.getByRole('heading', { name: /^Devis accepté le \d\d\/\d\d\/\d{4} à \d\d:\d\d$/ }),
    ).toBeVisible();
    await expect(client.getByText('Signé par Lucie Garnier.')).toBeVisible();
    await expect(client.getByRole('link', { name: 'Voir le devis signé (PDF)' })).toBeVisible();

    // The link is used: opened again, it says the devis was already accepted.
    await client.reload();
    await expect(client.getByRole('heading', { name: 'Devis déjà accepté', level: 1 })).toBeVisible();
    await expect(client.getByText(`Le devis ${number} a déjà été accepté`)).toBeVisible();
  } finally {
    await phone.close();
  }

  // The company's Devis screen: Validé, accepted by the client, and the signed PDF in Documents.
  await page.reload();
  const accepted = page.getByRole('article', { name: `Devis ${number}` });
  await expect(accepted.getByText('Validé', { exact: true })).toBeVisible();
  await expect(
    accepted.getByText(/^Accepté le \d\d\/\d\d\/\d{4} par Lucie Garnier \(signé en ligne\)$/),
  ).toBeVisible();
  await expect(accepted.getByRole('button', { name: `Devis signé ${number} (PDF)` })).toBeVisible();

  // The bell of the page header has a dot and lists the acceptance; opening it marks it read.
  const bell = page.getByRole('button', { name: 'Notifications' });
  await expect(bell.locator('.ant-badge-dot')).toBeVisible();
  await bell.click();
  const event = page
    .getByRole('list', { name: 'Notifications récentes' })
    .getByRole('link', { name: `Devis ${number} accepté` });
  await expect(event).toBeVisible();
  await event.click();
  await expect(page).toHaveURL(new RegExp(`/quotes\\?q=${number}$`));
  await expect(bell.locator('.ant-badge-dot')).toHaveCount(0);

  const documents = await page.request.get('/api/documents');
  const names = ((await documents.json()) as { name: string }[]).map((document) => document.name);
  expect(names).toContain(`Devis ${number} signé.pdf`);
});
