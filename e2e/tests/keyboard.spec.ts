import { expect, test, type Locator, type Page } from '../support/fixtures.js';
import { registerCompany } from '../support/company.js';

/**
 * Signing in and creating a client with the keyboard alone: Tab to move, typing, Enter to act. The
 * tests only read where the focus is; every action is a key press.
 */

/**
 * Presses Tab until `target` has the focus, as a person would, and checks that the focus shows: an
 * outline on a button or link; an outline or a focus ring (box-shadow, which antd draws only on the
 * focused field) on a field or its antd wrapper.
 */
async function tabTo(page: Page, target: Locator, name: string, maxPresses = 40): Promise<void> {
  for (let presses = 0; presses < maxPresses; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) {
      const visible = await target.evaluate((element) => {
        const outlined = (node: Element) => {
          const style = getComputedStyle(node);
          return style.outlineStyle !== 'none' && style.outlineWidth !== '0px';
        };
        if (!element.matches(':focus-visible')) return false;
        if (element.matches('button, a')) return outlined(element);
        const ringed = (node: Element) => outlined(node) || getComputedStyle(node).boxShadow !== 'none';
        const wrapper = element.closest('.ant-input-affix-wrapper, .ant-input-outlined, .ant-select');
        return ringed(element) || (wrapper !== null && ringed(wrapper));
      });
      expect(visible, `the focus on ${name} is visible`).toBe(true);
      return;
    }
  }
  throw new Error(`${name} was not reached with ${maxPresses} presses of Tab`);
}

test('signing in, then creating a client, with the keyboard only', async ({ page, request }) => {
  const company = await registerCompany(request, 'clavier');

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await tabTo(page, page.getByLabel('Identifiant'), "'Identifiant'");
  await page.keyboard.type(company.username);
  await tabTo(page, page.getByLabel('Mot de passe', { exact: true }), "'Mot de passe'");
  await page.keyboard.type(company.password);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Tableau de Bord' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The company is new: Clients is empty.
  await page.goto('/clients');
  await expect(page.getByText('Aucun client')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Nouveau Client' }), "'Nouveau Client'");
  await page.keyboard.press('Enter');

  await tabTo(page, page.getByLabel("Nom de l'entreprise"), "'Nom de l'entreprise'");
  await page.keyboard.type('Menuiserie Lefèvre');
  await tabTo(page, page.getByLabel('E-mail'), "'E-mail'", 5);
  await page.keyboard.type('contact@lefevre.fr');
  await tabTo(page, page.getByLabel('Ville'), "'Ville'", 5);
  await page.keyboard.type('Grenoble');
  await page.keyboard.press('Enter');

  const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(toasts.getByText('Client créé avec succès')).toBeVisible();
  const clients = page.getByRole('list', { name: 'Clients' });
  await expect(clients.getByText('Menuiserie Lefèvre')).toBeVisible();
  await expect(clients.getByText('contact@lefevre.fr')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Créer le client' })).toHaveCount(0);
});
