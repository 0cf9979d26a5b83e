import { expect, test, type APIRequestContext, type Browser } from '../support/fixtures.js';
import { registerCompany, write, writeHeaders } from '../support/company.js';

/**
 * The e-invoicing network through the screens (issue 30, docs/einvoicing-network.md), two companies
 * of the stack in two browser contexts: the seller turns the transmission on in Paramètres ›
 * Facturation électronique (prefilled for the local platform) and issues an invoice to the buyer;
 * the buyer finds it on Achats « reçue via la plateforme » and approves it; the seller sees
 * « Approuvée » on the invoice's card. On the desktop: Achats' phone journey is
 * supplier-invoice-import.spec.ts, Paramètres › Facturation électronique's and the cards' widths on a
 * phone are accessibility.spec.ts's.
 */

/** A Luhn check digit (SIREN and SIRET). */
function luhn(digits: string): string {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) digit *= 2;
    if (digit > 9) digit -= 9;
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/** A SIRET of its own (each company its own account on the local platform) and its VAT number. */
function newIdentity() {
  const body = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  const siren = `${body}${luhn(body)}`;
  const siret = `${siren}0001${luhn(`${siren}0001`)}`;
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return { siren, siret, vatNumber: `FR${String(key).padStart(2, '0')}${siren}` };
}

/** A company registered in a context of its own (its page and its API calls share the session). */
async function company(browser: Browser, label: string) {
  const context = await browser.newContext();
  const request: APIRequestContext = context.request;
  const registered = await registerCompany(request, label);
  const identity = newIdentity();
  const current = (await (await request.get('/api/company')).json()) as Record<string, unknown>;
  const saved = await request.put('/api/company', {
    headers: writeHeaders,
    data: { ...current, siret: identity.siret, vatNumber: identity.vatNumber },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return { context, request, page: await context.newPage(), ...registered, ...identity };
}

test('an invoice goes to a company of the network, which approves it on Achats', async ({
  browser,
}, testInfo) => {
  const buyer = await company(browser, `acheteur-${testInfo.project.name}`);
  const seller = await company(browser, `vendeur-${testInfo.project.name}`);
  // The buyer's transmission on, through its API (the seller's goes through the screen below).
  const prefilled = (await (await buyer.request.get('/api/company/einvoicing')).json()) as {
    platformUrl: string;
    clientId: string;
  };
  await write(buyer.request, 'put', '/api/company/einvoicing', { ...prefilled, enabled: true });

  // The seller: Paramètres › Facturation électronique, prefilled, saved.
  await seller.page.goto('/settings?onglet=facturation-electronique');
  await expect(seller.page.getByText('Plateforme locale de développement')).toBeVisible();
  await expect(seller.page.getByLabel('Identifiant client')).toHaveValue(`btp-${seller.siren}`);
  await seller.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(seller.page.getByText('Facturation électronique enregistrée avec succès')).toBeVisible();
  await seller.page.getByRole('button', { name: 'Tester la connexion' }).click();
  await expect(seller.page.getByText('Connexion réussie : la plateforme répond.')).toBeVisible();

  // The seller issues an invoice to the buyer (a client with its SIRET): it is submitted on issue.
  const clientId = await write(seller.request, 'post', '/api/clients', {
    name: buyer.companyName,
    kind: 'company',
    siret: buyer.siret,
    email: 'compta@acheteur.fr',
    address: '4 avenue Jean Jaurès',
    postalCode: '69007',
    city: 'Lyon',
  });
  const draft = (await (
    await seller.request.post('/api/invoices', {
      headers: writeHeaders,
      data: {
        clientId,
        title: 'Ravalement de façade',
        lines: [
          { description: 'Ravalement', unit: 'm²', quantity: '40', unitPrice: '45.00', vatRate: '10.00' },
        ],
      },
    })
  ).json()) as { id: string; version: number };
  const sent = await seller.request.post(`/api/invoices/${draft.id}/send`, {
    headers: writeHeaders,
    data: { version: draft.version },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const { number } = (await sent.json()) as { number: string };

  // The buyer: Achats › Commandes, « Relever la plateforme », the invoice received, approved.
  await buyer.page.goto('/purchases');
  await buyer.page.getByRole('tab', { name: /Commandes/ }).click();
  await buyer.page.getByRole('button', { name: 'Relever la plateforme' }).click();
  await expect(buyer.page.getByText('Plateforme relevée : factures et statuts à jour')).toBeVisible();
  const received = buyer.page.getByRole('article').filter({ hasText: number });
  await expect(received.getByText('Reçue via la plateforme agréée')).toBeVisible();
  await received.getByRole('button', { name: /^Approuver la facture/ }).click();
  await expect(buyer.page.getByText('Approbation transmise au fournisseur')).toBeVisible();
  await expect(received.getByText(/Dernier statut : Approuvée/)).toBeVisible();

  // The seller: Facturation, « Relever la plateforme », « Approuvée » on the card.
  await seller.page.goto('/invoicing');
  const card = seller.page.getByRole('article', { name: 'Ravalement de façade' });
  await expect(card).toBeVisible();
  await seller.page.getByRole('button', { name: 'Relever la plateforme' }).click();
  await expect(card.getByText('Plateforme : Approuvée.')).toBeVisible();

  await buyer.context.close();
  await seller.context.close();
});
