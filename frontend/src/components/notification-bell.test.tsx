import { act, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { NotificationBell } from './notification-bell';
import { describe, expect, it } from 'vitest';

import { json, stubApi } from '../testing/api-stub';
import { companyAdmin, superAdmin } from '../testing/fixtures';
import { renderWithProviders } from '../testing/render-app';
import { setupUser } from '../testing/user';

const paid = {
  id: 'n2',
  kind: 'invoice_paid',
  title: 'Facture payée : FAC-2026-0002',
  body: '1 200,00 € reçus en tout.',
  link: '/invoicing?q=FAC-2026-0002',
  createdAt: '2026-11-24T09:30:00.000Z',
  read: false,
};
const reminder = {
  id: 'n1',
  kind: 'reminder_sent',
  title: 'Relance envoyée : FAC-2026-0001',
  createdAt: '2026-11-20T07:00:00.000Z',
  read: true,
};

function signedIn(user: unknown, notifications: unknown) {
  return stubApi({
    'GET /api/setup/status': json({ installed: true }),
    'GET /api/auth/me': json(user),
    'GET /api/notifications': json(notifications),
  });
}

/** The bell of the screen's header, once the screen has replaced the one shown while the session loads. */
const bell = () => screen.findByRole('button', { name: 'Notifications' });

/** The bell alone on a memory router (with the page its links lead to), with the SPA's providers. */
function renderBell() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <NotificationBell /> },
      { path: '/invoicing', element: <p>Page Facturation</p> },
    ],
    { initialEntries: ['/'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { router };
}
const dot = () => screen.getByRole('button', { name: 'Notifications' }).querySelector('.ant-badge-dot');

describe('the notification bell', () => {
  it('shows its dot only while something is unread', async () => {
    const api = signedIn(companyAdmin, { items: [reminder], unreadCount: 0 });
    renderBell();
    await bell();
    await waitFor(() => expect(api.calls('GET /api/notifications')).toHaveLength(1));
    expect(dot()).toBeNull();

    // A new event: the bell asks again when the window gets focus (and every minute).
    api.answer('GET /api/notifications', json({ items: [paid, reminder], unreadCount: 1 }));
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(dot()).not.toBeNull());
    expect(api.calls('GET /api/notifications')).toHaveLength(2);
    focusManager.setFocused(undefined);
  });

  it('lists the events with their date and link, unread first marked, then marks them all read', async () => {
    const user = setupUser();
    const api = signedIn(companyAdmin, { items: [paid, reminder], unreadCount: 1 });
    api.answer(
      'POST /api/notifications/read',
      json({ items: [paid, reminder].map((item) => ({ ...item, read: true })), unreadCount: 0 }),
    );
    renderBell();
    const button = await bell();
    await waitFor(() => expect(dot()).not.toBeNull());

    await user.click(button);
    const list = await screen.findByRole('list', { name: 'Notifications récentes' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Facture payée : FAC-2026-0002'),
      expect.stringContaining('Relance envoyée : FAC-2026-0001'),
    ]);
    expect(within(items[0]!).getByText('1 200,00 € reçus en tout.')).toBeInTheDocument();
    expect(within(items[0]!).getByLabelText('Non lue')).toBeInTheDocument();
    expect(within(items[1]!).queryByLabelText('Non lue')).not.toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: 'Facture payée : FAC-2026-0002' })).toHaveAttribute(
      'href',
      '/invoicing?q=FAC-2026-0002',
    );
    expect(items[0]!.querySelector('time')).toHaveAttribute('dateTime', '2026-11-24T09:30:00.000Z');

    await user.click(screen.getByRole('button', { name: 'Tout marquer comme lu' }));
    await waitFor(() => expect(api.calls('POST /api/notifications/read')).toHaveLength(1));
    expect(api.calls('POST /api/notifications/read')[0]!.body).toEqual({});
    await waitFor(() => expect(dot()).toBeNull());
    expect(screen.queryByRole('button', { name: 'Tout marquer comme lu' })).not.toBeInTheDocument();
  });

  it('marks one event read when its link is opened', async () => {
    const user = setupUser();
    const api = signedIn(companyAdmin, { items: [paid], unreadCount: 1 });
    api.answer('POST /api/notifications/read', json({ items: [{ ...paid, read: true }], unreadCount: 0 }));
    const { router } = renderBell();
    await user.click(await bell());
    await user.click(await screen.findByRole('link', { name: 'Facture payée : FAC-2026-0002' }));
    await waitFor(() => expect(api.calls('POST /api/notifications/read')).toHaveLength(1));
    expect(api.calls('POST /api/notifications/read')[0]!.body).toEqual({ ids: ['n2'] });
    expect(router.state.location.pathname).toBe('/invoicing');
    expect(router.state.location.search).toBe('?q=FAC-2026-0002');
  });

  it('says there is nothing new when the list is empty', async () => {
    const user = setupUser();
    signedIn(companyAdmin, { items: [], unreadCount: 0 });
    renderBell();
    await user.click(await bell());
    expect(await screen.findByText('Aucune nouvelle notification.')).toBeInTheDocument();
    expect(dot()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Tout marquer comme lu' })).not.toBeInTheDocument();
  });

  it('asks nothing for a super administrator (no company of their own)', async () => {
    const api = signedIn(superAdmin, { items: [], unreadCount: 0 });
    renderBell();
    await bell();
    await waitFor(() => expect(api.calls('GET /api/auth/me').length).toBeGreaterThan(0));
    expect(api.calls('GET /api/notifications')).toHaveLength(0);
    expect(dot()).toBeNull();
  });
});
