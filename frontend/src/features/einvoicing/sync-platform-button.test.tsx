import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { einvoicingMessages } from '@btp/shared/einvoicing-network';

import { apiError, json, stubApi, type Answer } from '../../testing/api-stub';
import { renderWithProviders, toasts } from '../../testing/render-app';
import { setupUser } from '../../testing/user';
import { SyncPlatformButton } from './lifecycle-views';

const counts = { submitted: 0, received: 0, failed: 0, waiting: 0, acknowledged: 0 };

async function syncWith(answer: Answer) {
  const user = setupUser();
  const api = stubApi({ 'POST /api/company/einvoicing/sync': answer });
  renderWithProviders(<SyncPlatformButton />);
  await user.click(await screen.findByRole('button', { name: 'Relever la plateforme' }));
  return api;
}

describe('« Relever la plateforme »', () => {
  it('says the lists are up to date when the platform answered', async () => {
    const api = await syncWith(
      json({
        ...counts,
        received: 2,
        status: {
          state: 'ok',
          at: '2026-11-29T08:00:00.000Z',
          message: 'Échange réussi : 2 flux reçus, 0 transmis.',
        },
      }),
    );
    expect(await toasts().findByText('Plateforme relevée : factures et statuts à jour')).toBeInTheDocument();
    expect(api.calls('POST /api/company/einvoicing/sync')).toHaveLength(1);
  });

  it('shows the platform’s French error when it refused the credentials or did not answer (retried later)', async () => {
    await syncWith(
      json({
        ...counts,
        failed: 1,
        status: {
          state: 'error',
          at: '2026-11-29T08:00:00.000Z',
          message:
            '1 flux non transmis. Identifiants de la plateforme refusés : vérifiez l’identifiant client et le secret dans Paramètres.',
        },
      }),
    );
    expect(
      await toasts().findByText(
        '1 flux non transmis. Identifiants de la plateforme refusés : vérifiez l’identifiant client et le secret dans Paramètres.',
      ),
    ).toBeInTheDocument();
    expect(toasts().queryByText('Plateforme relevée : factures et statuts à jour')).not.toBeInTheDocument();
  });

  it('shows the server’s message when the sync itself is refused', async () => {
    await syncWith(apiError(409, 'conflict', einvoicingMessages.disabled));
    expect(await toasts().findByText(einvoicingMessages.disabled)).toBeInTheDocument();
  });
});
