import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { listInvoicesQueryOptions } from '../../../api/invoices/list-invoices';
import { apiError, json } from '../../../testing/api-stub';
import { toasts } from '../../../testing/render-app';
import { setupUser } from '../../../testing/user';
import {
  card,
  companyId,
  draft,
  fill,
  findDialog,
  renderPage,
  stub,
  validated,
  writes,
} from '../testing/quotes';

const invoiceRoute = `POST /api/quotes/${validated.id}/invoices`;

/** The draft deposit invoice the server answers for 30 % of the validated quote. */
const depositInvoice = {
  id: '5a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01',
  companyId,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  version: 1,
  clientId: validated.clientId,
  quoteId: validated.id,
  title: 'Acompte 30 % — Extension garage',
  kind: 'deposit',
  reverseCharge: false,
  lines: [
    {
      description: 'Acompte 30 % (TVA 20 %)',
      quantity: '1.000',
      unitPrice: '300.00',
      vatRate: '20.00',
      total: '300.00',
    },
    {
      description: 'Acompte 30 % (TVA 10 %)',
      quantity: '1.000',
      unitPrice: '150.00',
      vatRate: '10.00',
      total: '150.00',
    },
  ],
  totalAmount: '450.00',
  vatBreakdown: [
    { rate: '20.00', base: '300.00', amount: '60.00' },
    { rate: '10.00', base: '150.00', amount: '15.00' },
  ],
  vatAmount: '75.00',
  totalWithVat: '525.00',
  amountDue: '525.00',
  status: 'draft',
};

async function openInvoicing(user: ReturnType<typeof setupUser>) {
  await user.click(within(await card('DEV-2026-0001')).getByRole('button', { name: 'Facturer' }));
  return findDialog('Facturer le devis DEV-2026-0001');
}

/**
 * Chooses « Facture d'acompte » and waits for the deposit's fields it reveals (their first render
 * follows the click: on a busy machine it comes later than the click's own update).
 */
async function chooseDeposit(user: ReturnType<typeof setupUser>, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('radio', { name: "Facture d'acompte" }));
  await within(dialog).findByRole('radio', { name: 'En pourcentage du total HT' });
}

function stubValidated(overrides: Parameters<typeof stub>[0] = {}) {
  return stub({ 'GET /api/quotes?limit=50': json([draft, validated]), ...overrides });
}

