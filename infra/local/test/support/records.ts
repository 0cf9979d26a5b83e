import { clientCreateInput } from '@btp/shared/entities/client';
import { projectCreateInput } from '@btp/shared/entities/project';
import { quoteCreateInput } from '@btp/shared/entities/quote';
import { supplierCreateInput } from '@btp/shared/entities/supplier';
import { supplierInvoiceCreateInput } from '@btp/shared/entities/supplier-invoice';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { clients } from '../../../../functions/src/data/entities/clients.js';
import { projects } from '../../../../functions/src/data/entities/projects.js';
import { createQuote } from '../../../../functions/src/data/entities/quotes.js';
import { createSupplierInvoice } from '../../../../functions/src/data/entities/supplier-invoices.js';
import { suppliers } from '../../../../functions/src/data/entities/suppliers.js';
import { newId } from '../../../../functions/src/data/ids.js';
import { db, tableName } from '../../../../functions/src/lib/dynamo.js';
import type { TestClient } from '../http-client.js';
import { completeCompanyProfile, signedInCompany } from '../support.js';

/**
 * The records an integration test starts from, in one place (factory-style): a company signed in
 * through the API, and the clients, projects, suppliers and quotes it names, written with the
 * repositories (their own routes are other files' tests). Each builder takes the fields that matter
 * to the test and fills the rest with the same defaults everywhere.
 */

/** A company signed in through the API, with its first client and that client's project. */
export interface CompanyRecords {
  /** The administrator's session. */
  http: TestClient;
  companyId: string;
  userId: string;
  clientId: string;
  clientName: string;
  projectId: string;
}

export interface CompanyOptions {
  /**
   * The legal profile (DOCUMENTS.md § 1) completed through `PUT /api/company`, so that the
   * company's quotes and invoices can be issued: `true`, or the fields that differ from
   * `completeProfile`. Left incomplete by default.
   */
  profile?: boolean | Record<string, unknown>;
  /** The first client's fields; by default « Client de <name> », client@exemple.fr. */
  client?: Record<string, unknown>;
  /** The project's fields; by default « Chantier de <name> », for the first client. */
  project?: Record<string, unknown>;
}

/** A new company named `name` (made unique), with a client and a project (`CompanyRecords`). */
export async function companyWithClient(
  stack: { url: string },
  name: string,
  options: CompanyOptions = {},
): Promise<CompanyRecords> {
  const { client: http, companyId, userId } = await signedInCompany(stack.url, name);
  const client = await addClient(companyId, { name: `Client de ${name}`, ...options.client });
  const project = await addProject(companyId, client.id, { name: `Chantier de ${name}`, ...options.project });
  if (options.profile) {
    await completeCompanyProfile(http, options.profile === true ? {} : options.profile);
  }
  return { http, companyId, userId, clientId: client.id, clientName: client.name, projectId: project.id };
}

/** A client that is a company, with its address (what a Factur-X buyer needs): spread it into `addClient`'s fields. */
export const tilleuls = {
  kind: 'company',
  address: '3 place Bellecour',
  postalCode: '69002',
  city: 'Lyon',
} as const;

/** A client of `companyId`: `fields` over « Client », client@exemple.fr. */
export function addClient(companyId: string, fields: Record<string, unknown> = {}) {
  return clients.create(
    companyId,
    clientCreateInput.parse({ name: 'Client', email: 'client@exemple.fr', ...fields }),
  );
}

/** A project of `companyId` for `clientId`: `fields` over « Chantier ». */
export function addProject(companyId: string, clientId: string, fields: Record<string, unknown> = {}) {
  return projects.create(companyId, projectCreateInput.parse({ name: 'Chantier', clientId, ...fields }));
}

/** A supplier of `companyId`: `fields` over « Fournisseur ». */
export function addSupplier(companyId: string, fields: Record<string, unknown> = {}) {
  return suppliers.create(companyId, supplierCreateInput.parse({ name: 'Fournisseur', ...fields }));
}

/**
 * A supplier invoice of `companyId` from `supplierId` written as given by the data layer, its TTC
 * alone (as records made before lines): `fields` over a 100,00 € draft « Facture fournisseur ».
 */
export function addSupplierInvoice(
  companyId: string,
  supplierId: string,
  fields: Record<string, unknown> = {},
) {
  // Lines are the service's to price (`supplier-invoice-service.ts`): none here.
  const { lines: _lines, ...data } = supplierInvoiceCreateInput.parse({
    supplierId,
    title: 'Facture fournisseur',
    totalAmount: '100',
    ...fields,
  });
  return createSupplierInvoice(companyId, { ...data, totalAmount: data.totalAmount ?? '100.00' });
}

/** A draft quote of `companyId` for `clientId`, without lines: `fields` over « Devis ». */
export function addQuote(companyId: string, clientId: string, fields: Record<string, unknown> = {}) {
  return createQuote(companyId, quoteCreateInput.parse({ title: 'Devis', clientId, ...fields }));
}

/**
 * A record written straight to the table as an earlier version stored it (no route writes that shape
 * any more): `item(id, now)` gives its fields; the keys, `companyId`, the dates and version 2 are
 * added unless it gives them. Answers its id.
 */
export async function putStoredRecord(
  companyId: string,
  type: 'INVOICE' | 'QUOTE',
  item: (id: string, now: string) => Record<string, unknown>,
): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        pk: `COMPANY#${companyId}`,
        sk: `${type}#${id}`,
        id,
        companyId,
        createdAt: now,
        updatedAt: now,
        version: 2,
        ...item(id, now),
      },
    }),
  );
  return id;
}

/**
 * An issued invoice as the first version stored it (one amount, no lines, no VAT, no snapshot):
 * `fields` over FAC-2025-0042 « Ancienne facture », 1000.00. Answers its id.
 */
export function putInvoiceOfTheFirstVersion(
  company: { companyId: string; clientId: string },
  fields: Record<string, unknown> = {},
): Promise<string> {
  return putStoredRecord(company.companyId, 'INVOICE', () => ({
    clientId: company.clientId,
    title: 'Ancienne facture',
    totalAmount: '1000.00',
    paidAmount: '0.00',
    status: 'sent',
    number: 'FAC-2025-0042',
    sentAt: '2025-11-20T10:00:00.000Z',
    ...fields,
  }));
}
