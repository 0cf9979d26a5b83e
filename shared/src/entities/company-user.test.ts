import { describe, expect, it } from 'vitest';
import { validationDetails } from '../validation.js';
import { companyUserUpdateInput } from './company-user.js';

describe('companyUserUpdateInput', () => {
  it('takes an active flag and/or a role among user and company_admin', () => {
    expect(companyUserUpdateInput.parse({ isActive: true })).toEqual({ isActive: true });
    expect(companyUserUpdateInput.parse({ role: 'company_admin', isActive: false })).toEqual({
      role: 'company_admin',
      isActive: false,
    });
  });

  it('refuses super_admin, a non-boolean flag and an empty change, in French', () => {
    const details = (body: unknown) => validationDetails(companyUserUpdateInput.safeParse(body).error!);
    expect(details({ role: 'super_admin' })).toEqual([
      {
        path: 'role',
        message: 'Le rôle doit être « Utilisateur » (user) ou « Administrateur » (company_admin)',
      },
    ]);
    expect(details({ isActive: 'oui' })).toEqual([
      { path: 'isActive', message: 'Le statut doit être actif (true) ou inactif (false)' },
    ]);
    expect(details({})).toEqual([
      { path: '', message: 'Aucune modification : indiquez le rôle ou le statut' },
    ]);
  });
});
