import { expect, test, type Page } from '../support/fixtures.js';
import { expectNoHorizontalOverflow, openNavigation } from '../support/accounts.js';
import { registerCompany, write } from '../support/company.js';

/**
 * Suivi Travaux: signing an état d'avancement sets its project's progress to the signed
 * percentage, and the screens that show the project say so without a reload (Projets, Tableau de
 * Bord): a 70 % report of a 65 % project, signed on the screen. The phone runs at 360 px.
 */

const PHONE = { width: 360, height: 740 };

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === 'mobile') await page.setViewportSize(PHONE);
});

/** A screen of the sidebar, reached as a person does (the drawer on a phone): no reload. */
async function goTo(page: Page, label: string, heading: string) {
  await openNavigation(page);
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: label })
    .click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

function toast(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' });
}

test("signing a 70 % état d'avancement sets its 65 % project to 70 % on Projets and the dashboard @phone", async ({
  page,
}, testInfo) => {
  await registerCompany(page.request, `signature-${testInfo.project.name}`, { completeProfile: false });
  const clientId = await write(page.request, 'post', '/api/clients', { name: 'Garnier SARL' });
  const projectName = 'Extension Garnier';
  const projectId = await write(page.request, 'post', '/api/projects', {
    name: projectName,
    clientId,
    status: 'in_progress',
    progress: 65,
  });
  const reportId = await write(page.request, 'post', '/api/progress-reports', {
    projectId,
    title: 'Situation n°3',
    progressPercentage: 70,
    status: 'pending',
  });
  await write(page.request, 'patch', `/api/progress-reports/${reportId}/validate`);

  // The dashboard and Projets read the project at 65 % first (the SPA keeps what it read).
  await page.goto('/');
  const recent = page.getByRole('region', { name: 'Projets Récents' });
  await expect(recent.getByText('65% terminé')).toBeVisible();
  await goTo(page, 'Projets', 'Projets');
  const projectCard = page
    .getByRole('list', { name: 'Projets' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: projectName }) });
  await expect(projectCard.getByText('65 %')).toBeVisible();

  // Signed on the screen: the dialog says what it does to the project, the toast what it did.
  await goTo(page, 'Suivi Travaux', 'Suivi Travaux');
  await page.getByRole('tab', { name: 'Validés (1)' }).click();
  const report = page.getByRole('article', { name: 'Situation n°3' });
  await expect(report).toContainText('70%');
  await report.getByRole('button', { name: /^Signer/ }).click();
  const dialog = page.getByRole('dialog', { name: "Signer l'état d'avancement" });
  await expect(
    dialog.getByText(`En signant, l'avancement du projet « ${projectName} » passera de 65 % à 70 %.`),
  ).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await dialog.getByLabel('Nom du signataire').fill('Jeanne Durand');
  await dialog.getByRole('button', { name: 'Signer' }).click();
  await expect(
    toast(page).getByText(`État signé avec succès : le projet « ${projectName} » passe à 70 %`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Signés (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(report).toContainText('SignataireJeanne Durand');

  // Projets and the dashboard show 70 %, without a reload.
  await goTo(page, 'Projets', 'Projets');
  await expect(projectCard.getByText('70 %')).toBeVisible();
  await expect(projectCard.getByRole('progressbar', { name: 'Avancement 70 %' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await goTo(page, 'Tableau de bord', 'Tableau de Bord');
  await expect(recent.getByText('70% terminé')).toBeVisible();

  // And so does the API, for whoever reads it next.
  const project = await page.request.get(`/api/projects/${projectId}`);
  expect(((await project.json()) as { progress: number }).progress).toBe(70);
});
