import { describe, expect, it } from 'vitest';
import { validationDetails } from '../validation.js';
import {
  adminCompanyUpdateInput,
  adminStatsSchema,
  adminUserUpdateInput,
  companyStatsSchema,
} from './admin.js';

describe('adminUserUpdateInput', () => {
  it('takes role, isActive and permissions, at least one of them', () => {
    expect(adminUserUpdateInput.parse({ role: 'company_admin' })).toEqual({ role: 'company_admin' });
    expect(adminUserUpdateInput.parse({ isActive: false, companyId: 'x' })).toEqual({ isActive: false });
    expect(validationDetails(adminUserUpdateInput.safeParse({}).error!)).toEqual([
      { path: '', message: 'Aucune modification : indiquez le rôle, le statut ou les permissions' },
    ]);
    expect(adminUserUpdateInput.safeParse({ role: 'root' }).success).toBe(false);
  });
});

describe('adminCompanyUpdateInput', () => {
  it('takes the fields of spec section 5, each optional', () => {
    expect(adminCompanyUpdateInput.parse({})).toEqual({});
    expect(
      adminCompanyUpdateInput.parse({
        subscriptionPlan: 'premium',
        subscriptionEndDate: '2027-01-31',
        subscriptionAutoRenew: false,
        maxUsers: '20',
        status: 'active',
        notes: ' Client fidèle ',
        name: 'ignored',
      }),
    ).toEqual({
      subscriptionPlan: 'premium',
      subscriptionEndDate: '2027-01-31',
      subscriptionAutoRenew: false,
      maxUsers: 20,
      status: 'active',
      notes: 'Client fidèle',
    });
  });

  it('clears the end date and the notes with null or blank', () => {
    expect(adminCompanyUpdateInput.parse({ subscriptionEndDate: null, notes: '' })).toEqual({
      subscriptionEndDate: null,
      notes: null,
    });
  });

  it('keeps maxUsers a whole number from 1 to 1000', () => {
    for (const maxUsers of [0, 1001, 2.5]) {
      expect(validationDetails(adminCompanyUpdateInput.safeParse({ maxUsers }).error!)).toEqual([
        {
          path: 'maxUsers',
          message: "Le nombre maximal d'utilisateurs doit être un nombre entier entre 1 et 1 000",
        },
      ]);
    }
    expect(adminCompanyUpdateInput.parse({ maxUsers: 1000 }).maxUsers).toBe(1000);
  });
});

describe('admin statistics', () => {
  it('describe the answers the admin screen reads', () => {
    expect(
      adminStatsSchema.parse({
        totalUsers: 10,
        activeUsers: 8,
        totalCompanies: 3,
        activeCompanies: 2,
        planDistribution: { premium: 1, enterprise: 1 },
      }).planDistribution,
    ).toEqual({ premium: 1, enterprise: 1 });
    expect(adminStatsSchema.safeParse({ totalUsers: 1 }).success).toBe(false);
    expect(
      companyStatsSchema.parse({
        id: '0190a5f0-0000-7abc-8def-0123456789ab',
        name: 'ACME',
        email: 'a@acme.fr',
        userCount: 4,
        activeUsers: 3,
        subscriptionPlan: 'basic',
        status: 'active',
      }).userCount,
    ).toBe(4);
  });
});
