import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { getCompanyQueryOptions } from '../api/company/get-company';
import { meQueryOptions } from '../features/auth/api/get-me';
import { json, never, stubApi, type Answer } from '../testing/api-stub';
import { companyA, companyAdmin, superAdmin } from '../testing/fixtures';
import { renderApp, renderWithProviders } from '../testing/render-app';
import { CompanyProfileBanner, missingProfileSentence } from './company-profile-banner';

const colleague = { ...companyAdmin, role: 'user' };

const siret = { path: 'siret', message: 'Le SIRET est requis' };
const insurer = { path: 'insurer', message: "L'assureur (décennale ou RC professionnelle) est requis" };
const iban = { path: 'iban', message: "L'IBAN est requis pour émettre une facture" };

/** `GET /api/company` with only what the banner reads besides the record's own fields. */
function profile(missingFields: { quote: (typeof siret)[]; invoice: (typeof siret)[] }) {
  return {
    id: companyA.id,
    createdAt: '2026-01-15T09:30:00.000Z',
    updatedAt: '2026-01-15T09:30:00.000Z',
    version: 2,
    name: companyA.name,
    missingFields,
  };
}
const incomplete = profile({ quote: [siret, insurer], invoice: [siret, insurer, iban] });
const complete = profile({ quote: [], invoice: [] });

function stub(me: Answer, company: Answer = json(incomplete)) {
  return stubApi({
    'GET /api/setup/status': json({ installed: true }),
    'GET /api/auth/me': me,
    'GET /api/company': company,
    'GET /api/quotes?limit=50': json([]),
    'GET /api/invoices?limit=50': json([]),
  });
}

function renderBanner() {
  return renderWithProviders(
    <MemoryRouter>
      <CompanyProfileBanner />
    </MemoryRouter>,
  );
}

describe('missingProfileSentence', () => {
  it('names what quotes and invoices lack, once each, in the order of the form', () => {
    expect(missingProfileSentence(incomplete.missingFields)).toBe(
      'Pour envoyer des devis et des factures, complétez : SIRET, assureur, IBAN.',
    );
  });

  it('speaks of invoices only when quotes lack nothing', () => {
    expect(missingProfileSentence({ quote: [], invoice: [iban] })).toBe(
      'Pour envoyer des factures, complétez : IBAN.',
    );
  });

  it('says nothing once the profile is complete', () => {
    expect(missingProfileSentence(complete.missingFields)).toBeUndefined();
  });
});

describe('the company profile banner', () => {
  it("tells the company's administrator what is missing, with a link to the settings", async () => {
    stub(json(companyAdmin));
    renderBanner();

    expect(await screen.findByText("Profil de l'entreprise incomplet")).toBeInTheDocument();
    expect(
      screen.getByText('Pour envoyer des devis et des factures, complétez : SIRET, assureur, IBAN.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Compléter le profil' })).toHaveAttribute('href', '/settings');
  });

  it('tells a colleague to ask the administrator, without a link', async () => {
    stub(json(colleague));
    renderBanner();

    expect(
      await screen.findByText(
        "Demandez à l'administrateur de votre entreprise de le compléter dans Paramètres.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows nothing once the profile is complete', async () => {
    stub(json(companyAdmin), json(complete));
    const { queryClient } = renderBanner();

    await waitFor(() =>
      expect(queryClient.getQueryState(getCompanyQueryOptions().queryKey)?.status).toBe('success'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/complétez/)).not.toBeInTheDocument();
  });

  it('shows nothing while the profile loads', async () => {
    const api = stub(json(companyAdmin), never);
    renderBanner();

    await waitFor(() => expect(api.calls('GET /api/company')).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows nothing to a super administrator, and asks for no company', async () => {
    const api = stub(json(superAdmin));
    const { queryClient } = renderBanner();

    await waitFor(() => expect(queryClient.getQueryState(meQueryOptions().queryKey)?.status).toBe('success'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.calls('GET /api/company')).toEqual([]);
  });

  it.each([
    ['/quotes', 'Devis'],
    ['/invoicing', 'Facturation'],
  ])('is shown on %s while the profile is incomplete', async (path, title) => {
    stub(json(companyAdmin));
    renderApp(path);

    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(
      await screen.findByText('Pour envoyer des devis et des factures, complétez : SIRET, assureur, IBAN.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Compléter le profil' })).toHaveAttribute('href', '/settings');
  });
});
