import type { Client, ClientCreateData, ClientUpdateData } from '@btp/shared/entities/client';
import { clientWithDerivedFields } from '@btp/shared/entities/client-derived';
import type { ListQuery } from '@btp/shared/list';
import type { Page } from '../data/entity-repository.js';
import { clients } from '../data/entities/clients.js';
import { documents } from '../data/entities/documents.js';
import { invoices } from '../data/entities/invoices.js';
import { projects } from '../data/entities/projects.js';
import { quotes } from '../data/entities/quotes.js';
import { searchableList, type ListSearchSpec } from '../data/list-search.js';
import { conflict } from '../lib/http-errors.js';
import { countWhere, inUseMessage, usageKinds, type Usage } from './in-use.js';

/**
 * Clients are answered with `kind` (`company` for records saved before clients had one) and `siren`
 * derived from their SIRET; `siren` is also stored at each write (a body's is never taken).
 */
const answered = (client: Client) => clientWithDerivedFields(client);

/** `?q=` looks in a client's name, contact, e-mail, phone, address and legal identifiers. */
export const clientListSearch: ListSearchSpec<Client> = {
  entity: 'clients',
  texts: (client) => [
    client.name,
    client.contactPerson,
    client.email,
    client.phone,
    client.address,
    client.postalCode,
    client.city,
    client.siret,
    client.siren,
    client.vatNumber,
  ],
  sortValues: {
    date: (client) => client.createdAt,
    name: (client) => client.name,
    city: (client) => client.city,
  },
};

/**
 * `GET /api/clients`: the company's clients, most recent first; with `q` and/or `sort`, those that
 * match in that order.
 */
export async function listClients(companyId: string, query: ListQuery): Promise<Page<Client>> {
  return searchableList(companyId, query, clientListSearch, {
    page: async () => {
      const page = await clients.list(companyId, query);
      return { ...page, items: page.items.map(answered) };
    },
    all: async () => (await clients.listAll(companyId)).map(answered),
  });
}

/** `POST /api/clients`: the name must be free within the company (409 otherwise). */
export async function createClient(companyId: string, data: ClientCreateData): Promise<Client> {
  return answered(await clients.create(companyId, clientWithDerivedFields(data)));
}

/** `GET /api/clients/{id}`. */
export async function getClient(companyId: string, id: string): Promise<Client> {
  return answered(await clients.getOrThrow(companyId, id));
}

/**
 * `PUT /api/clients/{id}`: the body is the whole editable record (a field left out is cleared);
 * a stale `version` or a name another client of the company holds is a 409.
 */
export async function updateClient(companyId: string, id: string, input: ClientUpdateData): Promise<Client> {
  const { version, ...fields } = input;
  // A bounce or complaint recorded on the address (docs/mail.md) stays until the address changes.
  const updated = await clients.update(
    companyId,
    id,
    (current) => ({
      ...clientWithDerivedFields(fields),
      ...(current.emailStatus && sameAddress(current.email, fields.email)
        ? { emailStatus: current.emailStatus }
        : {}),
    }),
    { expectedVersion: version },
  );
  return answered(updated);
}

function sameAddress(a: string | undefined, b: string | undefined): boolean {
  return (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
}

/**
 * What still refers to a client: projects, quotes, invoices and linked documents. Only each
 * record's id and `clientId` are read (not a quote's lines or an invoice's snapshots).
 */
export async function clientUsage(companyId: string, clientId: string): Promise<Usage[]> {
  const [projectList, quoteList, invoiceList, documentList] = await Promise.all([
    projects.listAll(companyId, ['clientId']),
    quotes.listAll(companyId, ['clientId']),
    invoices.listAll(companyId, ['clientId']),
    documents.listAll(companyId, ['clientId']),
  ]);
  const uses = (record: { clientId?: string | null }) => record.clientId === clientId;
  return [
    { kind: usageKinds.project, count: countWhere(projectList, uses) },
    { kind: usageKinds.quote, count: countWhere(quoteList, uses) },
    { kind: usageKinds.invoice, count: countWhere(invoiceList, uses) },
    { kind: usageKinds.document, count: countWhere(documentList, uses) },
  ];
}

/**
 * `DELETE /api/clients/{id}`: refused (409, naming what uses it) while a project, quote, invoice or
 * document of the company refers to the client. Every write that links a record to a client
 * stamps the client in its transaction, and the deletion is conditioned on the stamp it read
 * before counting, so a record linked concurrently is never left pointing at a deleted client
 * (`data/reference-stamps.ts`): either it is counted (409) or its own write fails (400).
 */
export async function deleteClient(companyId: string, id: string): Promise<void> {
  // An unknown id (or another company's) is a 404 before any reading of the company's records.
  await clients.removeUnlessUsed(companyId, id, async () => {
    const message = inUseMessage('Ce client', await clientUsage(companyId, id));
    return message ? conflict(message) : undefined;
  });
}
