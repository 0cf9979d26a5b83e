import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { apiError, json, stubApi } from '../../../testing/api-stub';
import { companyA } from '../../../testing/fixtures';
import { renderWithProviders, toasts } from '../../../testing/render-app';
import { setupUser } from '../../../testing/user';
import { InvoicingPage } from './invoicing-page';

const at = '2026-04-01T08:00:00.000Z';
const client = {
  companyId: companyA.id,
  createdAt: at,
  updatedAt: at,
  version: 1,
  id: '4c0c1d2e-0000-4000-8000-000000000001',
  name: 'Garnier SARL',
  email: 'compta@garnier.fr',
};

function invoice(fields: Record<string, unknown>) {
  return {
    companyId: companyA.id,
    createdAt: at,
    updatedAt: at,
    version: 2,
    kind: 'standard',
    clientId: client.id,
    client: { id: client.id, name: client.name },
    lines: [
      {
        description: 'Maçonnerie',
        quantity: '1.000',
        unitPrice: '1000.00',
        vatRate: '20.00',
        total: '1000.00',
      },
    ],
    totalAmount: '1000.00',
    vatBreakdown: [{ rate: '20.00', base: '1000.00', amount: '200.00' }],
    vatAmount: '200.00',
    totalWithVat: '1200.00',
    amountDue: '1200.00',
    paidAmount: '0.00',
    reverseCharge: false,
    issueDate: '2026-03-01',
    sentAt: '2026-03-01T09:00:00.000Z',
    ...fields,
  };
}

const lateReminders = [
  { at: '2026-04-07T07:00:00.000Z', step: 7, to: 'compta@garnier.fr', messageId: 'm1' },
  {
    at: '2026-04-15T07:00:00.000Z',
    step: 15,
    to: 'compta@garnier.fr',
    failure: "L'e-mail n'a pas pu être envoyé.",
  },
];
const late = invoice({
  id: '4c0c1d2e-0000-4000-8000-000000000201',
  number: 'FAC-2026-0007',
  title: 'Extension garage',
  status: 'overdue',
  dueDate: '2026-03-31',
  reminders: lateReminders,
});
const onTime = invoice({
  id: '4c0c1d2e-0000-4000-8000-000000000202',
  number: 'FAC-2026-0008',
  title: 'Ravalement',
  status: 'sent',
  dueDate: '2099-12-31',
});

function renderPage() {
  renderWithProviders(
    <MemoryRouter>
      <InvoicingPage title="Facturation" subtitle="Factures de vos clients" />
    </MemoryRouter>,
  );
}

function stub() {
  return stubApi({
    'GET /api/invoices?limit=50': json([late, onTime]),
    'GET /api/clients': json([client]),
    'GET /api/projects': json([]),
  });
}

const card = (title: string) => screen.findByRole('article', { name: title });

async function openLateTab() {
  await setupUser().click(await screen.findByRole('tab', { name: /^En retard/ }));
}

describe('reminders on the invoice card', () => {
  it('lists the reminders sent (date and step) and a failed one, and offers Relancer on an overdue invoice only', async () => {
    stub();
    renderPage();
    await openLateTab();
    const lateCard = await card('Extension garage');
    const list = within(lateCard).getByRole('list', { name: 'Relances' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Relancée le 07/04/2026 (J+7)',
      "Relance du 15/04/2026 (J+15) non envoyée : L'e-mail n'a pas pu être envoyé.",
    ]);
    expect(within(lateCard).getByRole('button', { name: 'Relancer Extension garage' })).toBeInTheDocument();

    await setupUser().click(screen.getByRole('tab', { name: /^Envoyées/ }));
    const onTimeCard = await card('Ravalement');
    expect(within(onTimeCard).queryByRole('button', { name: /Relancer/ })).not.toBeInTheDocument();
    expect(within(onTimeCard).queryByRole('list', { name: 'Relances' })).not.toBeInTheDocument();
  });

  it('Relancer sends the reminder, says where it went, and shows it on the card', async () => {
    const user = setupUser();
    const api = stub();
    const reminded = {
      ...late,
      version: 3,
      reminders: [
        ...lateReminders,
        { at: '2026-04-20T10:00:00.000Z', step: 'manual', to: 'compta@garnier.fr', messageId: 'm3' },
      ],
    };
    api.answer('POST /api/invoices/4c0c1d2e-0000-4000-8000-000000000201/remind', json(reminded));
    renderPage();
    await openLateTab();
    const lateCard = await card('Extension garage');
    api.answer('GET /api/invoices?limit=50', json([reminded, onTime]));
    await user.click(within(lateCard).getByRole('button', { name: 'Relancer Extension garage' }));

    expect(await toasts().findByText('Relance envoyée à compta@garnier.fr')).toBeInTheDocument();
    expect(api.calls('POST /api/invoices/4c0c1d2e-0000-4000-8000-000000000201/remind')).toHaveLength(1);
    expect(api.calls('POST /api/invoices/4c0c1d2e-0000-4000-8000-000000000201/remind')[0]!.body).toEqual({});
    await waitFor(async () =>
      expect(
        within(await card('Extension garage')).getByText('Relancée le 20/04/2026 (manuelle)'),
      ).toBeInTheDocument(),
    );
  });

  it('shows the server’s message when the reminder is refused', async () => {
    const user = setupUser();
    const api = stub();
    api.answer(
      'POST /api/invoices/4c0c1d2e-0000-4000-8000-000000000201/remind',
      apiError(
        409,
        'conflict',
        "La facture FAC-2026-0007 n'est pas en retard de paiement : elle ne peut pas être relancée.",
      ),
    );
    renderPage();
    await openLateTab();
    await user.click(
      within(await card('Extension garage')).getByRole('button', { name: 'Relancer Extension garage' }),
    );
    expect(
      await toasts().findByText(
        "La facture FAC-2026-0007 n'est pas en retard de paiement : elle ne peut pas être relancée.",
      ),
    ).toBeInTheDocument();
  });
});
