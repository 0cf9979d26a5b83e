import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { apiError, json, stubApi } from '../../testing/api-stub';
import { companyAdmin } from '../../testing/fixtures';
import { renderWithProviders, toasts } from '../../testing/render-app';
import { setupUser } from '../../testing/user';
import { completeProfile, lucas, marie, paul } from '../company/testing/company-records';
import { CompanySettingsPage } from '../company/components/company-settings-page';

const prefilled = {
  platformUrl: 'http://localhost:3000/_pa',
  clientId: 'btp-404833048',
  hasSecret: false,
  enabled: false,
  prefilled: true,
};

const saved = {
  platformUrl: 'http://localhost:3000/_pa',
  clientId: 'btp-404833048',
  hasSecret: true,
  enabled: true,
  prefilled: false,
};

function renderTab() {
  renderWithProviders(
    <MemoryRouter initialEntries={['/settings?onglet=facturation-electronique']}>
      <CompanySettingsPage
        title="Paramètres de l'entreprise"
        subtitle="Identité légale"
        role="company_admin"
        currentUserId={companyAdmin.id}
        onOwnAccountChanged={() => undefined}
      />
    </MemoryRouter>,
  );
}

async function card() {
  const title = await screen.findByText('Plateforme agréée');
  return title.closest('.ant-card') as HTMLElement;
}

const company = {
  'GET /api/company': json(completeProfile),
  'GET /api/company/users': json([paul, lucas, marie]),
};

describe('Paramètres › Facturation électronique', () => {
  it('shows the local platform prefilled, and saves it turned on without a secret typed', async () => {
    const user = setupUser();
    const api = stubApi({
      ...company,
      'GET /api/company/einvoicing': json(prefilled),
      'PUT /api/company/einvoicing': json(saved),
    });
    renderTab();
    const form = await card();
    expect(await within(form).findByText('Plateforme locale de développement')).toBeInTheDocument();
    expect(within(form).getByLabelText('Adresse de la plateforme')).toHaveValue('http://localhost:3000/_pa');
    expect(within(form).getByLabelText('Identifiant client')).toHaveValue('btp-404833048');
    expect(within(form).getByRole('button', { name: 'Tester la connexion' })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Facturation électronique enregistrée avec succès')).toBeInTheDocument();
    expect(api.calls('PUT /api/company/einvoicing')[0]!.body).toEqual({
      platformUrl: 'http://localhost:3000/_pa',
      clientId: 'btp-404833048',
      enabled: true,
    });
    await waitFor(async () =>
      expect(
        within(await card()).getByRole('switch', { name: 'Transmission via la plateforme' }),
      ).toBeChecked(),
    );
    expect(within(await card()).getByText(/Un secret est enregistré/)).toBeInTheDocument();
    expect(within(await card()).getByRole('button', { name: 'Tester la connexion' })).toBeEnabled();
  });

  it('refuses an address in clear HTTP before asking the server, and shows the server’s field message', async () => {
    const user = setupUser();
    const api = stubApi({
      ...company,
      'GET /api/company/einvoicing': json({ hasSecret: false, enabled: false, prefilled: false }),
      'PUT /api/company/einvoicing': apiError(400, 'validation_error', 'Certaines données sont invalides.', [
        {
          path: 'clientSecret',
          message: 'Le secret client est requis : saisissez celui que votre plateforme vous a donné.',
        },
      ]),
    });
    renderTab();
    const form = await card();
    fireEvent.change(await within(form).findByLabelText('Adresse de la plateforme'), {
      target: { value: 'http://pa.exemple.fr' },
    });
    fireEvent.change(within(form).getByLabelText('Identifiant client'), { target: { value: 'compte-1' } });
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(form).findByText(
        "L'adresse de la plateforme doit être une adresse https:// (sans identifiant, ni paramètre).",
      ),
    ).toBeInTheDocument();
    expect(api.calls('PUT /api/company/einvoicing')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Adresse de la plateforme'), {
      target: { value: 'https://api.pa.exemple.fr' },
    });
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(form).findByText(
        'Le secret client est requis : saisissez celui que votre plateforme vous a donné.',
      ),
    ).toBeInTheDocument();
  });

  it('tests the connection and shows the outcome of the last exchange', async () => {
    const user = setupUser();
    stubApi({
      ...company,
      'GET /api/company/einvoicing': json(saved),
      'POST /api/company/einvoicing/test': json({
        ...saved,
        status: {
          state: 'error',
          at: '2026-11-28T10:00:00.000Z',
          message:
            'Identifiants de la plateforme refusés : vérifiez l’identifiant client et le secret dans Paramètres.',
        },
      }),
    });
    renderTab();
    const form = await card();
    await user.click(await within(form).findByRole('button', { name: 'Tester la connexion' }));
    const alert = await within(await card()).findByText('Dernier échange en erreur');
    expect(alert.closest('.ant-alert')).toHaveTextContent(
      'Identifiants de la plateforme refusés : vérifiez l’identifiant client et le secret dans Paramètres.',
    );
  });
});
