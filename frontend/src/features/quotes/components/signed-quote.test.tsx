import { within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json } from '../../../testing/api-stub';
import { setupUser } from '../../../testing/user';
import { card, draft, renderPage, stub, validated } from '../testing/quotes';

const signedPdfDocumentId = '9a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a09';
const signedOnline = {
  ...validated,
  acceptedFromIp: '203.0.113.7',
  signatureDocumentId: '8a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a08',
  signedPdfDocumentId,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Devis: a quote accepted online (docs/online-acceptance.md)', () => {
  it('says it was signed online and opens its signed PDF in a new tab', async () => {
    const user = setupUser();
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const download = `GET /api/documents/${signedPdfDocumentId}/download?inline=1`;
    const api = stub({
      'GET /api/quotes?limit=50': json([draft, signedOnline]),
      [download]: json({ url: 'http://localhost:3000/bucket/signe.pdf' }),
    });
    renderPage();

    const accepted = await card('DEV-2026-0001');
    expect(accepted).toHaveTextContent('Accepté le 20/11/2026 par Paul Martin (signé en ligne)');
    await user.click(within(accepted).getByRole('button', { name: 'Devis signé DEV-2026-0001 (PDF)' }));
    await vi.waitFor(() => expect(tab.location.href).toBe('http://localhost:3000/bucket/signe.pdf'));
    expect(api.calls(download)).toHaveLength(1);
    expect(tab.opener).toBeNull();
  });

  it('shows no signed PDF for a quote accepted by hand', async () => {
    stub({ 'GET /api/quotes?limit=50': json([draft, validated]) });
    renderPage();
    const accepted = await card('DEV-2026-0001');
    expect(accepted).toHaveTextContent('Accepté le 20/11/2026 par Paul Martin');
    expect(accepted).not.toHaveTextContent('signé en ligne');
    expect(within(accepted).queryByRole('button', { name: /Devis signé/ })).toBeNull();
  });
});
