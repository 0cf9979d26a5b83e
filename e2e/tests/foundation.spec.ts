import { expect, test } from '../support/fixtures.js';
import { auditScreen } from '../support/accessibility.js';
import {
  expectNoHorizontalOverflow,
  fillPerson,
  openNavigation,
  setupToken,
  superAdmin,
} from '../support/accounts.js';

test.describe('a fresh installation', () => {
  test('shows the setup page, in French, without overflowing the screen @phone', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/setup$/);
    await expect(page.getByText('Installation de BTP Gestion')).toBeVisible();
    await expect(page.getByText("L'application n'est pas encore installée.")).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // The only run where the setup screen is reachable: its accessibility audit and screenshot.
    await auditScreen(page, testInfo, 'setup');
  });

  test('a deep link lands on the setup page, an unknown path on the French 404, the API on the same origin', async ({
    page,
    request,
  }) => {
    await page.goto('/clients');
    await expect(page).toHaveURL(/\/setup$/);
    await expect(page.getByText('Installation de BTP Gestion')).toBeVisible();

    await page.goto('/nimporte-quoi');
    await expect(page.getByText('Page introuvable')).toBeVisible();
    await page
      .getByRole('link', { name: "Retour à l'accueil" })
      .or(page.getByRole('button', { name: "Retour à l'accueil" }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/setup$/);

    const health = await request.get('/api/health');
    expect(await health.json()).toEqual({ status: 'ok' });
    const status = await request.get('/api/setup/status');
    expect(await status.json()).toEqual({ installed: false });
    const unknown = await request.get('/api/anything-else');
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'not_found' });
  });

  // Last: every other journey of this viewport runs on the product installed here.
  test('setup with the token lands on Système Admin (no company yet), then /setup leads there', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/setup$/);
    await page.getByLabel("Jeton d'installation").fill(setupToken());
    await fillPerson(page, superAdmin, superAdmin.password);
    await page.getByRole('button', { name: 'Installer BTP Gestion' }).click();
    // The super administrator has no company: the platform's administration, not a failing dashboard.
    await expect(page.getByRole('heading', { name: 'Système Admin', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText('Erreur lors du chargement des statistiques')).toHaveCount(0);

    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await openNavigation(page);
    const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(navigation.getByRole('link', { name: 'Tableau de bord' })).toHaveCount(0);
    await expect(navigation.getByRole('heading', { name: 'Administration' })).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'Système Admin' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The sidebar's footer (Système Admin's users table names them too).
    const sidebar = navigation.locator('xpath=..');
    await expect(sidebar.getByText('Sophie Bernard')).toBeVisible();
    await expect(sidebar.getByText('Super Admin', { exact: true })).toBeVisible();

    // Installed: the setup screen is gone for good.
    await page.goto('/setup');
    await expect(page).toHaveURL(/\/admin$/);
  });
});
