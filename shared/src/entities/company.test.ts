import { describe, expect, it } from 'vitest';
import { companySchema, slugify } from './company.js';

describe('slugify', () => {
  it.each([
    ['Bâtiment & Fils SARL', 'batiment-fils-sarl'],
    ['  Élan Rénovation  ', 'elan-renovation'],
    ["L'Œuvre du Bâtisseur", 'l-oeuvre-du-batisseur'],
    ['ÇA MAÇONNE!!!', 'ca-maconne'],
    ['Straße 2000', 'strasse-2000'],
    ['---', 'entreprise'],
    ['', 'entreprise'],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('keeps at most 60 characters, never ending with a dash', () => {
    const slug = slugify(`${'a'.repeat(59)} bcd`);
    expect(slug).toBe('a'.repeat(59));
    expect(slugify('x'.repeat(80))).toHaveLength(60);
  });
});

describe('companySchema', () => {
  it('applies the defaults of spec section 9', () => {
    const company = companySchema.parse({
      id: '0190a5f0-0000-7abc-8def-0123456789ab',
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-01-02T03:04:05.000Z',
      version: 1,
      name: 'ACME',
      slug: 'acme',
    });
    expect(company).toEqual({
      id: '0190a5f0-0000-7abc-8def-0123456789ab',
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-01-02T03:04:05.000Z',
      version: 1,
      name: 'ACME',
      slug: 'acme',
      status: 'pending',
      country: 'France',
      subscriptionPlan: 'free',
      subscriptionAutoRenew: true,
      maxUsers: 5,
      currentUsers: 0,
      settings: {},
    });
  });
});
