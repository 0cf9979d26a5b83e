import { expect, test, type Page } from '../support/fixtures.js';
import { auditScreen } from '../support/accessibility.js';
import { expectNoHorizontalOverflow, navigateTo, openNavigation } from '../support/accounts.js';
import { signInThroughApi } from '../support/session.js';
import {
  companyPassword,
  registerCompany,
  writeHeaders,
  type RegisteredCompany,
} from '../support/company.js';
import { chooseOption } from '../support/select.js';

// One story per project: an administrator completes the profile of a new company, then approves a
// colleague, who reads the profile. Every name carries the project and the time, so it runs again.
test.describe.configure({ mode: 'serial' });

/** The narrowest phone the product is made for (DESIGN.md § 5). */
const PHONE = { width: 360, height: 740 };

/** A 1×1 PNG: a real image, as the server checks the file's content. */
const logoPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

let company: RegisteredCompany;
const colleague = { firstName: 'Lucas', lastName: 'Petit', username: '' };

async function onPhoneWidth(page: Page) {
  if (test.info().project.name === 'mobile') await page.setViewportSize(PHONE);
}

test('an administrator completes the legal profile from the banner of Devis @phone', async ({
  page,
}, testInfo) => {
  // Registered through the API in the page's context: its administrator is signed in (the sign-in
  // form is first-paint.spec.ts's and keyboard.spec.ts's).
  company = await registerCompany(page.request, `settings-${testInfo.project.name}`, {
    completeProfile: false,
  });
  await onPhoneWidth(page);

  await page.goto('/quotes');
  const banner = page.getByRole('alert').filter({ hasText: "Profil de l'entreprise incomplet" });
  await expect(banner).toContainText('Pour envoyer des devis et des factures, complétez :');
  await banner.getByRole('link', { name: 'Compléter le profil' }).click();

  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: "Paramètres de l'entreprise" })).toBeVisible();
  const form = page.getByRole('form', { name: "Profil de l'entreprise" });
  await expect(form.getByLabel("Nom de l'entreprise")).toHaveValue(company.companyName);
  await expectNoHorizontalOverflow(page);

  await chooseOption(page, form, 'Forme juridique', 'SARL');
  await form.getByLabel('Capital social (€)').fill('10 000,00');
  await form.getByLabel('SIRET').fill('812 345 676 00017');
  await expect(form.getByText('SIREN : 812 345 676')).toBeVisible();
  await form.getByRole('button', { name: 'Calculer depuis le SIREN' }).click();
  await expect(form.getByLabel('N° de TVA intracommunautaire')).toHaveValue('FR19812345676');
  await form.getByLabel('Immatriculation').fill('RCS Lyon');
  await form.getByLabel('Adresse', { exact: true }).fill('12 rue des Artisans');
  await form.getByLabel('Code postal').fill('69003');
  await form.getByLabel('Ville').fill('Lyon');
  await form.getByLabel('IBAN').fill('FR76 3000 6000 0112 3456 7890 188');
  await form.getByLabel('BIC').click();
  await expect(form.getByText("L'IBAN est invalide (clé de contrôle)")).toBeVisible();
  await form.getByLabel('IBAN').fill('FR76 3000 6000 0112 3456 7890 189');
  await expect(form.getByText("L'IBAN est invalide (clé de contrôle)")).toHaveCount(0);
  await form.getByLabel('BIC').fill('AGRIFRPP');
  await form.getByLabel('Assureur', { exact: true }).fill('Mutuelle du Bâtiment');
  await form.getByLabel('N° de police').fill('DEC-2026-0042');
  await form.getByLabel('Activités couvertes').fill('Maçonnerie, carrelage');
  await form.getByLabel('Zone géographique couverte').fill('France métropolitaine');
  await form.getByLabel('Logo (PNG ou JPEG)').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: logoPng,
  });
  await expect(form.getByRole('img', { name: "Logo de l'entreprise" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await auditScreen(page, testInfo, 'settings');

  await form.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(page.getByText("Paramètres de l'entreprise enregistrés")).toBeVisible();
  await expect(
    page.getByText('Profil complet : les devis et les factures peuvent être envoyés.'),
  ).toBeVisible();
  const saved = (await (await page.request.get('/api/company')).json()) as Record<string, unknown>;
  expect(saved).toMatchObject({
    siret: '81234567600017',
    siren: '812345676',
    vatNumber: 'FR19812345676',
    iban: 'FR7630006000011234567890189',
    shareCapital: '10000.00',
    missingFields: { quote: [], invoice: [] },
  });
  expect(saved.logoDocumentId).toEqual(expect.any(String));

  // Back on Devis from the sidebar: the profile saved on the screen refreshed what the SPA knows.
  await navigateTo(page, '/quotes');
  await expect(page.getByRole('heading', { name: 'Devis' })).toBeVisible();
  await expect(page.getByText("Profil de l'entreprise incomplet")).toHaveCount(0);
});

test('the administrator approves a colleague who joined the company, who then reads the profile without changing it', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const joiner = await playwright.request.newContext({ baseURL });
  const unique = `${test.info().project.name}-${Date.now().toString(36)}`;
  colleague.username = `lpetit-${unique}`;
  const registered = await joiner.post('/api/auth/register', {
    headers: writeHeaders,
    data: {
      ...colleague,
      email: `lucas.${unique}@example.fr`,
      password: companyPassword,
      confirmPassword: companyPassword,
      companyId: company.companyId,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await joiner.dispose();
  await onPhoneWidth(page);
  await signInThroughApi(page, company.username, company.password);

  await page.goto('/');
  await openNavigation(page);
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Paramètres' })
    .click();
  await page.getByRole('tab', { name: 'Utilisateurs (1 en attente)' }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Lucas Petit' }) });
  await expect(card.getByText('En attente')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  // The tab's panel: the page around it is the 'settings' audit of the first test.
  await auditScreen(page, testInfo, 'settings-users', {
    only: page.getByRole('tabpanel', { name: /^Utilisateurs/ }),
  });

  await card.getByRole('button', { name: 'Approuver Lucas Petit' }).click();

  await expect(page.getByText('Lucas Petit peut maintenant se connecter')).toBeVisible();
  await expect(card.getByText('Actif')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Utilisateurs', exact: true })).toBeVisible();

  // The colleague signs in in the administrator's place.
  await page.context().clearCookies();
  await signInThroughApi(page, colleague.username, companyPassword);
  await page.goto('/settings');

  await expect(
    page.getByText("Seul un administrateur de l'entreprise peut modifier ces informations."),
  ).toBeVisible();
  await expect(page.getByText('812 345 676 00017')).toBeVisible();
  await expect(page.getByRole('img', { name: "Logo de l'entreprise" })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /Utilisateurs/ })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await auditScreen(page, testInfo, 'settings-read-only');
});
