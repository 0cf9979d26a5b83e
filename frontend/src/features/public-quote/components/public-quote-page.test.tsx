import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { apiError, json, stubApi } from '../../../testing/api-stub';
import { renderApp } from '../../../testing/render-app';
import { setupUser } from '../../../testing/user';

/**
 * jsdom draws nothing on a canvas: the pad is replaced by one the test signs on (the strokes
 * themselves are drawn in Chromium by e2e/tests/online-acceptance.spec.ts).
 */
const pads: { signed: boolean; listeners: (() => void)[] }[] = [];
vi.mock('signature_pad', () => ({
  default: class {
    state = { signed: false, listeners: [] as (() => void)[] };
    constructor() {
      pads.push(this.state);
    }
    addEventListener(_name: string, listener: () => void) {
      this.state.listeners.push(listener);
    }
    removeEventListener() {}
    isEmpty() {
      return !this.state.signed;
    }
    toDataURL() {
      return 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==';
    }
    toData() {
      return [];
    }
    fromData() {}
    clear() {
      this.state.signed = false;
    }
    on() {}
    off() {}
  },
}));

// jsdom has no 2D context (and says so on each call): the page's scaling is skipped without one.
vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);

function sign() {
  const pad = pads.at(-1);
  if (!pad) throw new Error('no signature pad');
  pad.signed = true;
  for (const listener of pad.listeners) listener();
}

const token = 'JmAiNcwBUEowgqqwi8jb9_SizlbyPa9kthhxbrYgDKo';
const read = `GET /api/public/quotes/${token}`;
const accept = `POST /api/public/quotes/${token}/accept`;

const summary = {
  company: { name: 'Maçonnerie Durand', email: 'contact@durand.fr', phone: '04 78 00 00 00', city: 'Lyon' },
  clientName: 'Lucie Garnier',
  number: 'DEV-2026-0001',
  title: 'Réfection de la toiture',
  lines: [
    {
      description: 'Tuiles terre cuite',
      unit: 'm²',
      quantity: '60.000',
      saleUnitPrice: '22.77',
      saleTotal: '1366.20',
      vatRate: '20.00',
    },
  ],
  vatBreakdown: [{ rate: '20.00', base: '1366.20', amount: '273.24' }],
  totalAmount: '1366.20',
  vatAmount: '273.24',
  totalWithVat: '1639.44',
  reverseCharge: false,
  sentAt: '2026-11-25T09:00:00.000Z',
  validUntil: '2026-12-31',
  linkValidUntil: '2026-12-31T22:59:59.999Z',
  status: 'sent',
  pdfUrl: 'http://localhost:3000/bucket/devis.pdf',
};

const signedOut = { 'GET /api/auth/me': apiError(401, 'unauthenticated', 'Vous devez être connecté.') };

describe('/devis/:token, the client’s online Bon pour accord', () => {
  it('shows the quote to a visitor without a session, asks for what is missing, then signs and confirms', async () => {
    const user = setupUser();
    const api = stubApi({
      ...signedOut,
      [read]: json(summary),
      [accept]: json({
        number: 'DEV-2026-0001',
        status: 'validated',
        acceptedAt: '2026-11-25T13:32:00.000Z',
        signerName: 'Lucie Garnier',
        pdfUrl: 'http://localhost:3000/bucket/signe.pdf',
      }),
    });
    const { router } = renderApp(`/devis/${token}`);

    expect(
      await screen.findByRole('heading', { name: 'Devis n° DEV-2026-0001', level: 1 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/devis/${token}`);
    expect(screen.getByText('Tuiles terre cuite')).toBeInTheDocument();
    expect(screen.getByText(/60 m² × 22,77\s€ HT · TVA 20 %/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir le devis (PDF)' })).toHaveAttribute('href', summary.pdfUrl);

    await user.click(screen.getByRole('button', { name: 'Signer et accepter' }));
    expect(await screen.findByText('Votre nom est requis')).toBeInTheDocument();
    expect(screen.getByText('La signature est requise')).toBeInTheDocument();
    expect(screen.getByText('Vous devez accepter le devis et ses conditions')).toBeInTheDocument();
    expect(api.calls(accept)).toHaveLength(0);

    await user.type(screen.getByLabelText('Nom'), 'Lucie Garnier');
    sign();
    await user.click(screen.getByRole('checkbox', { name: /J'accepte le devis et ses conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Signer et accepter' }));

    const confirmation = await screen.findByRole('status');
    expect(within(confirmation).getByRole('heading')).toHaveTextContent(
      /^Devis accepté le 25\/11\/2026 à \d\d:32$/,
    );
    expect(confirmation).toHaveTextContent('Signé par Lucie Garnier. Merci. Maçonnerie Durand est prévenue');
    expect(within(confirmation).getByRole('link', { name: 'Voir le devis signé (PDF)' })).toHaveAttribute(
      'href',
      'http://localhost:3000/bucket/signe.pdf',
    );
    const [sent] = api.calls(accept);
    expect(sent?.body).toEqual({
      signerName: 'Lucie Garnier',
      acceptTerms: true,
      signature: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==',
    });
    expect(sent?.headers.get('X-Requested-With')).toBe('fetch');
  });

  it('keeps the form with the server’s reason when the signature is refused', async () => {
    const user = setupUser();
    stubApi({
      ...signedOut,
      [read]: json(summary),
      [accept]: apiError(
        400,
        'validation_error',
        'La signature dépasse 200 Ko : effacez-la et signez de nouveau.',
      ),
    });
    renderApp(`/devis/${token}`);
    await user.type(await screen.findByLabelText('Nom'), 'Lucie Garnier');
    sign();
    await user.click(screen.getByRole('checkbox', { name: /J'accepte/ }));
    await user.click(screen.getByRole('button', { name: 'Signer et accepter' }));
    expect(
      await screen.findByText('La signature dépasse 200 Ko : effacez-la et signez de nouveau.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Signer et accepter' })).toBeEnabled();
  });

  it.each([
    [
      apiError(404, 'link_expired', 'Ce lien a expiré le 31/12/2026 : contactez Maçonnerie Durand.'),
      'Lien expiré',
    ],
    [apiError(404, 'not_found', "Ce lien de devis n'existe pas ou n'est plus valable."), 'Lien introuvable'],
    [
      apiError(409, 'conflict', 'Le devis DEV-2026-0001 a déjà été accepté le 25/11/2026.'),
      'Devis déjà accepté',
    ],
  ])('a refused link shows a French page of its own (%#)', async (answer, title) => {
    stubApi({ ...signedOut, [read]: answer });
    const { router } = renderApp(`/devis/${token}`);
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('main')).toHaveTextContent(/Ce lien|Le devis/));
    expect(router.state.location.pathname).toBe(`/devis/${token}`);
  });
});