describe('Devis: Facturer', () => {
  it("shows a validated quote's agreement, and 'Facturer' on it only", async () => {
    stubValidated();
    renderPage();

    const accepted = await card('DEV-2026-0001');
    expect(accepted).toHaveTextContent('Validé');
    expect(accepted).toHaveTextContent('Accepté le 20/11/2026 par Paul Martin');
    expect(within(await card('DEV-2026-0002')).queryByRole('button', { name: 'Facturer' })).toBeNull();
  });

  it('invoices a 30 % deposit, split across the VAT rates as typed, then leads to Facturation', async () => {
    const user = setupUser();
    const api = stubValidated({ [invoiceRoute]: json(depositInvoice, 201) });
    const { queryClient } = renderPage();
    queryClient.setQueryData(listInvoicesQueryOptions().queryKey, []);

    const dialog = await openInvoicing(user);
    // The whole quote first: 1,000.00 € at 20 % and 500.00 € at 10 %.
    const whole = within(dialog).getByLabelText('Montants de la facture');
    expect(whole).toHaveTextContent(
      /Total HT1\s500,00\s€TVA 20 % sur 1\s000,00\s€200,00\s€TVA 10 % sur 500,00\s€50,00\s€Total TTC1\s750,00\s€/,
    );

    await chooseDeposit(user, dialog);
    expect(within(dialog).getByRole('radio', { name: 'En pourcentage du total HT' })).toBeChecked();
    await fill(user, within(dialog).getByLabelText("Pourcentage de l'acompte (%)"), '30');

    const deposit = within(dialog).getByLabelText("Montants de la facture d'acompte");
    await waitFor(() => expect(deposit).toHaveTextContent(/Total HT450,00\s€/));
    expect(deposit).toHaveTextContent(/TVA 20 % sur 300,00\s€60,00\s€/);
    expect(deposit).toHaveTextContent(/TVA 10 % sur 150,00\s€15,00\s€/);
    expect(deposit).toHaveTextContent(/Total TTC525,00\s€/);

    await user.click(within(dialog).getByRole('button', { name: 'Créer la facture' }));

    expect(
      await toasts().findByText("La facture d'acompte du devis DEV-2026-0001 a été créée en brouillon."),
    ).toBeInTheDocument();
    expect(writes(api)).toEqual([invoiceRoute]);
    expect(api.calls(invoiceRoute)[0]?.body).toEqual({ kind: 'deposit', percentage: '30.00' });
    expect(queryClient.getQueryState(listInvoicesQueryOptions().queryKey)?.isInvalidated).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(toasts().getByRole('button', { name: 'Voir dans Facturation' }));
    expect(await screen.findByRole('heading', { name: 'Écran Facturation' })).toBeInTheDocument();
  }, 30_000);

  it('invoices a deposit by amount HT, split in proportion to the cent', async () => {
    const user = setupUser();
    const api = stubValidated({ [invoiceRoute]: json({ ...depositInvoice, totalAmount: '100.00' }, 201) });
    renderPage();

    const dialog = await openInvoicing(user);
    await chooseDeposit(user, dialog);
    await user.click(within(dialog).getByRole('radio', { name: 'En montant HT' }));
    await fill(user, await within(dialog).findByLabelText("Montant HT de l'acompte (€)"), '100');

    // 100.00 € in thirds: 66.67 € at 20 % and 33.33 € at 10 %.
    const deposit = within(dialog).getByLabelText("Montants de la facture d'acompte");
    await waitFor(() => expect(deposit).toHaveTextContent(/TVA 20 % sur 66,67\s€13,33\s€/));
    expect(deposit).toHaveTextContent(/TVA 10 % sur 33,33\s€3,33\s€/);
    expect(deposit).toHaveTextContent(/Total TTC116,66\s€/);

    await user.click(within(dialog).getByRole('button', { name: 'Créer la facture' }));
    await waitFor(() => expect(api.calls(invoiceRoute)).toHaveLength(1));
    expect(api.calls(invoiceRoute)[0]?.body).toEqual({ kind: 'deposit', amount: '100.00' });
  }, 30_000);

  it('invoices the whole quote', async () => {
    const user = setupUser();
    const api = stubValidated({ [invoiceRoute]: json({ ...depositInvoice, kind: 'standard' }, 201) });
    renderPage();

    const dialog = await openInvoicing(user);
    expect(within(dialog).getByRole('radio', { name: 'Facturer la totalité' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Créer la facture' }));

    expect(
      await toasts().findByText('La facture du devis DEV-2026-0001 a été créée en brouillon.'),
    ).toBeInTheDocument();
    expect(api.calls(invoiceRoute)[0]?.body).toEqual({ kind: 'standard' });
  });

  it('refuses a missing, zero or too large deposit with a French message, and sends nothing', async () => {
    const user = setupUser();
    const api = stubValidated();
    renderPage();

    const dialog = await openInvoicing(user);
    await chooseDeposit(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Créer la facture' }));
    expect(await within(dialog).findByText("Indiquez le pourcentage de l'acompte")).toBeInTheDocument();

    await fill(user, within(dialog).getByLabelText("Pourcentage de l'acompte (%)"), '0');
    expect(await within(dialog).findByText("L'acompte doit être supérieur à 0")).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'En montant HT' }));
    await fill(user, await within(dialog).findByLabelText("Montant HT de l'acompte (€)"), '1600');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la facture' }));
    expect(
      await within(dialog).findByText(/L'acompte ne peut pas dépasser le total HT du devis \(1\s500,00\s€\)/),
    ).toBeInTheDocument();
    expect(writes(api)).toEqual([]);
  }, 30_000);

  it("shows the server's 409 (deposit above what remains) in a toast and keeps the dialog open", async () => {
    const user = setupUser();
    const above = "L'acompte (1 400,00 € HT) dépasse ce qui reste à facturer sur ce devis (1 050,00 € HT).";
    stubValidated({ [invoiceRoute]: apiError(409, 'conflict', above) });
    renderPage();

    const dialog = await openInvoicing(user);
    await chooseDeposit(user, dialog);
    await fill(user, within(dialog).getByLabelText("Pourcentage de l'acompte (%)"), '95');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la facture' }));

    const toast = await toasts().findByText(above);
    expect(toast.closest('[role="status"]')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  }, 30_000);
});
