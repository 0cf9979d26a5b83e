import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '../support/fixtures.js';
import { registerCompany, write } from '../support/company.js';
import { isPdf, pdfText } from '../support/pdf.js';
import { chooseOption } from '../support/select.js';

/**
 * Issue 32: a site manager enters a week of hours on a phone for two workers (Pointage), and the
 * manager sees the chantier's margin move on the desktop, the cost sheet PDF holding the same
 * figures. Rules and edge cases are the unit and integration tests'.
 */

const PHONE = { width: 360, height: 740 };

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === 'mobile') await page.setViewportSize(PHONE);
});

async function chantierWithTeam(page: Page, label: string) {
  await registerCompany(page.request, label);
  const clientId = await write(page.request, 'post', '/api/clients', {
    name: 'Famille Garnier',
    email: 'garnier@example.fr',
  });
  const projectName = `Extension ${label}`;
  const projectId = await write(page.request, 'post', '/api/projects', {
    name: projectName,
    clientId,
    status: 'in_progress',
  });
  for (const [name, hourlyCost] of [
    ['Marc Maçon', '38.75'],
    ['Paul Plaquiste', '32.00'],
  ]) {
    await write(page.request, 'post', '/api/workers', { name, hourlyCost });
  }
  return { clientId, projectId, projectName };
}

test('a site manager enters a week of hours for two workers on a phone @phone', async ({
  page,
}, testInfo) => {
  const { projectName } = await chantierWithTeam(page, `pointage-${testInfo.project.name}`);
  await page.goto('/pointage');
  await expect(page.getByRole('heading', { name: 'Pointage', level: 1 })).toBeVisible();
  await chooseOption(page, page.locator('main'), 'Chantier', projectName);
  const days = page.getByRole('navigation', { name: 'Jours de la semaine' }).getByRole('listitem');
  for (let day = 0; day < 5; day += 1) {
    await days.nth(day).getByRole('button').click();
    await page.getByRole('button', { name: '7 h pour Marc Maçon' }).click();
    await page.getByRole('button', { name: '8 h pour Paul Plaquiste' }).click();
    // A quarter hour less for Paul: 7,75 h.
    await page.getByRole('button', { name: "Retirer un quart d'heure à Paul Plaquiste" }).click();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText(
      'Heures enregistrées',
    );
    await expect(days.nth(day)).toContainText('14,75 h');
  }
  await page.getByRole('tab', { name: 'Semaine' }).click();
  await chooseOption(page, page.getByRole('tabpanel', { name: 'Semaine' }), 'Chantier', projectName);
  await expect(
    page.getByText('Total de la semaine : 73,75 h').or(page.getByRole('cell', { name: '73,75 h' })),
  ).toBeVisible();
});

test('the manager sees the chantier’s margin move with the hours, and the cost sheet says the same', async ({
  page,
}, testInfo) => {
  const { clientId, projectId, projectName } = await chantierWithTeam(page, `marge-${testInfo.project.name}`);
  const quoteId = await write(page.request, 'post', '/api/quotes', {
    title: 'Extension',
    clientId,
    projectId,
    overheadPercentage: '0',
    marginPercentage: '25',
    items: [
      {
        resourceType: 'labor',
        description: 'Maçonnerie',
        unit: 'h',
        quantity: '100',
        unitPrice: '38.75',
        vatRate: '20',
      },
      {
        resourceType: 'materials',
        description: 'Parpaings',
        unit: 'forfait',
        quantity: '1',
        unitPrice: '2000',
        vatRate: '20',
      },
    ],
  });
  await write(page.request, 'post', `/api/quotes/${quoteId}/send`, {});
  await write(page.request, 'post', `/api/quotes/${quoteId}/accept`, { signerName: 'M. Garnier' });

  await page.goto('/projects');
  await page.getByRole('link', { name: `Rentabilité de ${projectName}` }).click();
  const margin = page.getByRole('group', { name: 'Marge prévue' });
  // 7,344.00 HT sold (K = 1.25) for 5,875.00 of cost: 1,469.00 (20 %).
  await expect(margin).toContainText(/1\s469,00\s€/);
  await expect(margin).toContainText('20 %');

  // Two days of Marc on the chantier, entered on Pointage.
  await page.goto('/pointage');
  await chooseOption(page, page.locator('main'), 'Chantier', projectName);
  await page.getByRole('button', { name: '8 h pour Marc Maçon' }).click();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Heures enregistrées');

  await page.goBack();
  // Progress 0 %: the whole budget is still ahead, plus 8 h × 38.75 already spent.
  await expect(margin).toContainText(/1\s159,00\s€/);
  await expect(page.getByRole('group', { name: 'Coûts réels HT' })).toContainText(/310,00\s€/);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger la fiche (PDF)' }).click();
  const download = await downloading;
  const saved = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(saved);
  const bytes = await readFile(saved);
  expect(isPdf(bytes)).toBe(true);
  const text = (await pdfText(bytes)).replace(/\s+/g, ' ');
  expect(text).toContain(projectName);
  expect(text).toContain('1 159,00 €');
  expect(text).toContain('310,00 €');
});
