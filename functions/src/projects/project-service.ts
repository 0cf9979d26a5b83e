import type {
  Project,
  ProjectCreateData,
  ProjectListItem,
  ProjectUpdateData,
} from '@btp/shared/entities/project';
import { labelOf, projectStatuses, projectStatusLabels } from '@btp/shared/enums';
import type { ListQuery } from '@btp/shared/list';
import { countWhere, inUseMessage, usageKinds, type Usage } from '../clients/in-use.js';
import type { Page } from '../data/entity-repository.js';
import { documents } from '../data/entities/documents.js';
import { invoices } from '../data/entities/invoices.js';
import { progressReports } from '../data/entities/progress-reports.js';
import { projects } from '../data/entities/projects.js';
import { quotes } from '../data/entities/quotes.js';
import { supplierInvoices } from '../data/entities/supplier-invoices.js';
import { supplierQuotes } from '../data/entities/supplier-quotes.js';
import { searchableList, type ListSearchSpec } from '../data/list-search.js';
import { withClientAndProject } from '../data/related.js';
import { badRequest, conflict } from '../lib/http-errors.js';
import { timeEntryCount } from '../job-costing/time-entry-service.js';
import { projectDateIssues } from './project-dates.js';

/** Adds `client{id,name}` to each project (left out when that client is gone). */
async function withClient(companyId: string, records: Project[]): Promise<ProjectListItem[]> {
  const related = await withClientAndProject(companyId, records);
  return related.map(({ project: _none, ...record }) => record);
}

async function oneWithClient(companyId: string, record: Project): Promise<ProjectListItem> {
  const [item] = await withClient(companyId, [record]);
  return item as ProjectListItem;
}

function checkDates(data: { startDate?: string | null; endDate?: string | null }): void {
  const issues = projectDateIssues(data);
  if (issues.length > 0) throw badRequest(undefined, issues);
}

/** `?q=` looks in a project's name, client's name, location and status. */
export const projectListSearch: ListSearchSpec<ProjectListItem> = {
  entity: 'projects',
  texts: (project) => [
    project.name,
    project.client?.name,
    project.location,
    labelOf(projectStatusLabels, project.status, ''),
  ],
  sortValues: {
    date: (project) => project.createdAt,
    name: (project) => project.name,
    client: (project) => project.client?.name,
    status: (project) => projectStatuses.indexOf(project.status),
  },
};

/**
 * `GET /api/projects`: most recent first, each with `client{id,name}`; with `q` and/or `sort`,
 * those that match in that order.
 */
export async function listProjects(companyId: string, query: ListQuery): Promise<Page<ProjectListItem>> {
  return searchableList(companyId, query, projectListSearch, {
    page: async () => {
      const page = await projects.list(companyId, query);
      return { items: await withClient(companyId, page.items), nextCursor: page.nextCursor };
    },
    all: async () => withClient(companyId, await projects.listAll(companyId)),
  });
}

/** `POST /api/projects`: the client must be one of the company's (400 on `clientId` otherwise). */
export async function createProject(companyId: string, data: ProjectCreateData): Promise<ProjectListItem> {
  checkDates(data);
  // The client is checked inside the project's transaction (the repository stamps it, see
  // reference-stamps.ts), so a client deleted meanwhile is refused as well (400 on `clientId`).
  const created = await projects.create(companyId, data);
  return oneWithClient(companyId, created);
}

/** `GET /api/projects/{id}`, with `client{id,name}`. */
export async function getProject(companyId: string, id: string): Promise<ProjectListItem> {
  return oneWithClient(companyId, await projects.getOrThrow(companyId, id));
}

/**
 * `PUT /api/projects/{id}`: the whole editable record (a field left out is cleared, progress and
 * status fall back to their defaults); the client must be one of the company's; a stale `version`
 * is a 409. Status is a free choice (spec section 4).
 */
export async function updateProject(
  companyId: string,
  id: string,
  input: ProjectUpdateData,
): Promise<ProjectListItem> {
  const { version, ...fields } = input;
  checkDates(fields);
  // The manager's cost estimate is not a field of the form: it stays (its own route sets it).
  const updated = await projects.update(
    companyId,
    id,
    (current) => ({ ...fields, ...(current.costEstimate ? { costEstimate: current.costEstimate } : {}) }),
    { expectedVersion: version },
  );
  return oneWithClient(companyId, updated);
}

/**
 * What still refers to a project: quotes, invoices, supplier quotes, supplier invoices, progress
 * reports, documents and time entries (counted on the chantier's index of entries). Only each record's id and `projectId` are read (not a quote's lines).
 */
export async function projectUsage(companyId: string, projectId: string): Promise<Usage[]> {
  const [quoteList, invoiceList, supplierQuoteList, supplierInvoiceList, reportList, documentList, hours] =
    await Promise.all([
      quotes.listAll(companyId, ['projectId']),
      invoices.listAll(companyId, ['projectId']),
      supplierQuotes.listAll(companyId, ['projectId']),
      supplierInvoices.listAll(companyId, ['projectId']),
      progressReports.listAll(companyId, ['projectId']),
      documents.listAll(companyId, ['projectId']),
      timeEntryCount(companyId, projectId),
    ]);
  const uses = (record: { projectId?: string | null }) => record.projectId === projectId;
  return [
    { kind: usageKinds.quote, count: countWhere(quoteList, uses) },
    { kind: usageKinds.invoice, count: countWhere(invoiceList, uses) },
    { kind: usageKinds.supplierQuote, count: countWhere(supplierQuoteList, uses) },
    { kind: usageKinds.supplierInvoice, count: countWhere(supplierInvoiceList, uses) },
    { kind: usageKinds.progressReport, count: countWhere(reportList, uses) },
    { kind: usageKinds.document, count: countWhere(documentList, uses) },
    { kind: usageKinds.timeEntry, count: hours },
  ];
}

/**
 * `DELETE /api/projects/{id}`: refused (409, naming what uses it) while a quote, invoice, supplier
 * quote, supplier invoice, progress report or document of the company refers to the project.
 * Every write that links a record to a project stamps the project in its transaction, and the
 * deletion is conditioned on the stamp (and version) it read before counting, so a record linked
 * concurrently is never left pointing at a deleted project (`data/reference-stamps.ts`): either it
 * is counted (409) or its own write fails (400). Signing a report rewrites the project (new
 * version), which also makes a concurrent deletion count again.
 */
export async function deleteProject(companyId: string, id: string): Promise<void> {
  // An unknown id (or another company's) is a 404 before any reading of the company's records.
  await projects.removeUnlessUsed(companyId, id, async () => {
    const message = inUseMessage('Ce projet', await projectUsage(companyId, id));
    return message ? conflict(message) : undefined;
  });
}
