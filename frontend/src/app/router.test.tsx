import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { routes } from './router';

/** Answers the installation status calls in order, one response factory per call. */
function stubSetupStatus(...answers: (() => Promise<Response>)[]) {
  let calls = 0;
  const fetchMock = vi.fn<typeof fetch>((input) => {
    expect(String(input)).toBe('/api/setup/status');
    const answer = answers[Math.min(calls, answers.length - 1)];
    calls += 1;
    if (answer === undefined) throw new Error('no answer stubbed');
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const installed = (value: boolean) => () => Promise.resolve(Response.json({ installed: value }));

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const knownPaths = [
  '/',
  '/login',
  '/register',
  '/clients',
  '/suppliers',
  '/projects',
  '/quotes',
  '/purchases',
  '/work-tracking',
  '/invoicing',
  '/documents',
  '/finances',
  '/admin',
];

describe('installation gate', () => {
  it("shows 'Vérification de l'installation...' while the status is loading", async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubSetupStatus(() => new Promise((resolve) => (answer = resolve)));

    renderAt('/');

    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    expect(screen.getByText("Vérification de l'installation...")).toBeInTheDocument();
    answer(Response.json({ installed: false }));
    expect(await screen.findByRole('heading', { name: 'Installation de BTP Gestion' })).toBeInTheDocument();
  });

  it.each(knownPaths)('sends %s to the setup page when the product is not installed', async (path) => {
    stubSetupStatus(installed(false));

    const router = renderAt(path);

    expect(await screen.findByRole('heading', { name: 'Installation de BTP Gestion' })).toBeInTheDocument();
    expect(screen.getByText("L'application n'est pas encore installée.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/setup');
  });

  it('shows the 404 page for an unknown path, whose button leads home', async () => {
    stubSetupStatus(installed(false));
    const router = renderAt('/nimporte-quoi');

    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByText("La page que vous cherchez n'existe pas ou a été déplacée.")).toBeInTheDocument();
    const home = screen.getByRole('link', { name: "Retour à l'accueil" });
    expect(home).toHaveAttribute('href', '/');

    await userEvent.click(home);

    // Home is a known route, so before installation it leads on to the setup page.
    expect(await screen.findByRole('heading', { name: 'Installation de BTP Gestion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/setup');
  });

  it('sends /setup to the sign-in screen once installed', async () => {
    stubSetupStatus(installed(true));

    const router = renderAt('/setup');

    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByText('Cet écran arrive bientôt.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the screen of a known route once installed', async () => {
    stubSetupStatus(installed(true));

    const router = renderAt('/work-tracking');

    expect(await screen.findByRole('heading', { name: 'Suivi Travaux' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/work-tracking');
  });

  it("explains a failed check and checks again on 'Réessayer'", async () => {
    const fetchMock = stubSetupStatus(
      () =>
        Promise.resolve(
          Response.json(
            { error: 'unavailable', message: 'Le service est momentanément indisponible.' },
            { status: 503 },
          ),
        ),
      installed(false),
    );
    renderAt('/');

    expect(
      await screen.findByRole('heading', { name: "Impossible de vérifier l'installation" }),
    ).toBeInTheDocument();
    expect(screen.getByText('Le service est momentanément indisponible.')).toBeInTheDocument();
    const callsBeforeRetry = fetchMock.mock.calls.length;

    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));

    expect(await screen.findByRole('heading', { name: 'Installation de BTP Gestion' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.length).toBe(callsBeforeRetry + 1);
  });
});
