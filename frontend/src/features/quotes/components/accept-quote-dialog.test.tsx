import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, json } from '../../../testing/api-stub';
import { toasts } from '../../../testing/render-app';
import { replace, setupUser } from '../../../testing/user';
import { card, draft, fill, findDialog, renderPage, sent, stub, validated, writes } from '../testing/quotes';
import { localToday } from './accept-quote-dialog';

const acceptRoute = `POST /api/quotes/${sent.id}/accept`;

async function openAccept(user: ReturnType<typeof setupUser>) {
  await user.click(within(await card('DEV-2026-0001')).getByRole('button', { name: 'Bon pour accord' }));
  return findDialog('Bon pour accord : devis DEV-2026-0001');
}

describe('Devis: Bon pour accord', () => {
  it("records the signer and the day with the version read; the card then shows 'Validé' and who accepted it", async () => {
    const user = setupUser();
    const api = stub({ [acceptRoute]: json(validated) });
    renderPage();

    const dialog = await openAccept(user);
    expect(dialog).toHaveTextContent(/de 1\s500,00\s€ HT, soit 1\s750,00\s€ TTC/);
    const day = within(dialog).getByLabelText("Date de l'accord");
    expect(day).toHaveValue(localToday().split('-').reverse().join('/'));
    await fill(user, within(dialog).getByLabelText('Nom du signataire'), 'Paul Martin');
    await replace(user, day, '20/11/2026');
    api.answer('GET /api/quotes?limit=50', json([draft, validated]));
    await user.click(within(dialog).getByRole('button', { name: "Enregistrer l'accord" }));

    expect(
      await toasts().findByText('Le devis DEV-2026-0001 est accepté : il passe à « Validé ».'),
    ).toBeInTheDocument();
    expect(writes(api)).toEqual([acceptRoute]);
    expect(api.calls(acceptRoute)[0]?.body).toEqual({
      signerName: 'Paul Martin',
      // Noon of that day where the person is: the same calendar day in UTC.
      acceptedAt: new Date(2026, 10, 20, 12).toISOString(),
      version: 2,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const accepted = await card('DEV-2026-0001');
    await waitFor(() => expect(accepted).toHaveTextContent('Validé'));
    expect(accepted).toHaveTextContent('Accepté le 20/11/2026 par Paul Martin');
    expect(within(accepted).queryByRole('button', { name: 'Bon pour accord' })).toBeNull();
    expect(within(accepted).getByRole('button', { name: 'Facturer' })).toBeInTheDocument();
  });

  it('sends today’s agreement as now', async () => {
    const user = setupUser();
    const api = stub({ [acceptRoute]: json(validated) });
    renderPage();

    const dialog = await openAccept(user);
    await fill(user, within(dialog).getByLabelText('Nom du signataire'), 'Paul Martin');
    const before = Date.now();
    await user.click(within(dialog).getByRole('button', { name: "Enregistrer l'accord" }));

    await waitFor(() => expect(api.calls(acceptRoute)).toHaveLength(1));
    const acceptedAt = String(
      (api.calls(acceptRoute)[0]?.body as { acceptedAt: string } | undefined)?.acceptedAt,
    );
    expect(Date.parse(acceptedAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(acceptedAt)).toBeLessThanOrEqual(Date.now());
  });

  it('asks for the signer’s name and a day not in the future, and sends nothing until then', async () => {
    const user = setupUser();
    const api = stub();
    renderPage();

    const dialog = await openAccept(user);
    const day = within(dialog).getByLabelText("Date de l'accord");
    await replace(user, day, '01/01/2999');
    await user.click(within(dialog).getByRole('button', { name: "Enregistrer l'accord" }));

    expect(await within(dialog).findByText('Le nom du signataire est requis')).toBeInTheDocument();
    expect(
      within(dialog).getByText("La date de l'accord ne peut pas être postérieure à aujourd'hui"),
    ).toBeInTheDocument();

    await user.clear(day);
    await user.click(within(dialog).getByLabelText('Nom du signataire'));
    expect(await within(dialog).findByText("La date de l'accord est requise")).toBeInTheDocument();

    await user.click(day);
    await user.type(day, '32/01/2026');
    await user.click(within(dialog).getByRole('button', { name: "Enregistrer l'accord" }));
    expect(await within(dialog).findByText('Date invalide (JJ/MM/AAAA)')).toBeInTheDocument();
    expect(writes(api)).toEqual([]);
  });

  it('shows the server’s refusal in a toast and keeps the dialog open', async () => {
    const user = setupUser();
    const stale = 'Cet enregistrement a été modifié entre-temps : rechargez-le puis recommencez.';
    const api = stub({ [acceptRoute]: apiError(409, 'conflict', stale) });
    renderPage();

    const dialog = await openAccept(user);
    await fill(user, within(dialog).getByLabelText('Nom du signataire'), 'Paul Martin');
    await user.click(within(dialog).getByRole('button', { name: "Enregistrer l'accord" }));

    const toast = await toasts().findByText(stale);
    expect(toast.closest('[role="status"]')).toHaveAttribute('data-variant', 'destructive');
    expect(api.calls(acceptRoute)).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nom du signataire')).toHaveValue('Paul Martin');
  });
});
