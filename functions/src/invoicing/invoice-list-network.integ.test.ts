import { invoiceCreateInput, type Invoice, type InvoiceListItem } from '@btp/shared/entities/invoice';
import { projectCreateInput } from '@btp/shared/entities/project';
import type { ListQuery } from '@btp/shared/list';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchPut } from '../../test/batch-seed.js';
import { invoices } from '../data/entities/invoices.js';
import { projects } from '../data/entities/projects.js';
import type { Fields } from '../data/entity-repository.js';
import { invoiceNetworkPut, readInvoiceNetworksOfPage } from '../einvoicing/exchange/network-store.js';
import { db } from '../lib/dynamo.js';
import { companyWithClient } from '../test-support/aggregates-harness.js';
import { listInvoices } from './invoice-service.js';

afterEach(() => vi.restoreAllMocks());

const query = (fields: Partial<ListQuery>): ListQuery => ({ limit: undefined, cursor: undefined, ...fields });

/** The DynamoDB calls made while `run` runs, each as its command and the sort keys it names. */
async function callsOf<T>(run: () => Promise<T>): Promise<{ result: T; calls: string[] }> {
  const send = vi.spyOn(db(), 'send');
  try {
    const result = await run();
    const calls = send.mock.calls.map(([command]) => {
      const input = command.input as {
        ExpressionAttributeValues?: Record<string, unknown>;
        RequestItems?: Record<string, { Keys: { sk: string }[] }>;
      };
      const keys = Object.values(input.RequestItems ?? {}).flatMap((request) =>
        request.Keys.map((key) => key.sk.split('#').slice(0, -1).join('#')),
      );
      const range =
        input.ExpressionAttributeValues?.[':from'] ?? input.ExpressionAttributeValues?.[':skFrom'];
      const prefix = typeof range === 'string' ? range.replace(/[0-9a-f-]{36}$/, '') : '';
      return `${command.constructor.name} ${[...new Set(keys)].join(',')}${prefix}`;
    });
    return { result, calls };
  } finally {
    send.mockRestore();
  }
}

const event = (status: string, label: string, at: string, direction: 'in' | 'out') => ({
  status,
  label,
  at,
  direction,
  flowId: `flow-${status}-${direction}`,
});

describe('GET /api/invoices: the e-invoicing network on the cards (listInvoices)', () => {
  it('shows each issued invoice its network state and latest received status, on every page and in a search, reading the names and the network once per page', async () => {
    const { companyId, clientId } = await companyWithClient();
    const project = await projects.create(
      companyId,
      projectCreateInput.parse({ name: 'Chantier Lumière', clientId }),
    );
    // Oldest first (time-ordered ids): Facture 1 … Facture 6; drafts 2 and 5 have no number.
    const built = [1, 2, 3, 4, 5, 6].map((rank) => {
      const data = invoiceCreateInput.parse({
        clientId,
        projectId: project.id,
        title: `Facture ${rank}`,
        totalAmount: '100.00',
      });
      const issued = rank === 2 || rank === 5 ? {} : { status: 'sent', number: `FAC-2026-000${rank}` };
      return invoices.createItems(companyId, { ...data, status: 'draft', ...issued } as Fields<Invoice>);
    });
    const [one, , three, four, , six] = built.map((entry) => entry.record);
    // 1: submitted, two statuses received and one of ours sent after them; 3: waiting to be
    // submitted; 4: not addressable; 6: issued but never on the network.
    const submitted = invoiceNetworkPut(companyId, one as { id: string; number: string }, {
      network: 'pending',
    }).Put!.Item;
    const received = event('205', 'Approuvée', '2026-03-02T10:00:00.000Z', 'in');
    const networkItems = [
      {
        ...submitted,
        network: 'sent',
        flowId: 'flow-1',
        events: [
          event('200', 'Déposée', '2026-03-01T10:00:00.000Z', 'in'),
          received,
          event('212', 'Encaissée', '2026-03-03T10:00:00.000Z', 'out'),
        ],
      },
      invoiceNetworkPut(companyId, three as { id: string; number: string }, { network: 'pending' }).Put!.Item,
      invoiceNetworkPut(companyId, four as { id: string; number: string }, { network: 'not_addressable' })
        .Put!.Item,
    ];
    await batchPut([
      ...built.flatMap((entry) => entry.items),
      ...networkItems.map((Item) => ({ Put: { TableName: 'unused', Item } })),
    ]);
    const expected = new Map<string, unknown>([
      [one!.id, { network: 'sent', flowId: 'flow-1', events: [received] }],
      [three!.id, { network: 'pending', events: [] }],
      [four!.id, { network: 'not_addressable', events: [] }],
    ]);
    const check = (items: InvoiceListItem[]) => {
      for (const item of items) {
        expect(item.einvoicing, item.title).toEqual(expected.get(item.id));
        expect(item.client?.name, item.title).toBe('Client Martin');
        expect(item.project, item.title).toEqual({ id: project.id, name: 'Chantier Lumière' });
      }
    };

    // Pages of two, newest first: 6 and 5, 4 and 3, 2 and 1.
    const pages: InvoiceListItem[][] = [];
    const reads: string[][] = [];
    let cursor: string | undefined;
    do {
      const { result, calls } = await callsOf(() => listInvoices(companyId, query({ limit: 2, cursor })));
      pages.push(result.items);
      reads.push(calls);
      cursor = result.nextCursor;
    } while (cursor && pages.length < 5);
    expect(pages.map((page) => page.map((item) => item.title))).toEqual([
      ['Facture 6', 'Facture 5'],
      ['Facture 4', 'Facture 3'],
      ['Facture 2', 'Facture 1'],
    ]);
    pages.forEach(check);
    // Each page: its invoices, then the names of their clients and projects in one BatchGetItem
    // beside one Query of the network records of its issued invoices' key range.
    for (const calls of reads) {
      expect([...calls].sort()).toEqual([
        'BatchGetCommand CLIENT,PROJECT',
        'QueryCommand EINV#INVOICE#',
        'QueryCommand INVOICE#',
      ]);
    }

    // A search finds invoices in any order: their network records are read by key.
    const searched = await listInvoices(companyId, query({ q: 'facture' }));
    expect(searched.items.map((item) => item.title)).toEqual([6, 5, 4, 3, 2, 1].map((n) => `Facture ${n}`));
    check(searched.items);
    // Only the records asked for: 3's lies between 1's and 4's but is left out.
    const records = await readInvoiceNetworksOfPage(companyId, [four!.id, one!.id, six!.id]);
    expect([...records.keys()].sort()).toEqual([one!.id, four!.id].sort());
    expect(await readInvoiceNetworksOfPage(companyId, [])).toEqual(new Map());
  });
});
