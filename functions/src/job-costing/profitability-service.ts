/**
 * Rentabilité (docs/profitability.md): a chantier's figures from its aggregate item
 * (`AGG#PROJECT#<id>`, maintained by the writes of devis, invoices, supplier invoices and time
 * entries), never from the records, so the tab costs a handful of reads whatever the company's size.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Project } from '@btp/shared/entities/project';
import type { Profitability, ProjectMargin } from '@btp/shared/entities/profitability';
import { profitabilityFiguresView } from '@btp/shared/entities/profitability-view';
import { resourceTypes } from '@btp/shared/enums';
import {
  DEFAULT_COST_ALERT_THRESHOLD,
  emptyProjectCostFigures,
  profitability,
  type Commitment,
  type ProjectCostFigures,
} from '@btp/shared/job-costing';
import { formatDecimal, formatMoney, parseMoney, parsePercent } from '@btp/shared/money';
import { getCompany } from '../accounts/companies.js';
import {
  memberPrefix,
  projectAttributes,
  projectPrefix,
  projectSk,
  supplierQuoteSk,
} from '../aggregates/figures.js';
import { AggregateValues, queryAggregatePrefix } from '../aggregates/read.js';
import { clients } from '../data/entities/clients.js';
import { projects } from '../data/entities/projects.js';
import { quotes } from '../data/entities/quotes.js';
import { selectionLockKey, supplierQuotes } from '../data/entities/supplier-quotes.js';
import { companyPk } from '../data/keys.js';
import { withAwsErrors } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';

const billedKinds = ['standard', 'deposit', 'progress', 'credit_note'] as const;

/** A chantier's aggregate item as the figures' sums. */
export function projectCostFiguresOf(values: AggregateValues): ProjectCostFigures {
  const figures = emptyProjectCostFigures();
  figures.saleCents = values.get(projectAttributes.sale);
  for (const type of resourceTypes) {
    figures.budgetByType[type] = values.get(projectAttributes.budget(type));
    figures.purchasesByType[type] = values.get(projectAttributes.purchases(type));
  }
  figures.budgetHoursHundredths = values.get(projectAttributes.budgetHours);
  figures.laborHoursHundredths = values.get(projectAttributes.laborHours);
  figures.laborCents = values.get(projectAttributes.laborCost);
  figures.billedCents = values.get(projectAttributes.billed);
  for (const kind of billedKinds) figures.billedByKind[kind] = values.get(projectAttributes.billedKind(kind));
  return figures;
}

async function getItem(companyId: string, sk: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await withAwsErrors(() =>
    db().send(
      new GetCommand({ TableName: tableName(), Key: { pk: companyPk(companyId), sk }, ConsistentRead: true }),
    ),
  );
  return Item;
}

/** The company's alert threshold, hundredths of a percent. */
async function thresholdOf(companyId: string): Promise<{ text: string; hundredths: number }> {
  const company = await getCompany(companyId);
  const text = company?.costAlertThreshold ?? DEFAULT_COST_ALERT_THRESHOLD;
  return { text, hundredths: parsePercent(text) };
}

/**
 * What the chantier's selected price request still commits: its amount (as quoted) less what the
 * supplier invoices citing it took (`AGG#SQUOTE#<id>`). A request has no resource type: `other`.
 */
async function commitmentsOf(companyId: string, projectId: string): Promise<Commitment[]> {
  const lock = await getItem(companyId, selectionLockKey(companyId, projectId).sk);
  const selectedId = typeof lock?.ownerId === 'string' ? lock.ownerId : undefined;
  if (!selectedId) return [];
  const [selected, invoiced] = await Promise.all([
    supplierQuotes.get(companyId, selectedId),
    getItem(companyId, supplierQuoteSk(selectedId)),
  ]);
  if (!selected?.selected || selected.projectId !== projectId) return [];
  return [
    {
      resourceType: 'other',
      quotedCents: parseMoney(selected.totalAmount),
      invoicedCents: new AggregateValues(invoiced).get('invoiced'),
    },
  ];
}

const signedQuoteIds = (item: Record<string, unknown> | undefined): string[] =>
  Object.keys(item ?? {})
    .filter((attribute) => attribute.startsWith(memberPrefix))
    .map((attribute) => attribute.slice(memberPrefix.length));

