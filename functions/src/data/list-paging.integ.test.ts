import { clientCreateInput, type Client } from '@btp/shared/entities/client';
import { documentCreateInput } from '@btp/shared/entities/document';
import { projectCreateInput, type Project } from '@btp/shared/entities/project';
import { MAX_LIST_LIMIT, NEXT_CURSOR_HEADER, SCREEN_LIST_LIMIT } from '@btp/shared/list';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { batchPut } from '../../test/batch-seed.js';
import { testCompanyId } from '../../test/company.js';
import { listClients } from '../clients/client-service.js';
import { handler as listClientsRoute } from '../handlers/clients/list.js';
import { apiEvent, jsonOf, lambdaContext } from '../test-support/api-event.js';
import { listDocuments } from '../documents/document-list.js';
import { documentObjectKey } from '../documents/document-storage.js';
import { listProjects } from '../projects/project-service.js';
import { clients } from './entities/clients.js';
import { documents } from './entities/documents.js';
import { projects } from './entities/projects.js';
import { newId } from './ids.js';
import type { Page } from './entity-repository.js';
import type { ListQuery } from '@btp/shared/list';

/** More records than one answer carries (1,000): the oldest 50 are only on the second page. */
const COUNT = 1_050;
const pad = (value: number) => String(value).padStart(4, '0');

/** Every page of a list, following `x-next-cursor` (`nextCursor`) until there is none. */
async function everyPage<T>(read: (query: ListQuery) => Promise<Page<T>>, query: ListQuery): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | undefined;
  do {
    const page = await read({ ...query, ...(cursor === undefined ? {} : { cursor }) });
    pages.push(page.items);
    cursor = page.nextCursor;
  } while (cursor !== undefined && pages.length < 10);
  return pages;
}

const names = (items: readonly { name: string }[]) => items.map((item) => item.name);

