import { invoiceListItemSchema, situationSummarySchema } from '@btp/shared/entities/invoice';
import { supplierQuoteListItemSchema } from '@btp/shared/entities/supplier-quote';
import { describe, expect, it } from 'vitest';
import { storedAttributesOf } from '../data/entity-repository.js';
import { supplierQuoteListAttributes } from '../purchases/supplier-quote-service.js';
import { invoiceListAttributes } from './invoice-list-search.js';

// Written out, not derived from the schemas, so that the list routes start without zod (issue 27).
describe('the attributes the lists of invoices and supplier quotes read', () => {
  it("GET /api/invoices: every field of the list item's schema but those computed (refs, remaining amount, network state), and a situation's summary", () => {
    const expected = [
      ...storedAttributesOf(invoiceListItemSchema.shape, [
        'client',
        'project',
        'remainingAmount',
        'situation',
        'einvoicing',
      ]),
      ...Object.keys(situationSummarySchema.shape).map((name) => `situation.${name}`),
    ];
    expect([...invoiceListAttributes].sort()).toEqual(expected.sort());
  });

  it("GET /api/supplier-quotes: every field of the list item's schema but the supplier and the project", () => {
    const expected = storedAttributesOf(supplierQuoteListItemSchema.shape, ['supplier', 'project']);
    expect([...supplierQuoteListAttributes].sort()).toEqual(expected.sort());
  });
});
