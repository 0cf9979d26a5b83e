import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The first super administrator of each server. foundation.spec.ts installs the product with these
 * credentials through the setup screen; the journeys sign in with them.
 */
export const superAdmin = {
  firstName: 'Sophie',
  lastName: 'Bernard',
  email: 'superadmin@btp-gestion.test',
  username: 'superadmin',
  password: process.env.E2E_SUPER_ADMIN_PASSWORD ?? 'Chantier-Super-2026',
};

/**
 * The setup token the running test's server generated under its DATA_DIR (it also prints it at
 * start); the project's `metadata.dataDir` says which folder (playwright.config.ts).
 */
export function setupToken(): string {
  const dataDir = (test.info().project.metadata as { dataDir?: string }).dataDir;
  if (!dataDir) throw new Error('No metadata.dataDir on this project: see playwright.config.ts');
  const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { setupToken?: string };
  if (!secrets.setupToken) throw new Error(`No setupToken in ${dataDir}/secrets.json`);
  return secrets.setupToken;
}

export async function isInstalled(request: APIRequestContext): Promise<boolean> {
  const response = await request.get('/api/setup/status');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { installed: boolean }).installed;
}

/**
 * Installs the product through the API when foundation.spec.ts did not (a spec run alone with
 * `--no-deps`). 409: a test running beside this one installed it first, which is as good.
 */
export async function ensureInstalled(request: APIRequestContext): Promise<void> {
  if (await isInstalled(request)) return;
  const { firstName, lastName, email, username, password } = superAdmin;
  const response = await request.post('/api/setup', {
    headers: { 'X-Requested-With': 'fetch' },
    data: { setupToken: setupToken(), firstName, lastName, email, username, password },
  });
  expect([201, 409]).toContain(response.status());
}

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
}

/** Fills the person fields the setup and registration screens share. */
export async function fillPerson(page: Page, person: Person, password: string): Promise<void> {
  await page.getByLabel('Prénom').fill(person.firstName);
  await page.getByLabel('Nom', { exact: true }).fill(person.lastName);
  await page.getByLabel('Adresse e-mail').fill(person.email);
  await page.getByLabel("Nom d'utilisateur").fill(person.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByLabel('Confirmer le mot de passe').fill(password);
}

/** Opens the sidebar: a drawer below the md breakpoint, always there above it. */
export async function openNavigation(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: 'Ouvrir le menu' });
  if (await menu.isVisible()) await menu.click();
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
}

/**
 * Opens the screen at `path` from the sidebar (the drawer on a phone), in the SPA already loaded, as
 * a person does: no page load (each one parses the bundles and builds antd's styles again, most of
 * the browser's CPU in a journey). What the screen shows comes from the SPA's cache where it has it
 * (queries never go stale on their own: the screens' writes refresh them), so a journey that wrote
 * through the API since loads the page instead (`page.goto`).
 */
export async function navigateTo(page: Page, path: string): Promise<void> {
  await openNavigation(page);
  await page.getByRole('navigation', { name: 'Navigation principale' }).locator(`a[href="${path}"]`).click();
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/**
 * Signs in through the login screen and waits for the person's first screen: the dashboard, or
 * Système Admin for the super administrator (who has no company).
 */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Identifiant').fill(username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  if (username === superAdmin.username) {
    await expect(page.getByRole('heading', { name: 'Système Admin', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
  } else {
    await expect(page.getByRole('heading', { name: 'Tableau de Bord' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  }
}

/** Nothing wider than the screen: no sideways scrolling on a phone. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}
