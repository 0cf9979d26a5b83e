import { describe, expect, it } from 'vitest';
import { validationDetails } from '../validation.js';
import { quoteFieldNames } from './quote-field-names.js';
import {
  quoteAcceptInput,
  quoteFields,
  quoteCreateInput,
  quoteInvoiceInput,
  quoteItemInput,
  quoteItemsInput,
  quoteSchema,
  quoteUpdateInput,
} from './quote.js';

const CLIENT = '0190a5f0-1234-7abc-8def-0123456789ab';
const PROJECT = '0190a5f0-2222-7abc-8def-0123456789ab';
const QUOTE = '0190a5f0-3333-7abc-8def-0123456789ab';
const COMPANY = '0190a5f0-0000-7abc-8def-0123456789ab';

describe('quoteFieldNames (what the quote dialog edits and GET /api/quotes reads)', () => {
  it("is every editable field of the quote's schema, in its order", () => {
    // Written out, not read from the schema, so that its readers load no zod (issue 27).
    expect([...quoteFieldNames]).toEqual(Object.keys(quoteFields));
  });
});

describe('quote schemas', () => {
  it('require a title and a client', () => {
    expect(validationDetails(quoteCreateInput.safeParse({ title: ' ' }).error!)).toEqual([
      { path: 'title', message: 'Le titre est requis' },
      { path: 'clientId', message: 'Le client est requis' },
    ]);
  });

  it('apply the defaults on create: draft, overhead 10.00, margin 15.00', () => {
    expect(quoteCreateInput.parse({ title: 'Rénovation', clientId: CLIENT })).toEqual({
      title: 'Rénovation',
      clientId: CLIENT,
      overheadPercentage: '10.00',
      marginPercentage: '15.00',
      status: 'draft',
      reverseCharge: false,
    });
  });

  it("read the project choice 'none', '' and null as no project", () => {
    for (const projectId of ['none', '', null]) {
      expect(quoteCreateInput.parse({ title: 'T', clientId: CLIENT, projectId }).projectId).toBeUndefined();
    }
    expect(quoteCreateInput.parse({ title: 'T', clientId: CLIENT, projectId: PROJECT }).projectId).toBe(
      PROJECT,
    );
  });

  it('keep overhead and margin between 0 and 100 with steps of 0.01', () => {
    const data = quoteCreateInput.parse({
      title: 'T',
      clientId: CLIENT,
      overheadPercentage: '12,5',
      marginPercentage: 0,
    });
    expect(data).toMatchObject({ overheadPercentage: '12.50', marginPercentage: '0.00' });
    const message = 'Le pourcentage doit être un nombre entre 0 et 100, avec au plus deux décimales';
    expect(
      validationDetails(
        quoteCreateInput.safeParse({
          title: 'T',
          clientId: CLIENT,
          overheadPercentage: 100.5,
          marginPercentage: '1.001',
        }).error!,
      ),
    ).toEqual([
      { path: 'overheadPercentage', message },
      { path: 'marginPercentage', message },
    ]);
  });

  it('ignore the number, the amounts and the read-only fields on update, and keep the lines sent back', () => {
    const record = quoteSchema.parse({
      id: QUOTE,
      companyId: COMPANY,
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-01-02T03:04:05.000Z',
      version: 3,
      number: 'DEV-2026-0001',
      title: 'T',
      clientId: CLIENT,
      status: 'sent',
      overheadPercentage: '10.00',
      marginPercentage: '15.00',
      subtotalAmount: '100.00',
      overheadAmount: '10.00',
      marginAmount: '16.50',
      totalAmount: '126.50',
      vatBreakdown: [{ rate: '20.00', base: '126.50', amount: '25.30' }],
      vatAmount: '25.30',
      totalWithVat: '151.80',
      items: [],
    });
    expect(quoteUpdateInput.parse({ ...record, companyId: 'x' })).toEqual({
      title: 'T',
      clientId: CLIENT,
      status: 'sent',
      overheadPercentage: '10.00',
      marginPercentage: '15.00',
      reverseCharge: false,
      items: [],
      version: 3,
    });
    expect(quoteUpdateInput.parse({ title: 'T', clientId: CLIENT })).not.toHaveProperty('items');
  });

  it('take the lines with the fields, reading a stored line as its editable part', () => {
    const stored = {
      id: QUOTE,
      companyId: COMPANY,
      quoteId: QUOTE,
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-01-02T03:04:05.000Z',
      resourceType: 'labor',
      quantity: '2.000',
      unitPrice: '150.00',
      totalPrice: '300.00',
      sortOrder: 1,
    };
    expect(quoteCreateInput.parse({ title: 'T', clientId: CLIENT, items: [stored] }).items).toEqual([
      { resourceType: 'labor', quantity: '2.000', unitPrice: '150.00', sortOrder: 1 },
    ]);
    expect(
      validationDetails(
        quoteUpdateInput.safeParse({
          title: 'T',
          clientId: CLIENT,
          items: [stored, { ...stored, quantity: 0 }],
        }).error!,
      ),
    ).toEqual([{ path: 'items.1.quantity', message: 'La quantité doit être un nombre positif' }]);
    expect(
      validationDetails(quoteCreateInput.safeParse({ title: 'T', clientId: CLIENT, items: 'x' }).error!),
    ).toEqual([{ path: 'items', message: 'La liste des lignes est requise' }]);
  });
});

