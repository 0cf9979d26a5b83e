import { clientCreateInput } from '@btp/shared/entities/client';
import { invoiceCreateInput } from '@btp/shared/entities/invoice';
import type { ListQuery } from '@btp/shared/list';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clients } from '../data/entities/clients.js';
import { db } from '../lib/dynamo.js';
import { companyWithClient, standInDocumentsBucket } from '../test-support/aggregates-harness.js';
import { createInvoice, listInvoices } from './invoice-service.js';
import { sendInvoice } from './invoice-sending.js';

standInDocumentsBucket();
afterEach(() => vi.restoreAllMocks());

const day = 24 * 60 * 60 * 1000;
const query = (fields: Partial<ListQuery>): ListQuery => ({ limit: undefined, cursor: undefined, ...fields });
const dayOffset = (days: number) => new Date(Date.now() + days * day).toISOString().slice(0, 10);

/** What `listInvoices` reads of the company's invoices while `run` runs: the projections asked for. */
async function invoiceReads<T>(run: () => Promise<T>): Promise<{ result: T; projections: string[] }> {
  const send = vi.spyOn(db(), 'send');
  const result = await run();
  const projections = send.mock.calls.flatMap(([command]) => {
    const input = command.input as {
      ExpressionAttributeValues?: Record<string, unknown>;
      ProjectionExpression?: string;
      ExpressionAttributeNames?: Record<string, string>;
    };
    if (command.constructor.name !== 'QueryCommand') return [];
    if (input.ExpressionAttributeValues?.[':skFrom'] !== 'INVOICE#') return [];
    const names = input.ExpressionAttributeNames ?? {};
    return [
      input.ProjectionExpression === undefined
        ? '*'
        : input.ProjectionExpression.split(', ')
            .map((name) => names[name] ?? name)
            .join(','),
    ];
  });
  return { result, projections };
}

describe('GET /api/invoices?q=&sort= (listInvoices)', () => {
  it('searches and sorts every invoice on what the list shows, never reading their lines', async () => {
    const { companyId, clientId } = await companyWithClient();
    const other = await clients.create(companyId, clientCreateInput.parse({ name: 'Société Éclair' }));
    const make = async (title: string, client: string, unitPrice: string, dueDate?: string) =>
      createInvoice(
        companyId,
        invoiceCreateInput.parse({
          clientId: client,
          title,
          ...(dueDate ? { dueDate } : {}),
          lines: [
            { description: 'Pose', quantity: '2', unitPrice, vatRate: '20.00' },
            { description: 'Fournitures', quantity: '1', unitPrice: '10.00', vatRate: '10.00' },
          ],
        }),
      );
    const cuisine = await make('Cuisine', clientId, '100.00');
    const late = await make('Salle de bain', other.id, '300.00', dayOffset(-10));
    const issuedLate = await sendInvoice(companyId, late.id, late.version);
    const facade = await make('Façade', other.id, '50.00');

    // The client's name, accents and case left out: both of Éclair's invoices, newest first.
    const byClient = await invoiceReads(() => listInvoices(companyId, query({ q: 'eclair' })));
    expect(byClient.result.items.map((invoice) => invoice.id)).toEqual([facade.id, late.id]);
    // Answered as the list answers without a search: the card's fields, no lines nor snapshots.
    expect(byClient.result.items[1]).toMatchObject({
      number: issuedLate.number,
      client: { name: 'Société Éclair' },
      totalWithVat: issuedLate.totalWithVat,
    });
    expect(byClient.result.items[1]).not.toHaveProperty('lines');
    expect(byClient.result.items[1]).not.toHaveProperty('seller');
    // Every invoice read without its lines: one projected read, no whole one.
    expect(byClient.projections).toHaveLength(1);
    expect(byClient.projections[0]!.split(',')).not.toContain('lines');
    expect(byClient.projections[0]!.split(',')).toEqual(
      expect.arrayContaining(['title', 'number', 'clientId', 'status', 'totalWithVat', 'createdAt']),
    );

    // The status as shown (overdue, derived today) and the number are searched too.
    const overdue = await listInvoices(companyId, query({ q: 'en retard' }));
    expect(overdue.items.map((invoice) => invoice.id)).toEqual([late.id]);
    expect(overdue.items[0]!.status).toBe('overdue');
    const byNumber = await listInvoices(companyId, query({ q: issuedLate.number }));
    expect(byNumber.items.map((invoice) => invoice.id)).toEqual([late.id]);

    // Sorted by TTC, one a page, the cursor going on with the same search.
    const first = await listInvoices(companyId, query({ sort: '-amount', limit: 1 }));
    expect(first.items.map((invoice) => invoice.title)).toEqual(['Salle de bain']);
    const second = await listInvoices(
      companyId,
      query({ sort: '-amount', limit: 1, cursor: first.nextCursor }),
    );
    expect(second.items.map((invoice) => [invoice.title, invoice.totalAmount])).toEqual([
      ['Cuisine', cuisine.totalAmount],
    ]);
    expect(cuisine.id).toBe(second.items[0]!.id);
  });
});
