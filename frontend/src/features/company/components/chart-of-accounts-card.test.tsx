import { defaultChartOfAccounts } from '@btp/shared/accounting/chart';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { apiError, json, stubApi } from '../../../testing/api-stub';
import { companyAdmin } from '../../../testing/fixtures';
import { renderWithProviders, toasts } from '../../../testing/render-app';
import { completeProfile, lucas, marie, paul } from '../testing/company-records';
import { ChartOfAccountsCard } from './chart-of-accounts-card';
import { CompanySettingsPage } from './company-settings-page';

/** Paramètres' « Comptabilité » tab (the first test), or the card alone (cheaper in jsdom). */
function renderPage(whole = false) {
  renderWithProviders(
    whole ? (
      <MemoryRouter initialEntries={['/settings?onglet=comptabilite']}>
        <CompanySettingsPage
          title="Paramètres de l'entreprise"
          subtitle="Identité légale"
          role="company_admin"
          currentUserId={companyAdmin.id}
          onOwnAccountChanged={() => undefined}
        />
      </MemoryRouter>
    ) : (
      <ChartOfAccountsCard />
    ),
  );
}

async function chartCard() {
  const title = await screen.findByText('Plan comptable');
  return title.closest('.ant-card') as HTMLElement;
}

/** The fieldset of one account, by its legend (role queries over 40 inputs are slow in jsdom). */
const group = (card: HTMLElement, name: string | RegExp) =>
  within(card).getByText(name, { selector: 'legend' }).closest('fieldset') as HTMLElement;

describe('the Plan comptable card on Paramètres', () => {
  it('shows the guide’s accounts and saves the accountant’s numbers with the version read', async () => {
    const chart = defaultChartOfAccounts();
    const saved = {
      ...chart,
      version: 1,
      accounts: { ...chart.accounts, bank: { number: '512100', label: 'Crédit Agricole' } },
      salesByRate: [{ rate: '10.00' as const, number: '704200', label: 'Travaux TVA 10 %' }],
    };
    const api = stubApi({
      'GET /api/company': json(completeProfile),
      'GET /api/company/users': json([paul, lucas, marie]),
      'GET /api/company/accounts': json(chart),
      'PUT /api/company/accounts': json(saved),
    });
    renderPage(true);
    const card = await chartCard();
    expect(await within(card).findByText('Clients', { selector: 'legend' })).toBeInTheDocument();
    expect(within(group(card, 'Clients')).getByLabelText('Numéro')).toHaveValue('411000');
    expect(
      within(group(card, 'TVA collectée en attente (encaissements)')).getByLabelText('Numéro'),
    ).toHaveValue('445740');
    fireEvent.change(within(group(card, 'Banque')).getByLabelText('Numéro'), { target: { value: '512100' } });
    fireEvent.change(within(group(card, 'Banque')).getByLabelText('Libellé'), {
      target: { value: 'Crédit Agricole' },
    });
    fireEvent.change(within(group(card, /^Travaux vendus à 10/)).getByLabelText('Numéro'), {
      target: { value: '704200' },
    });
    fireEvent.click(within(card).getByText('Enregistrer le plan comptable'));

    expect(await toasts().findByText('Plan comptable enregistré avec succès')).toBeInTheDocument();
    const body = api.calls('PUT /api/company/accounts')[0]!.body as typeof saved;
    expect(body.version).toBe(0);
    expect(body.accounts.bank).toEqual({ number: '512100', label: 'Crédit Agricole' });
    expect(body.salesByRate).toEqual([{ rate: '10.00', number: '704200', label: 'Travaux TVA 10\u00a0%' }]);
  });

  it('says a client account outside 411 is refused without asking the server', async () => {
    const api = stubApi({
      'GET /api/company': json(completeProfile),
      'GET /api/company/users': json([paul, lucas, marie]),
      'GET /api/company/accounts': json(defaultChartOfAccounts()),
    });
    renderPage();
    const card = await chartCard();
    await within(card).findByText('Clients', { selector: 'legend' });
    fireEvent.change(within(group(card, 'Clients')).getByLabelText('Numéro'), {
      target: { value: '512000' },
    });
    fireEvent.click(within(card).getByText('Enregistrer le plan comptable'));
    expect(
      await within(card).findByText(
        'Clients : le numéro de compte doit commencer par 411 (plan comptable général)',
      ),
    ).toBeInTheDocument();
    expect(api.calls('PUT /api/company/accounts')).toHaveLength(0);
  });

  it('shows the server’s refusal of the chart', async () => {
    stubApi({
      'GET /api/company': json(completeProfile),
      'GET /api/company/users': json([paul, lucas, marie]),
      'GET /api/company/accounts': json(defaultChartOfAccounts()),
      'PUT /api/company/accounts': apiError(409, 'conflict', 'Cet enregistrement a été modifié entre-temps.'),
    });
    renderPage();
    const card = await chartCard();
    await within(card).findByText('Clients', { selector: 'legend' });
    fireEvent.click(within(card).getByText('Enregistrer le plan comptable'));
    expect(await toasts().findByText('Cet enregistrement a été modifié entre-temps.')).toBeInTheDocument();
  });
});