/** `GET /api/projects/{id}/profitability` (404 for another company's chantier). */
export async function projectProfitability(companyId: string, projectId: string): Promise<Profitability> {
  const [project, item, threshold, commitments] = await Promise.all([
    projects.getOrThrow(companyId, projectId),
    getItem(companyId, projectSk(projectId)),
    thresholdOf(companyId),
    commitmentsOf(companyId, projectId),
  ]);
  const signed = await quotes.getMany(companyId, signedQuoteIds(item), ['number', 'totalAmount']);
  const figures = profitability(projectCostFiguresOf(new AggregateValues(item)), {
    progressPercent: project.progress,
    thresholdHundredths: threshold.hundredths,
    managerEstimateCents: project.costEstimate === undefined ? undefined : parseMoney(project.costEstimate),
    commitments,
  });
  return {
    project: { id: project.id, name: project.name, status: project.status, progress: project.progress },
    ...profitabilityFiguresView(figures),
    alertThreshold: threshold.text,
    ...(project.costEstimate === undefined ? {} : { costEstimate: project.costEstimate }),
    quotes: [...signed.values()]
      .map((quote) => ({
        id: quote.id,
        number: quote.number,
        totalAmount: formatMoney(parseMoney(quote.totalAmount)),
      }))
      .sort((a, b) => a.number.localeCompare(b.number)),
  };
}

/**
 * `PUT /api/projects/{id}/cost-estimate`: the manager's estimate of the cost at completion (the
 * forecast's total from then on), or none (`null`) to go back to the progress method. Guarded by
 * the project's `version` when given. Answers the profitability.
 */
export async function setCostEstimate(
  companyId: string,
  projectId: string,
  input: { costEstimate?: string | null | undefined; version?: number | undefined },
): Promise<Profitability> {
  await projects.update(
    companyId,
    projectId,
    (current: Project) => {
      const { id: _id, companyId: _company, createdAt: _created, updatedAt: _updated, ...rest } = current;
      const { version: _version, costEstimate: _previous, ...fields } = rest;
      return { ...fields, ...(input.costEstimate ? { costEstimate: input.costEstimate } : {}) };
    },
    { expectedVersion: input.version },
  );
  return projectProfitability(companyId, projectId);
}

/**
 * `GET /api/finances/projects`: every chantier with its margin, from the chantiers' aggregate items
 * (one `Query`) and the projects (one read of their names and progress), worst margin first.
 */
export async function projectMargins(companyId: string): Promise<ProjectMargin[]> {
  const [projectList, items, threshold] = await Promise.all([
    projects.listAll(companyId, ['name', 'status', 'progress', 'clientId', 'costEstimate']),
    queryAggregatePrefix(companyId, projectPrefix),
    thresholdOf(companyId),
  ]);
  const bySk = new Map(items.map((item) => [item.sk, item.values]));
  const clientNames = await clients.getMany(
    companyId,
    projectList.map((project) => project.clientId),
    ['name'],
  );
  const rows = projectList.map((project) => {
    const figures = profitability(
      projectCostFiguresOf(bySk.get(projectSk(project.id)) ?? new AggregateValues()),
      {
        progressPercent: project.progress,
        thresholdHundredths: threshold.hundredths,
        managerEstimateCents:
          project.costEstimate === undefined ? undefined : parseMoney(project.costEstimate),
      },
    );
    const client = clientNames.get(project.clientId);
    return {
      sortKey: figures.marginPercentHundredths,
      row: {
        project: { id: project.id, name: project.name, status: project.status, progress: project.progress },
        ...(client ? { client: { id: client.id, name: client.name } } : {}),
        revenue: formatMoney(figures.revenueCents),
        budget: formatMoney(figures.budget.total),
        actual: formatMoney(figures.actual.total),
        billed: formatMoney(figures.billed.total),
        forecast: formatMoney(figures.forecast.total),
        margin: formatMoney(figures.margin),
        marginPercent:
          figures.marginPercentHundredths === null ? null : formatDecimal(figures.marginPercentHundredths, 2),
        alerts: figures.alerts.length,
      },
    };
  });
  // Worst margin first; chantiers without revenue (nothing signed nor billed) last.
  rows.sort((a, b) => {
    if (a.sortKey === null || b.sortKey === null)
      return a.sortKey === null ? (b.sortKey === null ? 0 : 1) : -1;
    return a.sortKey - b.sortKey;
  });
  return rows.map((entry) => entry.row);
}
