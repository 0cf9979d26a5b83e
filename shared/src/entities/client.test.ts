import { describe, expect, it } from 'vitest';
import { validationDetails } from '../validation.js';
import { supplierCreateInput } from './supplier.js';
import { clientCreateInput, clientSchema, clientUpdateInput, clientWithDerivedFields } from './client.js';

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
    expect(clientCreateInput.parse({ name: 'ACME' })).toEqual({
      name: 'ACME',
      country: 'France',
      kind: 'company',
    });
    expect(clientCreateInput.parse({ name: 'ACME', country: ' ' }).country).toBe('France');
    expect(clientCreateInput.parse({ name: 'ACME', country: 'Belgique' }).country).toBe('Belgique');
  });

  it('read blank optional fields of the form as absent and check the e-mail', () => {
    expect(clientCreateInput.parse({ name: 'ACME', email: '', phone: '', siret: ' ' })).toEqual({
      name: 'ACME',
      country: 'France',
      kind: 'company',
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
    expect(clientUpdateInput.parse({ ...record, name: 'ACME SA', siren: '999999999' })).toEqual({
      name: 'ACME SA',
      email: 'contact@acme.fr',
      country: 'France',
      kind: 'company',
      version: 4,
    });
    expect(validationDetails(clientUpdateInput.safeParse({ name: 'A', version: 0 }).error!)).toEqual([
      { path: 'version', message: 'La version doit être un nombre entier positif' },
    ]);
  });
});

describe('client kind, SIRET and VAT number', () => {
  const details = (body: unknown) => {
    const result = clientCreateInput.safeParse(body);
    return result.success ? [] : validationDetails(result.error);
  };

  it('take a company or an individual, company by default', () => {
    expect(clientCreateInput.parse({ name: 'M. Petit', kind: 'individual' }).kind).toBe('individual');
    expect(clientCreateInput.parse({ name: 'ACME', kind: '' }).kind).toBe('company');
    expect(details({ name: 'ACME', kind: 'association' })).toEqual([
      { path: 'kind', message: 'Le type de client doit être « Entreprise » ou « Particulier »' },
    ]);
  });

  it('store the SIRET and VAT number normalised', () => {
    expect(
      clientCreateInput.parse({ name: 'ACME', siret: '732 829 320 00074', vatNumber: 'fr44 732829320' }),
    ).toMatchObject({ siret: '73282932000074', vatNumber: 'FR44732829320' });
    expect(clientCreateInput.parse({ name: 'ACME', vatNumber: 'de 123456789' }).vatNumber).toBe(
      'DE123456789',
    );
  });

  it('refuse a SIRET with a wrong key, a malformed VAT number and one of another SIREN', () => {
    expect(details({ name: 'ACME', siret: '73282932000075' })).toEqual([
      { path: 'siret', message: 'Le SIRET est invalide (clé de contrôle)' },
    ]);
    expect(details({ name: 'ACME', vatNumber: '12345' })).toEqual([
      {
        path: 'vatNumber',
        message:
          'Le numéro de TVA doit comporter le code du pays (2 lettres) suivi de 2 à 13 chiffres ou lettres, par exemple FR40303265045',
      },
    ]);
    expect(details({ name: 'ACME', siret: '73282932000074', vatNumber: 'FR40303265045' })).toEqual([
      { path: 'vatNumber', message: 'Le numéro de TVA ne correspond pas au SIREN' },
    ]);
    expect(
      validationDetails(
        clientUpdateInput.safeParse({ name: 'ACME', siret: '73282932000074', vatNumber: 'FR40303265045' })
          .error!,
      ),
    ).toEqual([{ path: 'vatNumber', message: 'Le numéro de TVA ne correspond pas au SIREN' }]);
  });

  it('read a stored record without kind as a company, with the SIREN of its SIRET', () => {
    expect(clientWithDerivedFields({ name: 'Ancien', siret: '73282932000074' })).toEqual({
      name: 'Ancien',
      siret: '73282932000074',
      kind: 'company',
      siren: '732829320',
    });
    expect(clientWithDerivedFields({ kind: 'individual' as const, siret: '552 100 554 00025' })).toEqual({
      kind: 'individual',
      siret: '552 100 554 00025',
    });
  });

  it('leave suppliers free text', () => {
    expect(
      supplierCreateInput.parse({ name: 'Fournisseur', siret: 'en cours', vatNumber: 'à venir' }),
    ).toMatchObject({
      siret: 'en cours',
      vatNumber: 'à venir',
    });
    expect(supplierCreateInput.parse({ name: 'Fournisseur' })).not.toHaveProperty('kind');
  });
});
