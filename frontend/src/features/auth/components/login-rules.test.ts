import { loginInput } from '@btp/shared/entities/auth';
import { describe, expect, it } from 'vitest';

import { sessionUserSchema } from '../../../lib/session-user';
import { parseSessionUser } from '../../../lib/session-user-guard';
import { validateWith } from '../../../lib/zod-validation';
import { validateLogin } from './login-rules';

// The first screen reads its form and its answers without zod; these check that it agrees with the
// shared schemas it replaces.
describe('the sign-in rules without zod', () => {
  it.each([
    { identifier: '', password: '' },
    { identifier: '   ', password: 'secret1' },
    { identifier: ' marie ', password: 'court' },
    { identifier: 'marie@example.fr', password: ' six  ' },
    { identifier: 'm'.repeat(2_001), password: 'p'.repeat(201) },
    { identifier: 'm'.repeat(2_000), password: 'p'.repeat(200) },
  ])('gives the messages and data of loginInput for %o', (values) => {
    expect(validateLogin(values)).toEqual(validateWith(loginInput, values));
  });

  it('reads a signed-in user as sessionUserSchema does, and refuses what it refuses', () => {
    const answers = [
      {
        id: '0191f3a2-7c1e-7abc-8def-0123456789ab',
        firstName: 'Marie',
        lastName: 'Durand',
        email: 'marie@example.fr',
        username: 'mdurand',
        role: 'company_admin',
        isActive: true,
        companyId: '0191f3a2-7c1e-7abc-8def-0123456789ac',
        company: { id: '0191f3a2-7c1e-7abc-8def-0123456789ac', name: 'Durand Bâtiment' },
        createdAt: '2026-05-01T08:00:00.000Z',
        lastLoginAt: null,
        permissions: {},
      },
      // A super administrator: no company.
      {
        id: '0191f3a2-7c1e-7abc-8def-0123456789ad',
        firstName: 'Super',
        lastName: 'Admin',
        email: 'admin@example.fr',
        username: 'superadmin',
        role: 'super_admin',
        isActive: true,
        companyId: null,
        company: null,
        lastLoginAt: '2026-05-02T08:00:00.000Z',
      },
    ];
    for (const answer of answers) expect(parseSessionUser(answer)).toEqual(sessionUserSchema.parse(answer));
    for (const wrong of [
      null,
      'marie',
      { ...answers[0], id: 42 },
      { ...answers[0], company: 'Durand' },
      { ...answers[0], role: 'admin' },
    ]) {
      expect(sessionUserSchema.safeParse(wrong).success).toBe(false);
      expect(() => parseSessionUser(wrong)).toThrow('Réponse inattendue du serveur.');
    }
  });
});
