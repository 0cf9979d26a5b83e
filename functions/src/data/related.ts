import type { EntityRef } from '@btp/shared/record';
import { batchGetConsistent } from './batch-get.js';
import { clients } from './entities/clients.js';
import { projects } from './entities/projects.js';
import { suppliers } from './entities/suppliers.js';
import { projectionOf } from './entity-repository.js';
import type { Key } from './keys.js';

/**
 * Relations shown in lists (`client{id,name}`, `project{…}`, `supplier{id,name}`) are read at
 * query time with one BatchGet of the distinct ids, never copied into records, so a rename is
 * seen everywhere at once. A relation whose record is gone is left out.
 */
type Named = { id: string; name: string };
type Loader = {
  type: string;
  key(companyId: string, id: string): Key;
  getMany(companyId: string, ids: Iterable<string>, attributes: 'name'[]): Promise<Map<string, Named>>;
};

const presentId = (id: string | undefined | null): id is string => typeof id === 'string' && id !== '';

async function refs(loader: Loader, companyId: string, ids: (string | undefined | null)[]) {
  const found = await loader.getMany(companyId, ids.filter(presentId), ['name']);
  const map = new Map<string, EntityRef>();
  for (const [id, record] of found) map.set(id, { id, name: record.name });
  return map;
}

/**
 * The names of two kinds of records (a page's clients and projects) in the same BatchGetItem
 * rather than one each: a list page names at most 50 + 50 of them, one call of 100 keys, so the
 * page costs one round trip to DynamoDB and one call's overhead less (docs/performance.md, "Issue
 * 27: the lists' first page"). Each map holds the records of its kind found, by id.
 */
async function refsOfTwo(
  companyId: string,
  first: { loader: Loader; ids: (string | undefined | null)[] },
  second: { loader: Loader; ids: (string | undefined | null)[] },
): Promise<[Map<string, EntityRef>, Map<string, EntityRef>]> {
  const wanted = [first, second].map(({ loader, ids }) => ({
    prefix: `${loader.type}#`,
    keys: [...new Set(ids.filter(presentId))].map((id) => loader.key(companyId, id)),
  }));
  const items = await batchGetConsistent(
    wanted.flatMap(({ keys }) => keys),
    projectionOf(['name', 'sk']),
  );
  const maps: [Map<string, EntityRef>, Map<string, EntityRef>] = [new Map(), new Map()];
  for (const item of items) {
    const { id, name, sk } = item as Named & { sk: string };
    const index = wanted.findIndex(({ prefix }) => sk.startsWith(prefix));
    if (index >= 0) maps[index]!.set(id, { id, name });
  }
  return maps;
}

function ref(map: Map<string, EntityRef>, id: string | undefined | null): EntityRef | undefined {
  return id ? map.get(id) : undefined;
}

/** Adds `client{id,name}` (and `project{id,name}` when the records have a `projectId`). */
export async function withClientAndProject<T extends { clientId?: string | null; projectId?: string | null }>(
  companyId: string,
  records: T[],
): Promise<(T & { client?: EntityRef; project?: EntityRef })[]> {
  const [clientRefs, projectRefs] = await refsOfTwo(
    companyId,
    { loader: clients, ids: records.map((record) => record.clientId) },
    { loader: projects, ids: records.map((record) => record.projectId) },
  );
  return records.map((record) => {
    const client = ref(clientRefs, record.clientId);
    const project = ref(projectRefs, record.projectId);
    return { ...record, ...(client ? { client } : {}), ...(project ? { project } : {}) };
  });
}

/** Adds `supplier{id,name}` and `project{id,name}`. */
export async function withSupplierAndProject<
  T extends { supplierId?: string | null; projectId?: string | null },
>(companyId: string, records: T[]): Promise<(T & { supplier?: EntityRef; project?: EntityRef })[]> {
  const [supplierRefs, projectRefs] = await refsOfTwo(
    companyId,
    { loader: suppliers, ids: records.map((record) => record.supplierId) },
    { loader: projects, ids: records.map((record) => record.projectId) },
  );
  return records.map((record) => {
    const supplier = ref(supplierRefs, record.supplierId);
    const project = ref(projectRefs, record.projectId);
    return { ...record, ...(supplier ? { supplier } : {}), ...(project ? { project } : {}) };
  });
}

/** Adds `project{id,name,client{id,name}}` (progress reports). */
export async function withProjectAndClient<T extends { projectId?: string | null }>(
  companyId: string,
  records: T[],
): Promise<(T & { project?: EntityRef & { client?: EntityRef } })[]> {
  const projectRecords = await projects.getMany(
    companyId,
    records.map((record) => record.projectId).filter((id): id is string => Boolean(id)),
    ['name', 'clientId'],
  );
  const clientRefs = await refs(
    clients,
    companyId,
    [...projectRecords.values()].map((project) => project.clientId),
  );
  return records.map((record) => {
    const project = record.projectId ? projectRecords.get(record.projectId) : undefined;
    if (!project) return { ...record };
    const client = ref(clientRefs, project.clientId);
    return { ...record, project: { id: project.id, name: project.name, ...(client ? { client } : {}) } };
  });
}
