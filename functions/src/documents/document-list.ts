import type { DocumentRecord } from '@btp/shared/entities/document';
import type { ListQuery } from '@btp/shared/list';
import { documents } from '../data/entities/documents.js';
import { projects } from '../data/entities/projects.js';
import type { Page } from '../data/entity-repository.js';
import { searchableList, type ListSearchSpec } from '../data/list-search.js';

/** A document as the search reads it: the record, and the name of its project if any. */
interface Searched {
  id: string;
  document: DocumentRecord;
  projectName?: string | undefined;
}

/** `?q=` looks in a document's name, file name, description, tags and project's name. */
const documentListSearch: ListSearchSpec<Searched> = {
  entity: 'documents',
  texts: ({ document, projectName }) => [
    document.name,
    document.originalName,
    document.description,
    ...(document.tags ?? []),
    projectName,
  ],
  sortValues: { date: ({ document }) => document.createdAt },
};

const wrapped = (document: DocumentRecord): Searched => ({ id: document.id, document });

/**
 * `GET /api/documents`: the company's documents (uploads completed only), most recent first, from
 * the table alone; with `q` (or `sort`), those that match, paged by offset (API.md "Lists").
 */
export async function listDocuments(companyId: string, query: ListQuery): Promise<Page<DocumentRecord>> {
  const page = await searchableList(companyId, query, documentListSearch, {
    page: async () => {
      const plain = await documents.list(companyId, query);
      return { ...plain, items: plain.items.map(wrapped) };
    },
    all: async () => {
      const [records, named] = await Promise.all([
        documents.listAll(companyId),
        projects.listAll(companyId, ['name']),
      ]);
      const names = new Map(named.map((project) => [project.id, project.name]));
      return records.map((document) => ({
        ...wrapped(document),
        projectName: document.projectId ? names.get(document.projectId) : undefined,
      }));
    },
  });
  return { items: page.items.map((item) => item.document), nextCursor: page.nextCursor };
}
