import type { AdminStats } from '@btp/shared/entities/admin';

import type { SessionUser } from '../lib/session-user';

export const companyA = { id: '0f0e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01', name: 'Durand Bâtiment' };
export const companyB = { id: '0f0e6a3c-1b7d-4c55-9a51-5c3f2f6b1a02', name: 'Martin Rénovation' };

export const superAdmin: SessionUser = {
  id: '7d8a3f10-2c4b-4e6f-8a9b-0c1d2e3f4a01',
  firstName: 'Sophie',
  lastName: 'Bernard',
  email: 'sophie.bernard@example.fr',
  username: 'sbernard',
  role: 'super_admin',
  isActive: true,
  companyId: null,
  company: null,
};

export const companyAdmin: SessionUser = {
  id: '7d8a3f10-2c4b-4e6f-8a9b-0c1d2e3f4a02',
  firstName: 'Marie',
  lastName: 'Durand',
  email: 'marie.durand@example.fr',
  username: 'mdurand',
  role: 'company_admin',
  isActive: true,
  companyId: companyA.id,
  company: companyA,
};

const createdAt = '2026-01-15T09:30:00.000Z';

/** Users as `GET /api/admin/users` answers them. */
export const adminUsers = [
  { ...superAdmin, createdAt, lastLoginAt: '2026-03-02T08:00:00.000Z' },
  { ...companyAdmin, createdAt, lastLoginAt: '2026-03-01T16:45:00.000Z' },
  {
    id: '7d8a3f10-2c4b-4e6f-8a9b-0c1d2e3f4a03',
    firstName: 'Lucas',
    lastName: 'Petit',
    email: 'lucas.petit@example.fr',
    username: 'lpetit',
    role: 'user',
    isActive: false,
    companyId: companyB.id,
    company: { name: companyB.name },
    createdAt,
  },
];

export const adminStats: AdminStats = {
  totalUsers: 3,
  activeUsers: 2,
  totalCompanies: 2,
  activeCompanies: 1,
  planDistribution: { premium: 1, enterprise: 2 },
};

/** Companies as `GET /api/admin/companies/stats` answers them (with the dialog's fields). */
export const companyStats = [
  {
    ...companyA,
    email: 'contact@durand-batiment.fr',
    slug: 'durand-batiment',
    createdAt,
    userCount: 2,
    activeUsers: 2,
    subscriptionPlan: 'premium',
    status: 'active',
    maxUsers: 5,
    subscriptionEndDate: '2026-12-31',
    subscriptionAutoRenew: true,
  },
  {
    ...companyB,
    email: 'contact@martin-renovation.fr',
    slug: 'martin-renovation',
    createdAt,
    userCount: 1,
    activeUsers: 0,
    subscriptionPlan: 'free',
    status: 'pending',
    maxUsers: 5,
    subscriptionAutoRenew: true,
  },
];
