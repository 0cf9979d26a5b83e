import { lifecycleEvent } from '@btp/shared/einvoicing-network';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, json, stubApi } from '../../testing/api-stub';
import { renderWithProviders, toasts } from '../../testing/render-app';
import { setupUser } from '../../testing/user';
import { InvoiceNetworkSection, NetworkStatusLine } from './lifecycle-views';
import { ReceivedInvoicePanel } from './received-invoice-panel';

const id = '01a22496-fcb7-77d9-a8f9-893258da4f73';
const received = {
  id,
  number: 'FF-2026-0004',
  receivedVia: 'platform' as const,
  einvoicing: { flowId: 'flow-1', sellerSiren: '812345676', events: [] },
};

const sentAnswer = (status: string, extra: Record<string, string> = {}) => ({
  flowId: 'flow-1',
  sellerSiren: '812345676',
  events: [
    lifecycleEvent({
      status,
      at: '2026-11-28T10:00:00.000Z',
      direction: 'out',
      state: 'sent',
      flowId: 'f2',
      ...extra,
    }),
  ],
});

describe('a supplier invoice received through the platform, on Achats', () => {
  it('says it was received so, and approves it in one click', async () => {
    const user = setupUser();
    const api = stubApi({ [`POST /api/supplier-invoices/${id}/status`]: json(sentAnswer('205')) });
    renderWithProviders(<ReceivedInvoicePanel invoice={received} />);
    expect(screen.getByText('Reçue via la plateforme agréée')).toBeInTheDocument();
    expect(screen.getByText('Aucun statut transmis au fournisseur.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approuver la facture FF-2026-0004' }));
    expect(await toasts().findByText('Approbation transmise au fournisseur')).toBeInTheDocument();
    expect(api.calls(`POST /api/supplier-invoices/${id}/status`)[0]!.body).toEqual({ status: '205' });
  });

  it('refuses it with a reason its status allows and a comment; without a reason, says it is required', async () => {
    const user = setupUser();
    const api = stubApi({
      [`POST /api/supplier-invoices/${id}/status`]: json(
        sentAnswer('210', { reasonCode: 'TX_TVA_ERR', comment: 'Taux de 10 % attendu' }),
      ),
    });
    renderWithProviders(<ReceivedInvoicePanel invoice={received} />);
    await user.click(screen.getByRole('button', { name: 'Refuser la facture FF-2026-0004' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuser la facture FF-2026-0004' });
    await user.click(within(dialog).getByRole('button', { name: 'Refuser la facture' }));
    expect(await within(dialog).findByText('Le motif est requis pour ce statut.')).toBeInTheDocument();
    expect(api.calls(`POST /api/supplier-invoices/${id}/status`)).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('Motif'));
    // « Autre » is not a reason a refusal between companies may give: it is not offered.
    expect(screen.queryByTitle('Autre motif')).not.toBeInTheDocument();
    await user.click(await screen.findByTitle('Taux de TVA erroné'));
    fireEvent.change(within(dialog).getByLabelText('Commentaire (facultatif)'), {
      target: { value: 'Taux de 10 % attendu' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Refuser la facture' }));
    expect(await toasts().findByText('Refus transmis au fournisseur')).toBeInTheDocument();
    expect(api.calls(`POST /api/supplier-invoices/${id}/status`)[0]!.body).toEqual({
      status: '210',
      reasonCode: 'TX_TVA_ERR',
      comment: 'Taux de 10 % attendu',
    });
  });

  it('offers no answer once refused', () => {
    renderWithProviders(
      <ReceivedInvoicePanel
        invoice={{ ...received, einvoicing: sentAnswer('210', { reasonCode: 'DOUBLON' }) }}
      />,
    );
    expect(screen.getByText(/Dernier statut : Refusée \(envoyé le/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approuver/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Statuts' })).toBeInTheDocument();
  });

  it('shows the server’s refusal of an answer', async () => {
    const user = setupUser();
    stubApi({
      [`POST /api/supplier-invoices/${id}/status`]: apiError(
        409,
        'conflict',
        'Cette facture a déjà été refusée : elle ne peut plus changer de statut.',
      ),
    });
    renderWithProviders(<ReceivedInvoicePanel invoice={received} />);
    await user.click(screen.getByRole('button', { name: 'Prendre en charge la facture FF-2026-0004' }));
    expect(
      await toasts().findByText('Cette facture a déjà été refusée : elle ne peut plus changer de statut.'),
    ).toBeInTheDocument();
  });

  it('shows nothing for a supplier invoice typed or uploaded', () => {
    renderWithProviders(<ReceivedInvoicePanel invoice={{ id, number: 'FF-2026-0001' }} />);
    expect(screen.queryByText('Reçue via la plateforme agréée')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approuver/ })).not.toBeInTheDocument();
  });
});

describe('our invoice on the network, on Facturation', () => {
  it('says on the card what the buyer answered, with the reason of a refusal', () => {
    renderWithProviders(
      <NetworkStatusLine
        lifecycle={{
          network: 'sent',
          events: [
            lifecycleEvent({
              status: '210',
              at: '2026-11-28T10:00:00.000Z',
              direction: 'in',
              reasonCode: 'TX_TVA_ERR',
              comment: 'Taux de 20 %',
            }),
          ],
        }}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Plateforme : Refusée — Taux de TVA erroné : Taux de 20 %.',
    );
  });

  it('lists every status in the details, our « Encaissée » with its amounts per rate', async () => {
    stubApi({
      [`GET /api/invoices/${id}/lifecycle`]: json({
        network: 'sent',
        flowId: 'f1',
        acknowledgement: { status: 'Ok' },
        events: [
          lifecycleEvent({ status: '200', at: '2026-11-27T10:00:00.000Z', direction: 'in', flowId: 'a' }),
          lifecycleEvent({ status: '205', at: '2026-11-27T11:00:00.000Z', direction: 'in', flowId: 'b' }),
          lifecycleEvent({
            status: '212',
            at: '2026-11-28T10:00:00.000Z',
            direction: 'out',
            state: 'pending',
            amount: '600.00',
            collected: [
              { rate: '20.00', amount: '482.84' },
              { rate: '10.00', amount: '117.16' },
            ],
          }),
        ],
      }),
    });
    renderWithProviders(<InvoiceNetworkSection invoiceId={id} />);
    const list = await screen.findByRole('list', { name: 'Statuts de la facture' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.ant-tag')?.textContent)).toEqual([
      'Déposée',
      'Approuvée',
      'Encaissée',
    ]);
    expect(items[2]).toHaveTextContent('en attente de transmission');
    expect(items[2]).toHaveTextContent('Encaissé : 600,00 € (20 % : 482,84 € · 10 % : 117,16 €)');
    expect(screen.getByText('Plateforme : Approuvée.')).toBeInTheDocument();
  });

  it('says an invoice to an individual is not transmitted (e-reporting later)', async () => {
    stubApi({
      [`GET /api/invoices/${id}/lifecycle`]: json({ network: 'not_sent', notSentReason: 'b2c', events: [] }),
    });
    renderWithProviders(<InvoiceNetworkSection invoiceId={id} />);
    expect(
      await screen.findByText(
        'Vente à un particulier : non transmise à la plateforme (l’e-reporting viendra plus tard).',
      ),
    ).toBeInTheDocument();
  });
});
