import { describe, expect, it } from 'vitest';
import { validationDetails } from '../validation.js';
import { clientCreateInput, clientSchema, clientUpdateInput } from './client.js';

const UUID = '0190a5f0-1234-7abc-8def-0123456789ab';
const OTHER_UUID = '0190a5f0-0000-7abc-8def-0123456789ab';

describe('client schemas', () => {
  it('require a name, with the message "Le nom est requis"', () => {
    expect(validationDetails(clientCreateInput.safeParse({}).error!)).toEqual([
      { path: 'name', message: 'Le nom est requis' },
    ]);
    expect(validationDetails(clientCreateInput.safeParse({ name: '  ' }).error!)).toEqual([
      { path: 'name', message: 'Le nom est requis' },
    ]);
  });

  it('default the country to France on create, blank included', () => {
    expect(clientCreateInput.parse({ name: 'ACME' })).toEqual({ name: 'ACME', country: 'France' });
    expect(clientCreateInput.parse({ name: 'ACME', country: ' ' }).country).toBe('France');
    expect(clientCreateInput.parse({ name: 'ACME', country: 'Belgique' }).country).toBe('Belgique');
  });

  it('read blank optional fields of the form as absent and check the e-mail', () => {
    expect(clientCreateInput.parse({ name: 'ACME', email: '', phone: '', siret: ' ' })).toEqual({
      name: 'ACME',
      country: 'France',
    });
    expect(validationDetails(clientCreateInput.safeParse({ name: 'ACME', email: 'nope' }).error!)).toEqual([
      { path: 'email', message: "L'adresse e-mail doit être valide" },
    ]);
  });

  it('ignore a companyId sent in the body', () => {
    const data = clientCreateInput.parse({ name: 'ACME', companyId: OTHER_UUID, id: UUID });
    expect(data).not.toHaveProperty('companyId');
    expect(data).not.toHaveProperty('id');
  });

  it('take back the record read on update: read-only fields dropped, version kept', () => {
    const record = clientSchema.parse({
      id: UUID,
      companyId: OTHER_UUID,
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-01-02T03:04:05.000Z',
      version: 4,
      name: 'ACME',
      email: 'contact@acme.fr',
    });
    expect(clientUpdateInput.parse({ ...record, name: 'ACME SA' })).toEqual({
      name: 'ACME SA',
      email: 'contact@acme.fr',
      country: 'France',
      version: 4,
    });
    expect(validationDetails(clientUpdateInput.safeParse({ name: 'A', version: 0 }).error!)).toEqual([
      { path: 'version', message: 'La version doit être un nombre entier positif' },
    ]);
  });
});
