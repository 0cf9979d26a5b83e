import { describe, expect, it } from 'vitest';
import { validationDetails } from '../validation.js';
import {
  supplierQuoteCreateInput,
  supplierQuoteListItemSchema,
  supplierQuoteUpdateInput,
} from './supplier-quote.js';

const SUPPLIER = '0190a5f0-5555-7abc-8def-0123456789ab';
const PROJECT = '0190a5f0-2222-7abc-8def-0123456789ab';

describe('supplier quote schemas', () => {
  it('require a supplier and a title', () => {
    expect(validationDetails(supplierQuoteCreateInput.safeParse({}).error!)).toEqual([
      { path: 'supplierId', message: 'Le fournisseur est requis' },
      { path: 'title', message: 'Le titre est requis' },
    ]);
  });

  it('apply the defaults on create: draft, 0.00, not selected', () => {
    expect(
      supplierQuoteCreateInput.parse({ supplierId: SUPPLIER, title: 'Bois', projectId: 'none' }),
    ).toEqual({
      supplierId: SUPPLIER,
      title: 'Bois',
      status: 'draft',
      totalAmount: '0.00',
      selected: false,
    });
  });

  it('drop the number and the embedded supplier and project on update', () => {
    const item = supplierQuoteListItemSchema.parse({
      id: '0190a5f0-8888-7abc-8def-0123456789ab',
      companyId: '0190a5f0-0000-7abc-8def-0123456789ab',
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-01-02T03:04:05.000Z',
      version: 7,
      number: 'DP-2026-0001',
      supplierId: SUPPLIER,
      projectId: PROJECT,
      title: 'Bois',
      status: 'validated',
      totalAmount: '480.00',
      selected: true,
      supplier: { id: SUPPLIER, name: 'Bois & Cie' },
      project: { id: PROJECT, name: 'Villa' },
    });
    expect(supplierQuoteUpdateInput.parse(item)).toEqual({
      supplierId: SUPPLIER,
      projectId: PROJECT,
      title: 'Bois',
      status: 'validated',
      totalAmount: '480.00',
      selected: true,
      version: 7,
    });
  });
});
