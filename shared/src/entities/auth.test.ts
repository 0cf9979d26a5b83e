import { describe, expect, it } from 'vitest';
import { validationDetails } from '../validation.js';
import { loginInput, publicUserSchema, registerInput, registerServerInput, setupInput } from './auth.js';

const COMPANY = '0190a5f0-0000-7abc-8def-0123456789ab';
const person = {
  firstName: ' Marie ',
  lastName: 'Curie',
  email: ' marie@exemple.fr ',
  username: 'mcurie',
  password: 'secret1',
};

describe('loginInput', () => {
  it('gives the spec messages', () => {
    expect(validationDetails(loginInput.safeParse({ identifier: ' ', password: '12345' }).error!)).toEqual([
      { path: 'identifier', message: "L'identifiant est requis" },
      { path: 'password', message: 'Le mot de passe doit contenir au moins 6 caractères' },
    ]);
  });

  it('trims the identifier but never the password', () => {
    expect(loginInput.parse({ identifier: ' mcurie ', password: ' pass ' })).toEqual({
      identifier: 'mcurie',
      password: ' pass ',
    });
  });
});

describe('registerInput', () => {
  it('gives the spec messages on each field', () => {
    const result = registerInput.safeParse({
      firstName: '',
      lastName: '',
      email: 'pas-une-adresse',
      username: 'mc',
      password: '12345',
      confirmPassword: '12345',
    });
    expect(validationDetails(result.error!)).toEqual([
      { path: 'firstName', message: 'Le prénom est requis' },
      { path: 'lastName', message: 'Le nom est requis' },
      { path: 'email', message: "L'adresse e-mail doit être valide" },
      { path: 'username', message: "Le nom d'utilisateur doit contenir au moins 3 caractères" },
      { path: 'password', message: 'Le mot de passe doit contenir au moins 6 caractères' },
    ]);
  });

  it('reports a password mismatch on confirmPassword', () => {
    expect(
      validationDetails(registerInput.safeParse({ ...person, confirmPassword: 'secret2' }).error!),
    ).toEqual([{ path: 'confirmPassword', message: 'Les mots de passe ne correspondent pas' }]);
    // Also while other fields are still wrong, so the form shows everything at once.
    expect(
      validationDetails(
        registerInput.safeParse({ ...person, firstName: '', confirmPassword: 'other1' }).error!,
      ),
    ).toEqual([
      { path: 'firstName', message: 'Le prénom est requis' },
      { path: 'confirmPassword', message: 'Les mots de passe ne correspondent pas' },
    ]);
  });

  it('trims the person fields and keeps both company fields optional', () => {
    expect(registerInput.parse({ ...person, confirmPassword: 'secret1' })).toEqual({
      firstName: 'Marie',
      lastName: 'Curie',
      email: 'marie@exemple.fr',
      username: 'mcurie',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
  });

  it("refuses '@' in a username", () => {
    expect(
      validationDetails(
        registerInput.safeParse({ ...person, username: 'a@b.fr', confirmPassword: 'secret1' }).error!,
      ),
    ).toEqual([{ path: 'username', message: "Le nom d'utilisateur ne doit pas contenir « @ »" }]);
  });
});

describe('registerServerInput', () => {
  const message =
    "Indiquez soit le nom d'une nouvelle entreprise, soit l'entreprise existante à rejoindre, mais pas les deux";
  const body = { ...person, confirmPassword: 'secret1' };

  it('wants exactly one of companyName and companyId, reported on companyName', () => {
    expect(registerServerInput.parse({ ...body, companyName: 'ACME' }).companyName).toBe('ACME');
    expect(registerServerInput.parse({ ...body, companyId: COMPANY }).companyId).toBe(COMPANY);
    expect(validationDetails(registerServerInput.safeParse(body).error!)).toEqual([
      { path: 'companyName', message },
    ]);
    expect(
      validationDetails(registerServerInput.safeParse({ ...body, companyName: ' ', companyId: '' }).error!),
    ).toEqual([{ path: 'companyName', message }]);
    expect(
      validationDetails(
        registerServerInput.safeParse({ ...body, companyName: 'ACME', companyId: COMPANY }).error!,
      ),
    ).toEqual([{ path: 'companyName', message }]);
  });
});

describe('setupInput', () => {
  it('needs the setup token and the registration rules', () => {
    expect(validationDetails(setupInput.safeParse({ ...person, username: 'ab' }).error!)).toEqual([
      { path: 'setupToken', message: "Le jeton d'installation est requis" },
      { path: 'username', message: "Le nom d'utilisateur doit contenir au moins 3 caractères" },
    ]);
    expect(setupInput.parse({ ...person, setupToken: 'tok' })).toMatchObject({
      setupToken: 'tok',
      firstName: 'Marie',
    });
  });
});

describe('publicUserSchema', () => {
  it('never carries a password', () => {
    const user = publicUserSchema.parse({
      id: '0190a5f0-9999-7abc-8def-0123456789ab',
      firstName: 'Marie',
      lastName: 'Curie',
      email: 'marie@exemple.fr',
      username: 'mcurie',
      role: 'company_admin',
      isActive: true,
      companyId: COMPANY,
      company: { id: COMPANY, name: 'ACME' },
      createdAt: '2026-01-02T03:04:05.000Z',
      password: '$argon2id$…',
      permissions: { admin: true },
    });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('permissions');
    expect(user.company?.name).toBe('ACME');
  });

  it('allows a super administrator without company', () => {
    const user = publicUserSchema.parse({
      id: '0190a5f0-9999-7abc-8def-0123456789ab',
      firstName: 'Root',
      lastName: 'Admin',
      email: 'root@exemple.fr',
      username: 'root',
      role: 'super_admin',
      isActive: true,
      companyId: null,
      createdAt: '2026-01-02T03:04:05.000Z',
    });
    expect(user.companyId).toBeNull();
  });
});
