import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, json, never, stubApi, type Routes } from '../testing/api-stub';
import { adminStats, adminUsers, companyAdmin, superAdmin } from '../testing/fixtures';
import { renderApp } from '../testing/render-app';

function stub(me: Routes[string]) {
  return stubApi({
    'GET /api/setup/status': json({ installed: true }),
    'GET /api/auth/me': me,
    'GET /api/admin/stats': json(adminStats),
    'GET /api/admin/users': json(adminUsers),
  });
}

const adminCalls = (api: ReturnType<typeof stub>) =>
  api.sent.filter((request) => request.path.startsWith('/api/admin'));

describe('/admin guard', () => {
  it("shows 'Vérification des autorisations...' while the user loads, without fetching admin data", async () => {
    const api = stub(never);
    renderApp('/admin');

    expect(await screen.findByText('Vérification des autorisations...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Système Admin' })).toBeInTheDocument();
    expect(adminCalls(api)).toEqual([]);
  });

  it("refuses a company administrator with 'Accès refusé'", async () => {
    const api = stub(json(companyAdmin));
    renderApp('/admin');

    expect(await screen.findByText('Accès refusé')).toBeInTheDocument();
    expect(screen.getByText('Cette section est réservée aux super administrateurs.')).toBeInTheDocument();
    expect(adminCalls(api)).toEqual([]);
  });

  it("refuses a plain user with 'Accès refusé'", async () => {
    const api = stub(json({ ...companyAdmin, role: 'user' }));
    renderApp('/admin');

    expect(await screen.findByText('Accès refusé')).toBeInTheDocument();
    expect(adminCalls(api)).toEqual([]);
  });

  it("says 'Erreur d'authentification' when the permissions cannot be checked", async () => {
    const api = stub(apiError(500, 'internal_error', 'Erreur interne.'));
    renderApp('/admin');

    expect(await screen.findByText("Erreur d'authentification")).toBeInTheDocument();
    expect(screen.getByText('Impossible de vérifier vos permissions.')).toBeInTheDocument();
    expect(adminCalls(api)).toEqual([]);
  });

  it('shows the admin screen to a super administrator', async () => {
    stub(json(superAdmin));
    renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Système Admin' })).toBeInTheDocument();
    const users = await screen.findByRole('region', { name: 'Utilisateurs' });
    expect(await within(users).findByText('Lucas Petit')).toBeInTheDocument();
    expect(screen.getByText("Taux d'activité")).toBeInTheDocument();
    expect(screen.queryByText('Accès refusé')).not.toBeInTheDocument();
  });
});
