import { expect, test } from '@playwright/test';
import { ensureInstalled, openNavigation, signIn, superAdmin } from '../support/accounts.js';

/**
 * The first steps of the super administrator foundation.spec.ts created through /setup: no
 * company, so no business screen; Système Admin is their home (issue 21).
 */

const businessEntries = [
  'Tableau de bord',
  'Clients',
  'Fournisseurs',
  'Projets',
  'Devis',
  'Achats',
  'Suivi Travaux',
  'Facturation',
  'Documents',
  'Finances',
  'Paramètres',
];

test('the super administrator lands on Système Admin, with no business entry nor screen', async ({
  page,
  request,
}) => {
  await ensureInstalled(request);

  // Signing in leads to Système Admin, not to a dashboard that cannot load.
  await signIn(page, superAdmin.username, superAdmin.password);
  await expect(page.getByText("Taux d'activité")).toBeVisible();
  await expect(page.getByText('Erreur lors du chargement des statistiques')).toHaveCount(0);

  // The navigation offers Système Admin only.
  await openNavigation(page);
  const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(navigation.getByRole('link', { name: 'Système Admin' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(navigation.getByRole('link')).toHaveCount(1);
  for (const entry of businessEntries) {
    await expect(navigation.getByRole('link', { name: entry, exact: true })).toHaveCount(0);
  }

  // A business screen's address leads back to Système Admin, and so does home.
  for (const path of ['/clients', '/', '/settings']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Système Admin', level: 1 })).toBeVisible();
    await expect(page.getByText("Aucune entreprise n'est associée")).toHaveCount(0);
  }
});
