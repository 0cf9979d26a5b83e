import { expect, test } from '../support/fixtures.js';
import { expectNoHorizontalOverflow, openNavigation, signIn, superAdmin } from '../support/accounts.js';
import { registerCompany } from '../support/company.js';

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
  'Bibliothèque',
  'Achats',
  'Suivi Travaux',
  'Facturation',
  'Documents',
  'Finances',
  'Paramètres',
];

test('the super administrator lands on Système Admin, with no business entry nor screen; on a 1366 × 768 laptop its users table fits', async ({
  page,
  request,
}) => {
  // A company with a long name, whose administrator has a long e-mail and can be deactivated.
  const { username } = await registerCompany(request, 'Maconnerie-Renovation-Grand-Ouest', {
    completeProfile: false,
  });

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

  // A laptop's screen whatever the project (the phone project too: its browser is simply resized).
  await page.setViewportSize({ width: 1366, height: 768 });
  const users = page.getByRole('region', { name: 'Utilisateurs' });
  await users.getByRole('textbox', { name: 'Rechercher un utilisateur' }).fill(username);
  const table = users.getByRole('table');
  await expect(table.getByText(`@${username}`)).toBeVisible();
  // Down the page to the table, vertically only: the first column's header in view leaves the
  // table's own horizontal scroll (if any) where it starts, at the left.
  await table
    .getByRole('columnheader', { name: 'Utilisateur', exact: true })
    .evaluate((header) => header.scrollIntoView({ block: 'start', inline: 'nearest' }));

  await expect(table.getByRole('columnheader', { name: 'Actions' })).toBeInViewport();
  await expect(table.getByRole('button', { name: 'Modifier Claire Fontaine' })).toBeInViewport();
  await expect(table.getByRole('button', { name: 'Désactiver Claire Fontaine' })).toBeInViewport();
  // No horizontal scroll inside the table either: every column is within its width.
  const hidden = await table.evaluate(
    (element) => element.scrollWidth - (element.parentElement?.clientWidth ?? 0),
  );
  expect(hidden).toBeLessThanOrEqual(0);
  await expectNoHorizontalOverflow(page);
});