describe('quote item schema', () => {
  const line = { resourceType: 'materials', quantity: '2,5', unitPrice: '12.40' };

  it('normalises a line and sorts it first by default', () => {
    expect(quoteItemInput.parse(line)).toEqual({
      resourceType: 'materials',
      quantity: '2.500',
      unitPrice: '12.40',
      sortOrder: 0,
    });
  });

  it('require a resource type', () => {
    expect(validationDetails(quoteItemInput.safeParse({ ...line, resourceType: undefined }).error!)).toEqual([
      { path: 'resourceType', message: 'Le type de ressource est requis' },
    ]);
  });

  it.each<unknown>(['0', 0, '-1', 'abc', '', undefined, '1,2,3'])(
    'refuse the quantity %j with "La quantité doit être un nombre positif"',
    (quantity) => {
      expect(validationDetails(quoteItemInput.safeParse({ ...line, quantity }).error!)).toEqual([
        { path: 'quantity', message: 'La quantité doit être un nombre positif' },
      ]);
    },
  );

  it.each<unknown>(['-0.01', -5, 'abc', '', undefined])(
    'refuse the unit price %j with "Le prix unitaire doit être un nombre positif ou nul"',
    (unitPrice) => {
      expect(validationDetails(quoteItemInput.safeParse({ ...line, unitPrice }).error!)).toEqual([
        { path: 'unitPrice', message: 'Le prix unitaire doit être un nombre positif ou nul' },
      ]);
    },
  );

  it('accept a unit price of 0', () => {
    expect(quoteItemInput.parse({ ...line, unitPrice: 0 }).unitPrice).toBe('0.00');
  });

  it('report line errors on their index inside PUT /items', () => {
    expect(
      validationDetails(
        quoteItemsInput.safeParse({ items: [line, { ...line, quantity: '0' }], version: 2 }).error!,
      ),
    ).toEqual([{ path: 'items.1.quantity', message: 'La quantité doit être un nombre positif' }]);
    expect(quoteItemsInput.parse({ items: [], version: 2 })).toEqual({ items: [], version: 2 });
  });
});

describe('VAT, acceptance and invoicing of a quote', () => {
  it('reads a line rate written in any usual way, and refuses an unknown rate', () => {
    const line = { resourceType: 'materials', quantity: 1, unitPrice: 10 };
    expect(quoteItemInput.parse({ ...line, vatRate: '5,5' }).vatRate).toBe('5.50');
    expect(quoteItemInput.parse({ ...line, vatRate: 10 }).vatRate).toBe('10.00');
    expect(quoteItemInput.parse(line).vatRate).toBeUndefined();
    expect(validationDetails(quoteItemInput.safeParse({ ...line, vatRate: '19.60' }).error!)).toEqual([
      { path: 'vatRate', message: 'Taux de TVA inconnu : choisissez 20 %, 10 %, 5,5 %, 2,1 % ou 0 %' },
    ]);
  });

  it("needs the signer's name to accept, the date being optional", () => {
    expect(validationDetails(quoteAcceptInput.safeParse({ signerName: '  ' }).error!)).toEqual([
      { path: 'signerName', message: 'Le nom du signataire est requis' },
    ]);
    expect(quoteAcceptInput.parse({ signerName: ' Jeanne Martin ', version: 2 })).toEqual({
      signerName: 'Jeanne Martin',
      version: 2,
    });
  });

  it('invoices a deposit by a percentage or an amount, exactly one of them, above zero', () => {
    expect(quoteInvoiceInput.parse({ kind: 'standard' })).toEqual({ kind: 'standard' });
    expect(quoteInvoiceInput.parse({ kind: 'deposit', percentage: '30' })).toEqual({
      kind: 'deposit',
      percentage: '30.00',
    });
    expect(quoteInvoiceInput.parse({ kind: 'deposit', amount: '1 500' })).toEqual({
      kind: 'deposit',
      amount: '1500.00',
    });
    const both = "Un acompte se donne par un pourcentage ou par un montant HT (l'un des deux)";
    expect(validationDetails(quoteInvoiceInput.safeParse({ kind: 'deposit' }).error!)).toEqual([
      { path: 'percentage', message: both },
    ]);
    expect(
      validationDetails(quoteInvoiceInput.safeParse({ kind: 'deposit', percentage: 10, amount: 5 }).error!),
    ).toEqual([{ path: 'percentage', message: both }]);
    expect(validationDetails(quoteInvoiceInput.safeParse({ kind: 'deposit', amount: 0 }).error!)).toEqual([
      { path: 'amount', message: "L'acompte doit être supérieur à 0" },
    ]);
    expect(validationDetails(quoteInvoiceInput.safeParse({ kind: 'credit_note' }).error!)[0]?.path).toBe(
      'kind',
    );
  });
});
