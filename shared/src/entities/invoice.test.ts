import { describe, expect, it } from 'vitest';
import { validationDetails } from '../validation.js';
import { invoiceCreateInput, invoiceListItemSchema, invoicePayInput, invoiceUpdateInput } from './invoice.js';
import { supplierInvoiceCreateInput, supplierInvoiceListItemSchema } from './supplier-invoice.js';

const CLIENT = '0190a5f0-1234-7abc-8def-0123456789ab';
const SUPPLIER = '0190a5f0-5555-7abc-8def-0123456789ab';
const COMPANY = '0190a5f0-0000-7abc-8def-0123456789ab';

describe('invoice schemas', () => {
  it('require a client, a title and a total amount', () => {
    expect(validationDetails(invoiceCreateInput.safeParse({}).error!)).toEqual([
      { path: 'clientId', message: 'Le client est requis' },
      { path: 'title', message: 'Le titre est requis' },
      { path: 'totalAmount', message: 'Le montant total est requis' },
    ]);
  });

  it('parse the total from numeric text and default the paid amount to 0.00', () => {
    expect(invoiceCreateInput.parse({ clientId: CLIENT, title: 'Acompte', totalAmount: '1 234,5' })).toEqual({
      clientId: CLIENT,
      title: 'Acompte',
      totalAmount: '1234.50',
      paidAmount: '0.00',
    });
  });

  it('take no status, number nor dates of the actions in a body', () => {
    const data = invoiceUpdateInput.parse({
      clientId: CLIENT,
      title: 'A',
      totalAmount: '10',
      status: 'paid',
      number: 'FAC-2026-0001',
      paidAt: '2026-01-02T03:04:05.000Z',
      companyId: COMPANY,
      client: { id: CLIENT, name: 'ACME' },
      dueDate: '',
    });
    expect(data).toEqual({ clientId: CLIENT, title: 'A', totalAmount: '10.00', paidAmount: '0.00' });
  });

  it('refuse a negative amount', () => {
    expect(
      validationDetails(
        invoiceCreateInput.safeParse({ clientId: CLIENT, title: 'A', totalAmount: '-1' }).error!,
      ),
    ).toEqual([{ path: 'totalAmount', message: 'Le montant doit être positif ou nul' }]);
  });

  it('read an optional paid amount and date for the pay action', () => {
    expect(invoicePayInput.parse({})).toEqual({});
    expect(invoicePayInput.parse({ paidAmount: 12, paidAt: '2026-05-01T10:00:00+02:00' })).toEqual({
      paidAmount: '12.00',
      paidAt: '2026-05-01T08:00:00.000Z',
    });
  });

  it('carry the client and the project in lists; drafts have no number', () => {
    const item = invoiceListItemSchema.parse({
      id: '0190a5f0-6666-7abc-8def-0123456789ab',
      companyId: COMPANY,
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-01-02T03:04:05.000Z',
      version: 1,
      clientId: CLIENT,
      title: 'A',
      totalAmount: '10.00',
      paidAmount: '0.00',
      status: 'draft',
      client: { id: CLIENT, name: 'ACME' },
    });
    expect(item.number).toBeUndefined();
    expect(item.client?.name).toBe('ACME');
  });
});

describe('supplier invoice schemas', () => {
  it('require a supplier and a total amount, and default to a draft with nothing paid', () => {
    expect(validationDetails(supplierInvoiceCreateInput.safeParse({}).error!)).toEqual([
      { path: 'supplierId', message: 'Le fournisseur est requis' },
      { path: 'totalAmount', message: 'Le montant total est requis' },
    ]);
    expect(supplierInvoiceCreateInput.parse({ supplierId: SUPPLIER, totalAmount: 99.9 })).toEqual({
      supplierId: SUPPLIER,
      status: 'draft',
      totalAmount: '99.90',
      paidAmount: '0.00',
    });
  });

  it('carry the supplier in lists', () => {
    const item = supplierInvoiceListItemSchema.parse({
      id: '0190a5f0-7777-7abc-8def-0123456789ab',
      companyId: COMPANY,
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-01-02T03:04:05.000Z',
      version: 1,
      number: 'FF-001',
      supplierId: SUPPLIER,
      status: 'paid',
      totalAmount: '10.00',
      supplier: { id: SUPPLIER, name: 'Bois & Cie' },
    });
    expect(item).toMatchObject({ status: 'paid', totalAmount: '10.00', supplier: { name: 'Bois & Cie' } });
  });
});
