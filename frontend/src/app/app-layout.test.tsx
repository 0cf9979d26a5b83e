import { act, screen, waitFor, within } from '@testing-library/react';

import { describe, expect, it, vi } from 'vitest';

import { TOOLTIP_OPEN_DELAY_MS } from '../components/app-tooltip';
import { browser } from '../lib/browser';
import { json, never, stubApi } from '../testing/api-stub';
import { companyAdmin, superAdmin } from '../testing/fixtures';
import { renderApp, toasts } from '../testing/render-app';
import { setupUser } from '../testing/user';

function signedInAs(user: unknown) {
  return stubApi({
    'GET /api/setup/status': json({ installed: true }),
    'GET /api/auth/me': typeof user === 'function' ? never : json(user),
    'POST /api/auth/logout': () => new Response(null, { status: 204 }),
  });
}

/** Below `md` (jsdom matches no media query) the sidebar lives in the drawer the header opens. */
async function openSidebar() {
  await setupUser().click(await screen.findByRole('button', { name: 'Ouvrir le menu' }));
  return screen.findByRole('navigation', { name: 'Navigation principale' });
}

describe('signed-in layout', () => {
  it("lists the entries in the spec's order, highlights the active one, and navigates", async () => {
    const user = setupUser();
    signedInAs(companyAdmin);
    const { router } = renderApp('/quotes');
    await screen.findByRole('heading', { name: 'Devis' });
    // The screen itself, once the session is read (its header replaces the one shown meanwhile).
    await waitFor(() => expect(screen.queryByText('Chargement...')).not.toBeInTheDocument());

    const nav = await openSidebar();
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Tableau de bord',
      'Clients',
      'Fournisseurs',
      'Projets',
      'Devis',
      'Bibliothèque',
      'Achats',
      'Suivi Travaux',
      'Facturation',
      'Documents',
      'Finances',
      // Under 'Administration': the company's settings.
      'Paramètres',
    ]);
    expect(within(nav).getByRole('link', { name: 'Devis' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Tableau de bord' })).not.toHaveAttribute('aria-current');

    await user.click(within(nav).getByRole('link', { name: 'Fournisseurs' }));

    expect(await screen.findByRole('heading', { name: 'Fournisseurs' })).toBeInTheDocument();
    expect(screen.getByText('Gestion des fournisseurs et sous-traitants')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/suppliers');
  });

  it("gives a company administrator the company's identifier for colleagues who join it", async () => {
    signedInAs(companyAdmin);
    renderApp('/');
    const nav = await openSidebar();
    const footer = nav.parentElement as HTMLElement;
    expect(await within(footer).findByText("Identifiant de l'entreprise")).toBeInTheDocument();
    expect(within(footer).getByRole('button', { name: /copier/i })).toBeInTheDocument();
  });

  it('shows no company identifier to a super administrator', async () => {
    signedInAs(superAdmin);
    renderApp('/');
    const nav = await openSidebar();
    await within(nav.parentElement as HTMLElement).findByText('Super Admin');
    expect(screen.queryByText("Identifiant de l'entreprise")).not.toBeInTheDocument();
  });

  it("shows 'Administration' and 'Système Admin' to a super administrator only", async () => {
    signedInAs(superAdmin);
    renderApp('/');
    const nav = await openSidebar();

    expect(within(nav).getByRole('heading', { name: 'Administration' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Système Admin' })).toHaveAttribute('href', '/admin');
  });

  it("gives a company administrator the company's 'Paramètres', not 'Système Admin'", async () => {
    signedInAs(companyAdmin);
    renderApp('/');
    const nav = await openSidebar();

    expect(within(nav).getByRole('heading', { name: 'Administration' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Paramètres' })).toHaveAttribute('href', '/settings');
    expect(within(nav).queryByRole('link', { name: 'Système Admin' })).not.toBeInTheDocument();
  });

  it('shows the name and the role label in the footer', async () => {
    signedInAs(companyAdmin);
    renderApp('/');
    await openSidebar();

    expect(screen.getByText('Marie Durand')).toBeInTheDocument();
    expect(screen.getByText('Administrateur')).toBeInTheDocument();
  });

  it("shows 'Chargement...' in the footer while the user loads", async () => {
    signedInAs(() => undefined);
    renderApp('/clients');
    const nav = await openSidebar();

    expect(within(nav.parentElement as HTMLElement).getByText('Chargement...')).toBeInTheDocument();
  });

  it('signs out, then reloads the page on the login screen', async () => {
    const user = setupUser();
    const load = vi.spyOn(browser, 'load').mockImplementation(() => undefined);
    const api = signedInAs(companyAdmin);
    renderApp('/');
    await openSidebar();

    await user.click(screen.getByRole('button', { name: 'Se déconnecter' }));

    await waitFor(() => expect(load).toHaveBeenCalledExactlyOnceWith('/login'));
    const [logout] = api.calls('POST /api/auth/logout');
    expect(logout?.headers.get('X-Requested-With')).toBe('fetch');
  });

  it('only logs a failed sign-out', async () => {
    const user = setupUser();
    const load = vi.spyOn(browser, 'load').mockImplementation(() => undefined);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = signedInAs(companyAdmin);
    api.answer('POST /api/auth/logout', () => new Response('', { status: 500 }));
    renderApp('/');
    await openSidebar();

    await user.click(screen.getByRole('button', { name: 'Se déconnecter' }));

    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(load).not.toHaveBeenCalled();
    expect(toasts().queryAllByRole('status')).toHaveLength(0);
  });

  it("names the logout button 'Se déconnecter' in a tooltip after the hover delay", async () => {
    signedInAs(companyAdmin);
    renderApp('/');
    await openSidebar();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await setupUser().hover(screen.getByRole('button', { name: 'Se déconnecter' }));
      await act(() => vi.advanceTimersByTimeAsync(TOOLTIP_OPEN_DELAY_MS - 100));
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

      await act(() => vi.advanceTimersByTimeAsync(200));

      expect(await screen.findByRole('tooltip')).toHaveTextContent('Se déconnecter');
    } finally {
      vi.useRealTimers();
    }
  });

  it('has the header bell on every screen, its dot only while something is unread (issue 17)', async () => {
    const api = signedInAs(companyAdmin);
    api.answer(
      'GET /api/notifications',
      json({
        items: [
          {
            id: 'n1',
            kind: 'quote_accepted',
            title: 'Devis accepté : DEV-2026-0001',
            createdAt: '2026-11-24T09:30:00.000Z',
            read: false,
          },
        ],
        unreadCount: 1,
      }),
    );
    renderApp('/finances');

    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Notifications' }).querySelector('.ant-badge-dot'),
      ).not.toBeNull(),
    );
  });

  it('puts the sidebar beside the page from the md breakpoint up, without a menu button', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query.includes('min-width: 768px'),
          media: query,
          onchange: null,
          addListener: () => undefined,
          removeListener: () => undefined,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    signedInAs(companyAdmin);
    renderApp('/');

    expect(await screen.findByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Ouvrir le menu' })).not.toBeInTheDocument();
  });
});
