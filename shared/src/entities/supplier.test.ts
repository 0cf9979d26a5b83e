import { describe, expect, it } from 'vitest';
import { validationDetails } from '../validation.js';
import { supplierCreateInput, supplierUpdateInput } from './supplier.js';

describe('supplier schemas', () => {
  it('require a name, with the message "Le nom est requis"', () => {
    expect(validationDetails(supplierCreateInput.safeParse({ rating: 4 }).error!)).toEqual([
      { path: 'name', message: 'Le nom est requis' },
    ]);
  });

  it('apply the defaults on create: France, no specialties, no rating', () => {
    expect(supplierCreateInput.parse({ name: 'Bois & Cie' })).toEqual({
      name: 'Bois & Cie',
      country: 'France',
      specialties: [],
    });
  });

  it('read the rating from 1 to 5 in steps of 0.1', () => {
    expect(supplierCreateInput.parse({ name: 'S', rating: '4,5' }).rating).toBe('4.5');
    expect(supplierCreateInput.parse({ name: 'S', rating: '' }).rating).toBeUndefined();
    for (const rating of [0.5, 5.5, '4.25']) {
      expect(validationDetails(supplierCreateInput.safeParse({ name: 'S', rating }).error!)).toEqual([
        { path: 'rating', message: 'La note doit être comprise entre 1 et 5, par pas de 0,1' },
      ]);
    }
  });

  it('keep specialties trimmed, without blanks nor repeats', () => {
    expect(
      supplierCreateInput.parse({ name: 'S', specialties: ['Plomberie', ' Plomberie ', '', 'Chauffage'] })
        .specialties,
    ).toEqual(['Plomberie', 'Chauffage']);
  });

  it('ignore companyId and the read-only fields on update', () => {
    const data = supplierUpdateInput.parse({
      id: '0190a5f0-1234-7abc-8def-0123456789ab',
      companyId: '0190a5f0-0000-7abc-8def-0123456789ab',
      createdAt: '2026-01-02T03:04:05.000Z',
      name: 'S',
      specialties: ['Bois'],
      rating: '3.0',
    });
    expect(data).toEqual({ name: 'S', country: 'France', specialties: ['Bois'], rating: '3.0' });
  });
});
