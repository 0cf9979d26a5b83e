import { describe, expect, it } from 'vitest';
import { validationDetails } from '../validation.js';
import {
  invoiceCreateInput,
  invoiceCreditNoteInput,
  invoiceListItemSchema,
  invoiceWithRefsSchema,
  invoicePayInput,
  invoiceSendInput,
  invoiceUpdateInput,
} from './invoice.js';
import { supplierInvoiceCreateInput, supplierInvoiceListItemSchema } from './supplier-invoice.js';

const CLIENT = '0190a5f0-1234-7abc-8def-0123456789ab';
const SUPPLIER = '0190a5f0-5555-7abc-8def-0123456789ab';
const COMPANY = '0190a5f0-0000-7abc-8def-0123456789ab';

describe('invoice schemas', () => {
  it('require a client and a title; lines are optional on a draft', () => {
    expect(validationDetails(invoiceCreateInput.safeParse({}).error!)).toEqual([
      { path: 'clientId', message: 'Le client est requis' },
      { path: 'title', message: 'Le titre est requis' },
    ]);
    expect(invoiceCreateInput.parse({ clientId: CLIENT, title: 'Travaux' })).toEqual({
      clientId: CLIENT,
      title: 'Travaux',
      reverseCharge: false,
    });
  });

  it('read lines with selling prices and VAT rates, written as the API writes them', () => {
    expect(
      invoiceCreateInput.parse({
        clientId: CLIENT,
        title: 'Travaux',
        lines: [
          { description: 'Carrelage', unit: 'm²', quantity: '12,5', unitPrice: '40', vatRate: '10' },
          { description: 'Plinthes', quantity: 3, unitPrice: 12.5 },
        ],
      }).lines,
    ).toEqual([
      { description: 'Carrelage', unit: 'm²', quantity: '12.500', unitPrice: '40.00', vatRate: '10.00' },
      { description: 'Plinthes', quantity: '3.000', unitPrice: '12.50' },
    ]);
  });

  it('refuse a line at an unknown VAT rate, without a description or with a negative price, naming it', () => {
    const result = invoiceCreateInput.safeParse({
      clientId: CLIENT,
      title: 'Travaux',
      lines: [
        { description: 'A', quantity: 1, unitPrice: 10, vatRate: '19.6' },
        { description: '', quantity: 0, unitPrice: '-1' },
      ],
    });
    expect(validationDetails(result.error!)).toEqual([
      {
        path: 'lines.0.vatRate',
        message: 'Taux de TVA inconnu : choisissez 20 %, 10 %, 5,5 %, 2,1 % ou 0 %',
      },
      { path: 'lines.1.description', message: 'La désignation de la ligne est requise' },
      { path: 'lines.1.quantity', message: 'La quantité doit être un nombre positif' },
      { path: 'lines.1.unitPrice', message: 'Le prix unitaire HT doit être un nombre positif ou nul' },
    ]);
  });

  it('take no status, number, totals nor dates of the actions in a body', () => {
    const data = invoiceUpdateInput.parse({
      clientId: CLIENT,
      title: 'A',
      totalAmount: '10',
      status: 'paid',
      number: 'FAC-2026-0001',
      paidAt: '2026-01-02T03:04:05.000Z',
      vatAmount: '2.00',
      kind: 'credit_note',
      seller: { name: 'Moi' },
      companyId: COMPANY,
      client: { id: CLIENT, name: 'ACME' },
      dueDate: '',
    });
    expect(data).toEqual({ clientId: CLIENT, title: 'A', totalAmount: '10.00', reverseCharge: false });
  });

  it('need the version read to send', () => {
    expect(validationDetails(invoiceSendInput.safeParse({}).error!)).toEqual([
      { path: 'version', message: 'La version lue est requise' },
    ]);
    expect(invoiceSendInput.parse({ version: 3 })).toEqual({ version: 3 });
  });

  it('read the lines to credit by position, with an optional smaller quantity', () => {
    expect(invoiceCreditNoteInput.parse({})).toEqual({});
    expect(invoiceCreditNoteInput.parse({ lines: [{ index: 1, quantity: '2' }], reason: 'Erreur' })).toEqual({
      lines: [{ index: 1, quantity: '2.000' }],
      reason: 'Erreur',
    });
    expect(validationDetails(invoiceCreditNoteInput.safeParse({ lines: [] }).error!)).toEqual([
      { path: 'lines', message: 'Choisissez au moins une ligne à créditer' },
    ]);
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
      lines: [{ description: 'A', quantity: '1.000', unitPrice: '10.00', vatRate: '20.00', total: '10.00' }],
      totalAmount: '10.00',
      vatBreakdown: [{ rate: '20.00', base: '10.00', amount: '2.00' }],
      vatAmount: '2.00',
      totalWithVat: '12.00',
      amountDue: '12.00',
      status: 'draft',
      client: { id: CLIENT, name: 'ACME' },
    });
    expect(item.number).toBeUndefined();
    expect(item.kind).toBe('standard');
    expect(item.client?.name).toBe('ACME');
    // A list item carries no lines nor VAT breakdown (the detail route's), even when sent some.
    expect(item).not.toHaveProperty('lines');
    expect(item).not.toHaveProperty('vatBreakdown');
    expect(invoiceWithRefsSchema.parse({ ...item, lines: [], vatBreakdown: [] }).lines).toEqual([]);
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
      kind: 'invoice',
      totalAmount: '99.90',
      paidAmount: '0.00',
    });
  });

  it('take lines instead of a total: any VAT rate from 0 to 100 %, quantities and prices to six decimals', () => {
    const parsed = supplierInvoiceCreateInput.parse({
      supplierId: SUPPLIER,
      lines: [
        {
          description: 'Vis inox',
          quantity: '1 000',
          unitPrice: '0,012345',
          vatRate: 19,
          resourceType: 'materials',
        },
        { description: 'Reprise palette', quantity: -2, unitPrice: '8.5', vatRate: '5,5' },
      ],
    });
    expect(parsed.lines).toEqual([
      {
        description: 'Vis inox',
        quantity: '1000.000',
        unitPrice: '0.012345',
        vatRate: '19.00',
        resourceType: 'materials',
      },
      { description: 'Reprise palette', quantity: '-2.000', unitPrice: '8.50', vatRate: '5.50' },
    ]);
    expect(
      validationDetails(
        supplierInvoiceCreateInput.safeParse({
          supplierId: SUPPLIER,
          creditedInvoiceId: SUPPLIER,
          lines: [{ description: '', quantity: '1', unitPrice: '-1', vatRate: '120', resourceType: 'gold' }],
        }).error!,
      ),
    ).toEqual([
      { path: 'lines.0.description', message: 'La désignation de la ligne est requise' },
      { path: 'lines.0.unitPrice', message: 'Le prix unitaire HT doit être un nombre positif ou nul' },
      {
        path: 'lines.0.vatRate',
        message: 'Le taux de TVA doit être un pourcentage entre 0 et 100, avec au plus deux décimales',
      },
      { path: 'lines.0.resourceType', message: expect.any(String) as string },
      {
        path: 'creditedInvoiceId',
        message: "Seul un avoir peut citer la facture qu'il corrige : choisissez le type « Avoir ».",
      },
    ]);
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
