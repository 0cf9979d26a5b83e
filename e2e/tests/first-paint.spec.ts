import { expect, test } from '../support/fixtures.js';
import { registerCompany } from '../support/company.js';

/**
 * /login is pre-rendered at build time (issue 18): its HTML holds the sign-in form before any script
 * runs; / holds the dashboard's neutral shell (the layout's frame and the page header). It must hold nothing of a company or a person, and a signed-in person who opens it must never
 * see the form, not even for one frame, while the session check runs.
 */

test('the pre-rendered /login and / are the same for everyone, hold no company data, and / gives way to the page', async ({
  page,
  playwright,
  baseURL,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  const signedOut = await anonymous.get('/login');
  expect(signedOut.status()).toBe(200);
  const loginHtml = await signedOut.text();
  // The form is in the HTML itself, hidden until the session check says nobody is signed in.
  expect(loginHtml).toContain('data-prerendered="/login"');
  expect(loginHtml).toMatch(
    /<html lang="fr" class="session-pending prehydration" data-deferred-entry="\/assets\/index-/,
  );
  // Scripts must not hold the first paint: the entry is requested by the route preloader afterwards.
  expect(loginHtml).not.toMatch(/<script type="module"/);
  expect(loginHtml).toContain('>Connexion</h1>');
  expect(loginHtml).toContain('Se connecter');
  // / : the page header is in the HTML itself; scripts are requested by the route preloader afterwards.
  const shellHtml = await (await anonymous.get('/')).text();
  expect(shellHtml).toMatch(/<html lang="fr" data-deferred-entry="\/assets\/index-/);
  expect(shellHtml).not.toMatch(/<script type="module"/);
  expect(shellHtml).toContain('<h1>Tableau de Bord</h1>');
  await anonymous.dispose();

  const company = await registerCompany(page.request, 'premiere-peinture');
  // One static file each: a session changes nothing in them.
  for (const [path, html] of [
    ['/login', loginHtml],
    ['/', shellHtml],
  ] as const) {
    const signedInHtml = await (await page.request.get(path)).text();
    expect(signedInHtml, path).toBe(html);
    for (const secret of [company.companyName, company.username, 'Claire', 'Fontaine', company.companyId]) {
      expect(signedInHtml, path).not.toContain(secret);
    }
  }

  // Registering signed the page's context in: the shell gives way to the page itself.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Tableau de Bord' })).toHaveCount(1);
  await expect(page.getByText('Projets Actifs', { exact: true })).toBeVisible();
});

test('signed out, / leads to the pre-rendered form, which then works; signed in, /login never shows it', async ({
  page,
  request,
}) => {
  const company = await registerCompany(request, 'formulaire-hydrate');
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  // Signed out, / leads to the sign-in form.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Tableau de Bord' })).toHaveCount(0);

  // /login loaded as is: the pre-rendered form, hydrated, works.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText("L'identifiant est requis")).toBeVisible();
  await page.getByLabel('Identifiant').fill(company.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(company.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { name: 'Tableau de Bord' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // React hydrated the page instead of drawing it again: no hydration mismatch was reported.
  expect(errors.filter((text) => /hydrat/i.test(text))).toEqual([]);

  // Signed in now: every frame the browser paints of /login, and every change of the page, records
  // whether the sign-in card is visible (its `visibility` included). The script is disposed at the
  // end: the worker's next test reuses this tab (support/fixtures.ts).
  const recorder = await page.addInitScript(() => {
    const record = window as unknown as { sawSignInForm: boolean };
    record.sawSignInForm = false;
    const check = () => {
      const card = document.querySelector('[data-signed-out-only]');
      if (card && card.checkVisibility({ visibilityProperty: true, opacityProperty: true })) {
        record.sawSignInForm = true;
      }
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
    const everyFrame = () => {
      check();
      requestAnimationFrame(everyFrame);
    };
    requestAnimationFrame(everyFrame);
  });
  await page.goto('/login');

  await expect(page.getByRole('heading', { name: 'Tableau de Bord' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => (window as unknown as { sawSignInForm: boolean }).sawSignInForm)).toBe(
    false,
  );
  await recorder.dispose();
});