describe('lists past 1,000 records on DynamoDB Local', () => {
  const companyA = testCompanyId();
  const companyB = testCompanyId();
  let seeded: Client[] = [];
  let seededProjects: Project[] = [];

  beforeAll(async () => {
    // Client 0001 is the oldest, Client 1050 the most recent (ids are time-ordered).
    const built = Array.from({ length: COUNT }, (_, index) =>
      clients.createItems(
        companyA,
        clientCreateInput.parse({
          name: `Client ${pad(index + 1)}`,
          city: index % 2 === 0 ? 'Lyon' : 'Villeurbanne',
        }),
      ),
    );
    seeded = built.map((entry) => entry.record);
    await batchPut(built.flatMap((entry) => entry.items));
    const builtProjects = Array.from({ length: COUNT }, (_, index) =>
      projects.createItems(
        companyA,
        projectCreateInput.parse({
          name: `Chantier ${pad(index + 1)}`,
          clientId: seeded[index]!.id,
        }),
      ),
    );
    await batchPut(builtProjects.flatMap((entry) => entry.items));
    seededProjects = builtProjects.map((entry) => entry.record);
    // Plan 0001.pdf is the oldest document; each is filed under the project of its number.
    const builtDocuments = Array.from({ length: COUNT }, (_, index) => {
      const id = newId();
      const name = `Plan ${pad(index + 1)}.pdf`;
      return documents.createItems(
        companyA,
        {
          ...documentCreateInput.parse({
            name,
            originalName: name,
            type: 'plan',
            mimeType: 'application/pdf',
            size: 1_000 + index,
            tags: index === 0 ? ['façade'] : ['plan'],
            projectId: seededProjects[index]!.id,
          }),
          path: documentObjectKey(companyA, id),
        },
        id,
      );
    });
    await batchPut(builtDocuments.flatMap((entry) => entry.items));
    await clients.create(companyB, clientCreateInput.parse({ name: 'Client de B' }));
  }, 120_000);

  it('pages the plain list: 1,000 most recent, then the 50 oldest, each once', async () => {
    const pages = await everyPage((query) => listClients(companyA, query), {});
    expect(pages.map((page) => page.length)).toEqual([MAX_LIST_LIMIT, 50]);
    expect(pages[0]?.[0]?.name).toBe('Client 1050');
    expect(names(pages[0] ?? [])).not.toContain('Client 0001');
    expect(names(pages[1] ?? []).at(-1)).toBe('Client 0001');
    const ids = pages.flat().map((client) => client.id);
    expect(new Set(ids).size).toBe(COUNT);
    expect(new Set(ids)).toEqual(new Set(seeded.map((client) => client.id)));
  });

  it('honours ?limit=1000 on the route, refuses more, and gives the screen-sized page', async () => {
    const route = async (query: Record<string, string>) =>
      (await listClientsRoute(
        apiEvent({
          path: '/api/clients',
          routeKey: 'GET /api/clients',
          query,
          authorizer: { userId: companyB, companyId: companyA, role: 'user' },
        }),
        lambdaContext,
      )) as APIGatewayProxyStructuredResultV2;
    const first = await route({ limit: String(MAX_LIST_LIMIT) });
    expect(first.statusCode).toBe(200);
    expect(jsonOf(first)).toHaveLength(MAX_LIST_LIMIT);
    const cursor = first.headers?.[NEXT_CURSOR_HEADER] as string;
    const last = await route({ limit: String(MAX_LIST_LIMIT), cursor });
    expect(names(jsonOf(last) as Client[])).toHaveLength(50);
    expect(last.headers?.[NEXT_CURSOR_HEADER]).toBeUndefined();
    const tooMany = await route({ limit: String(MAX_LIST_LIMIT + 1) });
    expect(tooMany.statusCode).toBe(400);
    expect(jsonOf(tooMany)).toMatchObject({
      details: [{ path: 'query.limit', message: 'La limite doit être un nombre entier entre 1 et 1 000' }],
    });
    const screen = await route({ limit: String(SCREEN_LIST_LIMIT) });
    expect(names(jsonOf(screen) as Client[])).toEqual(
      Array.from({ length: SCREEN_LIST_LIMIT }, (_, index) => `Client ${pad(COUNT - index)}`),
    );
    expect(screen.headers?.[NEXT_CURSOR_HEADER]).toBeDefined();
  });

  it('finds the oldest record by search, though it is past the first page', async () => {
    const page = await listClients(companyA, { q: 'client 0001' });
    expect(names(page.items)).toEqual(['Client 0001']);
    expect(page.nextCursor).toBeUndefined();
    const projectPage = await listProjects(companyA, { q: 'chantier 0001' });
    expect(projectPage.items.map((project) => [project.name, project.client?.name])).toEqual([
      ['Chantier 0001', 'Client 0001'],
    ]);
  });

  it('pages a search and a sort through every match, in order', async () => {
    const pages = await everyPage((query) => listClients(companyA, query), { q: 'lyon', sort: '-name' });
    expect(pages.map((page) => page.length)).toEqual([525]);
    const sorted = await everyPage((query) => listClients(companyA, query), { sort: '-name' });
    expect(sorted.map((page) => page.length)).toEqual([MAX_LIST_LIMIT, 50]);
    expect(names(sorted[1] ?? [])).toEqual(
      Array.from({ length: 50 }, (_, index) => `Client ${pad(50 - index)}`),
    );
    const smallPages = await everyPage((query) => listProjects(companyA, query), {
      q: 'client 10',
      sort: 'name',
      limit: 20,
    });
    // Every project whose number holds « 10 » (Chantier 0010, 0100…, 1050), 20 a page.
    const matching = seeded.filter((client) => client.name.includes('10')).length;
    expect(smallPages.flat()).toHaveLength(matching);
    expect(smallPages.slice(0, -1).every((page) => page.length === 20)).toBe(true);
    expect(smallPages.flat().at(-1)?.name).toBe('Chantier 1050');
  });

  it('pages the documents, and finds the oldest by its name, its tag or its project', async () => {
    const pages = await everyPage((query) => listDocuments(companyA, query), {});
    expect(pages.map((page) => page.length)).toEqual([MAX_LIST_LIMIT, 50]);
    expect(names(pages[1] ?? []).at(-1)).toBe('Plan 0001.pdf');
    for (const q of ['plan 0001', 'FACADE', 'chantier 0001']) {
      const page = await listDocuments(companyA, { q });
      expect(names(page.items), q).toEqual(['Plan 0001.pdf']);
    }
    const searched = await everyPage((query) => listDocuments(companyA, query), { q: 'pdf', limit: 600 });
    expect(searched.map((page) => page.length)).toEqual([600, 450]);
    expect(names(searched[1] ?? []).at(-1)).toBe('Plan 0001.pdf');
  });

  it("refuses company A's cursors to company B, plain and searched, without reading A's data", async () => {
    const plain = await listClients(companyA, {});
    const searched = await listClients(companyA, { sort: 'name', limit: 10 });
    expect(plain.nextCursor).toBeDefined();
    expect(searched.nextCursor).toBeDefined();
    await expect(listClients(companyB, { cursor: plain.nextCursor })).rejects.toMatchObject({
      statusCode: 400,
      message: 'Curseur de pagination invalide.',
    });
    await expect(
      listClients(companyB, { sort: 'name', limit: 10, cursor: searched.nextCursor }),
    ).rejects.toMatchObject({ statusCode: 400, message: 'Curseur de pagination invalide.' });
    // A cursor of one list is refused by another list of the same company.
    await expect(listProjects(companyA, { cursor: plain.nextCursor })).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(names((await listClients(companyB, {})).items)).toEqual(['Client de B']);
  });
});
