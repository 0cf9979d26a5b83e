/**
 * Bulk data for `npm run bench:api`: a company's clients, projects, quotes (with lines), invoices
 * and documents, built by the repositories' own item builders (so every record has exactly the
 * shape and keys the API writes) and stored with BatchWriteItem, 25 at a time, which is what makes
 * thousands of records take seconds. Values go through the shared create schemas, like the API's.
 */
import { clientCreateInput } from '@btp/shared/entities/client';
import { documentCreateInput } from '@btp/shared/entities/document';
import { invoiceCreateInput, type Invoice } from '@btp/shared/entities/invoice';
import { projectCreateInput } from '@btp/shared/entities/project';
import { quoteCreateInput, quoteItemInput, type Quote } from '@btp/shared/entities/quote';
import { projectStatuses, quoteStatuses } from '@btp/shared/enums';
import { clients } from '../../../functions/src/data/entities/clients.js';
import { documents } from '../../../functions/src/data/entities/documents.js';
import { invoices } from '../../../functions/src/data/entities/invoices.js';
import { projects } from '../../../functions/src/data/entities/projects.js';
import { pricedQuote, quotes } from '../../../functions/src/data/entities/quotes.js';
import type { Fields } from '../../../functions/src/data/entity-repository.js';
import type { TransactItem } from '../../../functions/src/data/transactions.js';
import { newId } from '../../../functions/src/data/ids.js';
import { documentObjectKey } from '../../../functions/src/documents/document-storage.js';
import { batchPut } from '../../../functions/test/batch-seed.js';

export interface SeedCounts {
  clients: number;
  projects: number;
  quotes: number;
  invoices: number;
  documents: number;
}

const day = 24 * 60 * 60 * 1000;
const dateIn = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString().slice(0, 10);
const instantIn = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();
const pad = (value: number) => String(value).padStart(4, '0');

/**
 * Writes the items of one kind of record; a kind of 10,000 items or more prints each tenth written
 * (the 100,000 invoices take minutes on DynamoDB Local: the bench shows it is moving).
 */
async function writeAll(label: string, entries: readonly TransactItem[]): Promise<void> {
  let shown = 0;
  await batchPut(entries, (written, total) => {
    const tenth = Math.floor((written * 10) / total);
    if (total < 10_000 || tenth <= shown) return;
    shown = tenth;
    const count = (value: number) => value.toLocaleString('fr-FR');
    console.log(`  ${label} : ${count(written)} / ${count(total)} éléments écrits`);
  });
}

/** Creates `counts` records in the company, spread over statuses and over the last 18 months. */
export async function seedCompany(companyId: string, counts: SeedCounts): Promise<void> {
  const year = new Date().getFullYear();

  const clientRecords = Array.from({ length: counts.clients }, (_, index) =>
    clients.createItems(
      companyId,
      clientCreateInput.parse({
        name: `Client ${pad(index + 1)}`,
        email: `client${index + 1}@exemple.fr`,
        phone: '04 78 00 00 00',
        address: `${index + 1} rue de la République`,
        city: 'Lyon',
        postalCode: '69002',
        contactPerson: 'Service travaux',
      }),
    ),
  );
  await writeAll(
    'clients',
    clientRecords.flatMap((entry) => entry.items),
  );
  const clientOf = (index: number) => clientRecords[index % clientRecords.length]!.record;

  const projectRecords = Array.from({ length: counts.projects }, (_, index) =>
    projects.createItems(
      companyId,
      projectCreateInput.parse({
        name: `Chantier ${pad(index + 1)}`,
        description: 'Rénovation complète : gros œuvre, second œuvre et finitions.',
        clientId: clientOf(index).id,
        status: projectStatuses[index % projectStatuses.length],
        startDate: dateIn(-(index % 300)),
        endDate: dateIn(60 - (index % 300)),
        estimatedBudget: String(20_000 + index * 150),
        progress: index % 101,
        location: 'Lyon',
      }),
    ),
  );
  await writeAll(
    'projets',
    projectRecords.flatMap((entry) => entry.items),
  );
  const projectOf = (index: number) => projectRecords[index % projectRecords.length]!.record;

  const lines = [
    {
      resourceType: 'materials',
      description: 'Carrelage grès cérame',
      unit: 'm²',
      quantity: '42',
      unitPrice: '38.50',
    },
    { resourceType: 'labor', description: 'Pose carrelage', unit: 'h', quantity: '24', unitPrice: '45.00' },
    {
      resourceType: 'materials',
      description: 'Colle et joints',
      unit: 'sac',
      quantity: '12',
      unitPrice: '18.90',
    },
    {
      resourceType: 'equipment',
      description: 'Location découpeuse',
      unit: 'jour',
      quantity: '2',
      unitPrice: '65.00',
    },
  ].map((line, sortOrder) => quoteItemInput.parse({ ...line, sortOrder }));
  const quoteRecords = Array.from({ length: counts.quotes }, (_, index) => {
    const project = projectOf(index);
    const data = quoteCreateInput.parse({
      title: `Devis carrelage ${pad(index + 1)}`,
      clientId: project.clientId,
      projectId: project.id,
      description: 'Fourniture et pose selon métré.',
      validUntil: dateIn(30 - (index % 90)),
      status: quoteStatuses[index % quoteStatuses.length],
    });
    const id = newId();
    const priced = pricedQuote(
      companyId,
      { id, overheadPercentage: data.overheadPercentage, marginPercentage: data.marginPercentage, items: [] },
      lines,
    );
    return quotes.createItems(
      companyId,
      { ...data, ...priced, number: `DEV-${year}-${pad(index + 1)}` } as Fields<Quote>,
      id,
    );
  });
  await writeAll(
    'devis',
    quoteRecords.flatMap((entry) => entry.items),
  );

  // A quarter each: drafts, sent, sent and now overdue, paid (paid dates over the last 18 months).
  const invoiceRecords = Array.from({ length: counts.invoices }, (_, index) => {
    const project = projectOf(index);
    const kind = index % 4;
    const data = invoiceCreateInput.parse({
      clientId: project.clientId,
      projectId: project.id,
      title: `Situation ${pad(index + 1)}`,
      totalAmount: String(1_000 + (index % 97) * 125),
      dueDate: dateIn(kind === 2 ? -15 : 30),
    });
    const age = index % 540;
    const issued =
      kind === 0
        ? { status: 'draft' }
        : {
            status: kind === 3 ? 'paid' : 'sent',
            number: `FAC-${year}-${pad(index + 1)}`,
            sentAt: instantIn(-age - 30),
            ...(kind === 3 ? { paidAmount: data.totalAmount, paidAt: instantIn(-age) } : {}),
          };
    return invoices.createItems(companyId, { ...data, ...issued } as Fields<Invoice>);
  });
  await writeAll(
    'factures',
    invoiceRecords.flatMap((entry) => entry.items),
  );

  const documentRecords = Array.from({ length: counts.documents }, (_, index) => {
    const id = newId();
    const name = `Plan ${pad(index + 1)}.pdf`;
    return documents.createItems(
      companyId,
      {
        ...documentCreateInput.parse({
          name,
          originalName: name,
          type: 'plan',
          mimeType: 'application/pdf',
          size: 180_000 + index,
          tags: ['plan', 'RDC'],
          projectId: projectOf(index).id,
          description: 'Plan coté du rez-de-chaussée.',
        }),
        path: documentObjectKey(companyId, id),
      },
      id,
    );
  });
  await writeAll(
    'documents',
    documentRecords.flatMap((entry) => entry.items),
  );
}
