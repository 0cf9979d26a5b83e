import { closeSync, ftruncateSync, mkdtempSync, openSync, readFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '../support/fixtures.js';
import { ensureInstalled, expectNoHorizontalOverflow } from '../support/accounts.js';
import { chooseOption, exactly } from '../support/select.js';

const password = 'Chantier-2026';

/** A new company of its own, signed in in this page's context (its cookie is the browser's). */
async function signedInCompany(page: Page, testInfo: TestInfo, label: string) {
  await ensureInstalled(page.request);
  const unique = `${label}-${testInfo.project.name}-${Date.now().toString(36)}`;
  const response = await page.request.post('/api/auth/register', {
    headers: { 'X-Requested-With': 'fetch' },
    data: {
      firstName: 'Marie',
      lastName: 'Durand',
      email: `marie.${unique}@example.fr`,
      username: `md-${unique}`,
      password,
      confirmPassword: password,
      companyName: `Durand GED ${unique}`,
    },
  });
  expect(response.status()).toBe(201);
}

async function createProject(page: Page, name: string): Promise<void> {
  const headers = { 'X-Requested-With': 'fetch' };
  const client = await page.request.post('/api/clients', { headers, data: { name: `Client de ${name}` } });
  expect(client.status()).toBe(201);
  const { id } = (await client.json()) as { id: string };
  const project = await page.request.post('/api/projects', { headers, data: { name, clientId: id } });
  expect(project.status()).toBe(201);
}

/** The bytes of a small real PDF, as the server checks the first bytes of what it stores. */
function pdfBytes(size = 2048): Buffer {
  const head = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
}

/** A 1×1 PNG. */
const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function openDocuments(page: Page) {
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
}

async function upload(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer } | string,
  fields: { type?: string; tags?: string[]; project?: string; description?: string } = {},
) {
  await page.getByRole('button', { name: 'Uploader un document' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Uploader un document' });
  await expect(dialog.getByText('Taille maximale : 50MB')).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles(file);
  if (fields.type) {
    await chooseOption(page, dialog, 'Type de document', exactly(fields.type));
  }
  if (fields.project) {
    await chooseOption(page, dialog, 'Projet', exactly(fields.project));
  }
  if (fields.description) await dialog.getByLabel('Description').fill(fields.description);
  for (const tag of fields.tags ?? []) {
    await dialog.getByLabel('Étiquettes').fill(tag);
    await dialog.getByLabel('Étiquettes').press('Enter');
  }
  return dialog;
}

function card(page: Page, name: string) {
  return page.getByRole('article', { name });
}

test('an empty company uploads, finds, downloads, views and deletes its documents; over 4 MB straight to the bucket, over 50 MB refused before sending', async ({
  page,
}, testInfo) => {
  // Five uploads (one of 4.5 MB), a download and a preview: close to a minute on a loaded 2-core machine.
  test.setTimeout(120_000);
  await signedInCompany(page, testInfo, 'ged');
  await createProject(page, 'Résidence Les Tilleuls');
  await openDocuments(page);
  await expect(page.getByText('Aucun document', { exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(page);

  // A plan, through the API's multipart route.
  let dialog = await upload(
    page,
    { name: 'Plan RDC été.pdf', mimeType: 'application/pdf', buffer: pdfBytes() },
    {
      type: 'Plan',
      project: 'Résidence Les Tilleuls',
      description: 'Indice B',
      tags: ['plans', 'rdc', 'indice B', 'archi'],
    },
  );
  await expectNoHorizontalOverflow(page);
  await dialog.getByRole('button', { name: 'Uploader' }).click();
  await expect(page.getByText('Document uploadé avec succès')).toBeVisible();
  await expect(dialog).toBeHidden();

  const plan = card(page, 'Plan RDC été.pdf');
  await expect(plan).toContainText('Plan');
  await expect(plan).toContainText('2 KB');
  await expect(plan).toContainText('Indice B');
  await expect(plan).toContainText('Projet : Résidence Les Tilleuls');
  await expect(plan.getByText('+2', { exact: true })).toBeVisible();
  await expect(plan.getByText('archi')).toHaveCount(0);

  // A photo, with the default type 'Autre'.
  dialog = await upload(page, { name: 'Façade.png', mimeType: 'image/png', buffer: pngBytes });
  await dialog.getByRole('button', { name: 'Uploader' }).click();
  await expect(card(page, 'Façade.png')).toContainText('Autre');

  await expect(page.getByRole('tab', { name: 'Tous (2)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Plan (1)' })).toBeVisible();
  await page.getByRole('tab', { name: 'Autre (1)' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByRole('tab', { name: 'Tous (2)' }).click();
  await page.getByLabel('Rechercher un document').fill('tilleuls');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(plan).toBeVisible();
  await page.getByLabel('Rechercher un document').fill('');
  await expectNoHorizontalOverflow(page);

  // 'Télécharger' saves the file under its original name, with its bytes.
  const downloading = page.waitForEvent('download');
  await plan.getByRole('button', { name: /^Télécharger/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Plan RDC été.pdf');
  const saved = await download.path();
  expect(readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');

  // 'Voir' opens the image in a new tab, inline.
  const opening = page.waitForEvent('popup');
  await card(page, 'Façade.png').getByRole('button', { name: /^Voir/ }).click();
  const popup = await opening;
  await popup.waitForURL(/response-content-disposition=inline/);
  await popup.close();

  // Delete, after a confirmation naming the file.
  await card(page, 'Façade.png').getByRole('button', { name: 'Supprimer Façade.png' }).click();
  const confirm = page
    .getByRole('dialog')
    .filter({ hasText: 'Voulez-vous vraiment supprimer « Façade.png »' });
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Document supprimé avec succès')).toBeVisible();
  await expect(card(page, 'Façade.png')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Tous (1)' })).toBeVisible();

  // A file over 4 MB goes straight to the bucket (a presigned POST); one over 50 MB is refused
  // before sending. The earlier uploads' toasts gone first, so that the next one is this upload's.
  await expect(page.getByText('Document uploadé avec succès')).toHaveCount(0);
  const bucketPosts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && !request.url().includes('/api/')) bucketPosts.push(request.url());
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  const big = pdfBytes(4.5 * 1024 * 1024);
  dialog = await upload(page, { name: 'Dossier marché.pdf', mimeType: 'application/pdf', buffer: big });
  await dialog.getByRole('button', { name: 'Uploader' }).click();
  await expect(page.getByText('Document uploadé avec succès')).toBeVisible();
  expect(consoleErrors).toEqual([]);
  expect(bucketPosts).toHaveLength(1);
  await expect(card(page, 'Dossier marché.pdf')).toContainText('4,5 MB');

  // 51 MB on disk, sparse: refused in the browser, nothing sent.
  const directory = mkdtempSync(join(tmpdir(), 'btp-ged-'));
  const path = join(directory, 'Relevé complet.pdf');
  const fd = openSync(path, 'w');
  writeSync(fd, pdfBytes(64));
  ftruncateSync(fd, 51 * 1024 * 1024);
  closeSync(fd);
  const sentBefore = bucketPosts.length;
  dialog = await upload(page, path);
  await expect(dialog.getByText('Le fichier (51 MB) dépasse la taille maximale de 50MB.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Uploader' }).click();
  await expect(dialog).toBeVisible();
  await expect(page.getByText('Document uploadé avec succès')).toBeHidden();
  expect(bucketPosts).toHaveLength(sentBefore);
  await expectNoHorizontalOverflow(page);
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(page.getByRole('tab', { name: 'Tous (2)' })).toBeVisible();
});
