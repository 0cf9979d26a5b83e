import { DEFAULT_REMINDER_SUBJECT, DEFAULT_REMINDER_TEXT } from '@btp/shared/reminders';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { apiError, json, stubApi } from '../../../testing/api-stub';
import { companyAdmin } from '../../../testing/fixtures';
import { renderWithProviders, toasts } from '../../../testing/render-app';
import { setupUser } from '../../../testing/user';
import { completeProfile, lucas, marie, paul } from '../testing/company-records';
import { CompanySettingsPage } from './company-settings-page';

function renderPage(role = 'company_admin') {
  renderWithProviders(
    <MemoryRouter initialEntries={['/settings']}>
      <CompanySettingsPage
        title="Paramètres de l'entreprise"
        subtitle="Identité légale, coordonnées, banque, assurance et utilisateurs"
        role={role}
        currentUserId={companyAdmin.id}
        onOwnAccountChanged={() => undefined}
      />
    </MemoryRouter>,
  );
}

async function remindersCard() {
  const title = await screen.findByText('Relances');
  return title.closest('.ant-card') as HTMLElement;
}

describe('the Relances card on Paramètres', () => {
  it('shows the defaults (off, default subject and text with the placeholders) to a company administrator', async () => {
    stubApi({
      'GET /api/company': json(completeProfile),
      'GET /api/company/users': json([paul, lucas, marie]),
    });
    renderPage();
    const card = await remindersCard();
    expect(within(card).getByRole('switch', { name: 'Relances automatiques' })).not.toBeChecked();
    expect(within(card).getByLabelText('Objet')).toHaveValue(DEFAULT_REMINDER_SUBJECT);
    expect(within(card).getByLabelText('Texte')).toHaveValue(DEFAULT_REMINDER_TEXT);
    expect(card).toHaveTextContent('{numero} (numéro de la facture), {montant} (reste à payer)');
  });

  it('turns them on with a new subject, sending the version read, and shows what was saved', async () => {
    const user = setupUser();
    const saved = {
      ...completeProfile,
      version: completeProfile.version + 1,
      remindersEnabled: true,
      reminderSubject: 'Rappel : {numero}',
      reminderText: DEFAULT_REMINDER_TEXT,
    };
    const api = stubApi({
      'GET /api/company': json(completeProfile),
      'GET /api/company/users': json([paul, lucas, marie]),
      'PUT /api/company/reminders': json(saved),
    });
    renderPage();
    const card = await remindersCard();
    await user.click(within(card).getByRole('switch', { name: 'Relances automatiques' }));
    fireEvent.change(within(card).getByLabelText('Objet'), { target: { value: 'Rappel : {numero}' } });
    await user.click(within(card).getByRole('button', { name: 'Enregistrer les relances' }));

    expect(await toasts().findByText('Relances enregistrées avec succès')).toBeInTheDocument();
    expect(api.calls('PUT /api/company/reminders')[0]!.body).toEqual({
      remindersEnabled: true,
      reminderSubject: 'Rappel : {numero}',
      reminderText: DEFAULT_REMINDER_TEXT,
      version: completeProfile.version,
    });
    await waitFor(async () =>
      expect(
        within(await remindersCard()).getByRole('switch', { name: 'Relances automatiques' }),
      ).toBeChecked(),
    );
  });

  it('says an empty subject is required without asking the server, and shows the server’s field message', async () => {
    const user = setupUser();
    const api = stubApi({
      'GET /api/company': json(completeProfile),
      'GET /api/company/users': json([paul, lucas, marie]),
      'PUT /api/company/reminders': apiError(400, 'validation_error', 'Données invalides.', [
        { path: 'reminderText', message: 'Le texte de la relance est requis' },
      ]),
    });
    renderPage();
    const card = await remindersCard();
    fireEvent.change(within(card).getByLabelText('Objet'), { target: { value: '  ' } });
    await user.click(within(card).getByRole('button', { name: 'Enregistrer les relances' }));
    expect(await within(card).findByText("L'objet de la relance est requis")).toBeInTheDocument();
    expect(api.calls('PUT /api/company/reminders')).toHaveLength(0);

    fireEvent.change(within(card).getByLabelText('Objet'), { target: { value: 'Relance {numero}' } });
    await user.click(within(card).getByRole('button', { name: 'Enregistrer les relances' }));
    expect(await within(card).findByText('Le texte de la relance est requis')).toBeInTheDocument();
    expect(api.calls('PUT /api/company/reminders')).toHaveLength(1);
  });

  it('is not shown to a colleague who is not an administrator', async () => {
    stubApi({ 'GET /api/company': json(completeProfile) });
    renderPage('user');
    await screen.findByText("Seul un administrateur de l'entreprise peut modifier ces informations.");
    expect(screen.queryByText('Relances')).not.toBeInTheDocument();
  });
});
