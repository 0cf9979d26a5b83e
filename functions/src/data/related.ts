import type { EntityRef } from '@btp/shared/record';
import { clients } from './entities/clients.js';
import { projects } from './entities/projects.js';
import { suppliers } from './entities/suppliers.js';

/**
 * Relations shown in lists (`client{id,name}`, `project{…}`, `supplier{id,name}`) are read at
 * query time with one BatchGet of the distinct ids, never copied into records, so a rename is
 * seen everywhere at once. A relation whose record is gone is left out.
 */
type Named = { id: string; name: string };
type Loader = {
  getMany(companyId: string, ids: Iterable<string>, attributes: 'name'[]): Promise<Map<string, Named>>;
};

async function refs(loader: Loader, companyId: string, ids: (string | undefined | null)[]) {
  const found = await loader.getMany(
    companyId,
    ids.filter((id): id is string => typeof id === 'string' && id !== ''),
    ['name'],
  );
  const map = new Map<string, EntityRef>();
  for (const [id, record] of found) map.set(id, { id, name: record.name });
  return map;
}

function ref(map: Map<string, EntityRef>, id: string | undefined | null): EntityRef | undefined {
  return id ? map.get(id) : undefined;
}

/** Adds `client{id,name}` (and `project{id,name}` when the records have a `projectId`). */
export async function withClientAndProject<T extends { clientId?: string | null; projectId?: string | null }>(
  companyId: string,
  records: T[],
): Promise<(T & { client?: EntityRef; project?: EntityRef })[]> {
  const [clientRefs, projectRefs] = await Promise.all([
    refs(
      clients,
      companyId,
      records.map((record) => record.clientId),
    ),
    refs(
      projects,
      companyId,
      records.map((record) => record.projectId),
    ),
  ]);
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
  const [supplierRefs, projectRefs] = await Promise.all([
    refs(
      suppliers,
      companyId,
      records.map((record) => record.supplierId),
    ),
    refs(
      projects,
      companyId,
      records.map((record) => record.projectId),
    ),
  ]);
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
