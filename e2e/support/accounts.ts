import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The first super administrator. Both browser projects share one server and one DATA_DIR: whichever
 * runs first installs the product with these credentials, the other signs in with them.
 */
export const superAdmin = {
  firstName: 'Sophie',
  lastName: 'Bernard',
  email: 'superadmin@btp-gestion.test',
  username: 'superadmin',
  password: process.env.E2E_SUPER_ADMIN_PASSWORD ?? 'Chantier-Super-2026',
};

/** The setup token the local stack generated under its DATA_DIR (it also prints it at start). */
export function setupToken(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { setupToken?: string };
  if (!secrets.setupToken) throw new Error(`No setupToken in ${dataDir}/secrets.json`);
  return secrets.setupToken;
}

export async function isInstalled(request: APIRequestContext): Promise<boolean> {
  const response = await request.get('/api/setup/status');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { installed: boolean }).installed;
}

/** Installs the product through the API when no test did it through the screen yet. */
export async function ensureInstalled(request: APIRequestContext): Promise<void> {
  if (await isInstalled(request)) return;
  const { firstName, lastName, email, username, password } = superAdmin;
  const response = await request.post('/api/setup', {
    headers: { 'X-Requested-With': 'fetch' },
    data: { setupToken: setupToken(), firstName, lastName, email, username, password },
  });
  expect(response.status()).toBe(201);
}

/** Opens the sidebar: a drawer below the md breakpoint, always there above it. */
export async function openNavigation(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: 'Ouvrir le menu' });
  if (await menu.isVisible()) await menu.click();
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
}

/** Signs in through the login screen and waits for the dashboard. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Identifiant').fill(username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { name: 'Tableau de Bord' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

/** Nothing wider than the screen: no sideways scrolling on a phone. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}
