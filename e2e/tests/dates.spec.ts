import { expect, test, type Page } from '../support/fixtures.js';
import { registerCompany, write } from '../support/company.js';
import { chooseOption } from '../support/select.js';

/**
 * A date typed in JJ/MM/AAAA then the save button clicked with the mouse (no Enter, no Tab) is kept:
 * the date field commits what was typed when it is left (issue 21). A text that is not a day is
 * refused first. Projets' « Date de fin » likewise: clients-suppliers-projects.spec.ts.
 */

function toast(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' });
}

test('Facturation: a typed text that is not a day is refused in French; a due date typed in Échéance is kept when Créer la facture is clicked', async ({
  page,
}, testInfo) => {
  await registerCompany(page.request, `dates-facture-${testInfo.project.name}`);
  await write(page.request, 'post', '/api/clients', { name: 'Lemoine SAS' });

  await page.goto('/invoicing');
  await page.getByRole('button', { name: 'Nouvelle Facture' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle Facture' });
  await chooseOption(page, dialog, 'Client', 'Lemoine SAS');
  const first = dialog.getByRole('listitem', { name: 'Ligne 1' });
  await first.getByLabel('Désignation').fill('Peinture');
  await first.getByLabel('Unité').fill('m²');
  await first.getByLabel('Quantité').fill('10');
  await first.getByLabel('Prix unitaire HT').fill('25');
  await dialog.getByLabel('Titre').fill('Peinture du séjour');

  await dialog.getByLabel('Échéance').fill('31/02/2099');
  await dialog.getByRole('button', { name: 'Créer la facture' }).click();
  await expect(dialog.getByText('Date invalide (JJ/MM/AAAA)')).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Échéance').fill('22/12/2099');
  await dialog.getByRole('button', { name: 'Créer la facture' }).click();
  await expect(toast(page).getByText('Facture créée avec succès')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: 'Peinture du séjour' })).toContainText(
    'Échéance: 22/12/2099',
  );
});
