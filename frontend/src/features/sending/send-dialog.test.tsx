import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, json } from '../../testing/api-stub';
import { toasts } from '../../testing/render-app';
import { setupUser } from '../../testing/user';
import {
  card,
  client,
  draft,
  fill,
  findDialog,
  renderPage,
  sent,
  stamps,
  stub,
} from '../quotes/testing/quotes';
import { attachmentName, sentMessage } from './send-dialog';

const sendRoute = `POST /api/quotes/${draft.id}/send`;
const withEmail = {
  'GET /api/clients': json([
    { ...stamps, ...client, email: 'paul@tilleuls.fr', country: 'France', version: 1 },
  ]),
};

async function openSend(user: ReturnType<typeof setupUser>) {
  await user.click(within(await card('DEV-2026-0002')).getByRole('button', { name: 'Envoyer' }));
  return findDialog('Envoyer le devis DEV-2026-0002 ?');
}

describe('the send dialog', () => {
  it("prefills the client's e-mail, names the attachment, sends the message with one Idempotency-Key per opening", async () => {
    const user = setupUser();
    const api = stub({
      ...withEmail,
      [sendRoute]: json({
        ...draft,
        status: 'sent',
        emailStatus: {
          state: 'sent',
          to: 'paul@tilleuls.fr',
          at: '2026-11-21T10:00:00.000Z',
          messageId: 'm-1',
        },
      }),
    });
    renderPage();

    const dialog = await openSend(user);
    const email = within(dialog).getByLabelText('E-mail du destinataire');
    await waitFor(() => expect(email).toHaveValue('paul@tilleuls.fr'));
    expect(dialog).toHaveTextContent('Pièce jointe : Devis DEV-2026-0002.pdf');
    expect(within(dialog).queryByText("Le client n'a pas d'adresse e-mail : saisissez-en une.")).toBeNull();
    await fill(user, within(dialog).getByLabelText('Message (facultatif)'), 'Comme convenu.');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));

    expect(await toasts().findByText('Devis envoyé à paul@tilleuls.fr')).toBeInTheDocument();
    const [call] = api.calls(sendRoute);
    expect(call?.body).toEqual({ version: 3, email: 'paul@tilleuls.fr', message: 'Comme convenu.' });
    const key = call?.headers.get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the same opening retried after a failure sends the same key; a new opening a new one', async () => {
    const user = setupUser();
    const api = stub({
      ...withEmail,
      [sendRoute]: apiError(
        503,
        'email_failed',
        "L'e-mail du devis n'a pas pu être envoyé : le devis reste un brouillon. Vérifiez l'adresse puis réessayez dans quelques instants.",
      ),
    });
    renderPage();

    let dialog = await openSend(user);
    await waitFor(() =>
      expect(within(dialog).getByLabelText('E-mail du destinataire')).toHaveValue('paul@tilleuls.fr'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText(/le devis reste un brouillon/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(api.calls(sendRoute)).toHaveLength(2));
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openSend(user);
    await waitFor(() =>
      expect(within(dialog).getByLabelText('E-mail du destinataire')).toHaveValue('paul@tilleuls.fr'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(api.calls(sendRoute)).toHaveLength(3));
    const keys = api.calls(sendRoute).map((call) => call.headers.get('Idempotency-Key'));
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('asks for an address when the client has none, and refuses an empty or malformed one without calling', async () => {
    const user = setupUser();
    const api = stub();
    renderPage();

    const dialog = await openSend(user);
    expect(
      await within(dialog).findByText("Le client n'a pas d'adresse e-mail : saisissez-en une."),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(
      await within(dialog).findByText("L'adresse e-mail du destinataire est requise"),
    ).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('E-mail du destinataire'), 'pas-une-adresse');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText("L'adresse e-mail doit être valide")).toBeInTheDocument();
    expect(api.calls(sendRoute)).toEqual([]);
  });

  it("a sent quote's card says to whom it went, or the failure with « Renvoyer l'e-mail »", async () => {
    const user = setupUser();
    const failed = {
      ...sent,
      emailStatus: {
        state: 'failed',
        to: 'paul@tilleuls.fr',
        at: '2026-11-21T10:00:00.000Z',
        reason: "Le serveur d'envoi n'a pas accepté le message (adresse refusée ou service indisponible).",
      },
    };
    const resendRoute = `POST /api/quotes/${sent.id}/email`;
    const api = stub({
      ...withEmail,
      'GET /api/quotes?limit=50': json([failed]),
      [resendRoute]: json({
        ...sent,
        emailStatus: {
          state: 'sent',
          to: 'paul@tilleuls.fr',
          at: '2026-11-22T10:00:00.000Z',
          messageId: 'm-2',
        },
      }),
    });
    renderPage();

    const shown = await card(sent.number);
    expect(shown).toHaveTextContent('E-mail non envoyé à paul@tilleuls.fr le 21/11/2026');
    await user.click(within(shown).getByRole('button', { name: "Renvoyer l'e-mail" }));
    const dialog = await findDialog(`Renvoyer l'e-mail : devis ${sent.number}`);
    await waitFor(() =>
      expect(within(dialog).getByLabelText('E-mail du destinataire')).toHaveValue('paul@tilleuls.fr'),
    );
    api.answer(
      'GET /api/quotes?limit=50',
      json([
        {
          ...sent,
          emailStatus: {
            state: 'sent',
            to: 'paul@tilleuls.fr',
            at: '2026-11-22T10:00:00.000Z',
            messageId: 'm-2',
          },
        },
      ]),
    );
    await user.click(within(dialog).getByRole('button', { name: "Renvoyer l'e-mail" }));
    expect(await toasts().findByText('Devis envoyé à paul@tilleuls.fr')).toBeInTheDocument();
    expect(api.calls(resendRoute)[0]?.body).toEqual({ email: 'paul@tilleuls.fr' });
    await waitFor(() => expect(shown).toHaveTextContent('Envoyé à paul@tilleuls.fr le 22/11/2026'));
    expect(within(shown).queryByRole('button', { name: "Renvoyer l'e-mail" })).toBeNull();
  });
});

describe('texts', () => {
  it('names the attachment and the success of each kind', () => {
    expect(attachmentName('quote', 'DEV-2026-0001')).toBe('Devis DEV-2026-0001.pdf');
    expect(attachmentName('invoice', undefined)).toBe("Facture (numérotée à l'envoi).pdf");
    expect(attachmentName('credit_note', undefined)).toBe("Avoir (numéroté à l'envoi).pdf");
    expect(sentMessage('quote', 'DEV-2026-0001', 'a@b.fr')).toBe('Devis envoyé à a@b.fr');
    expect(sentMessage('invoice', 'FAC-2026-0001', 'a@b.fr')).toBe('Facture FAC-2026-0001 envoyée à a@b.fr');
    expect(sentMessage('credit_note', 'AV-2026-0001', 'a@b.fr')).toBe('Avoir AV-2026-0001 envoyé à a@b.fr');
  });
});
