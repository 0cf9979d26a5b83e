import type { DocumentType } from '@btp/shared/enums';
import { foldedText } from '@btp/shared/text-fold';

import type { DocumentsListItem } from '../../../api/documents/list-documents';

/** The screen's tabs, in the spec's order. */
export const documentTabs = ['all', 'quote', 'plan', 'photo', 'contract', 'other'] as const;
export type DocumentTab = (typeof documentTabs)[number];

/** The tab labels: 'Tous' then the document type labels of shared/enums. */
export const documentTabLabels: Record<DocumentTab, string> = {
  all: 'Tous',
  quote: 'Devis',
  plan: 'Plan',
  photo: 'Photo',
  contract: 'Contrat',
  other: 'Autre',
};

/** The type filter: every type, or one. */
export type TypeFilter = DocumentType | 'all';

/**
 * The tab a document belongs to besides 'Tous'. Types without a tab of their own (invoice, study, and
 * any type unknown to this version) go under 'Autre', so that every document is under exactly one
 * named tab and the named tabs add up to 'Tous'.
 */
export function tabOf(type: string): Exclude<DocumentTab, 'all'> {
  switch (type) {
    case 'quote':
    case 'plan':
    case 'photo':
    case 'contract':
      return type;
    default:
      return 'other';
  }
}

/** What a search looks into: name, file name, description, tags and the linked project's name. */
function searchText(document: DocumentsListItem, projectName: string | undefined): string {
  return foldedText(
    [
      document.name,
      document.originalName,
      document.description ?? '',
      ...(document.tags ?? []),
      projectName ?? '',
    ].join(' '),
  );
}

export interface DocumentFilters {
  search: string;
  type: TypeFilter;
}

/** Documents matching the search box and the type filter (the tabs come on top). */
export function matchingDocuments(
  documents: readonly DocumentsListItem[],
  { search, type }: DocumentFilters,
  projectNames: ReadonlyMap<string, string> = new Map(),
): DocumentsListItem[] {
  const needle = foldedText(search.trim());
  return documents.filter(
    (document) =>
      (type === 'all' || document.type === type) &&
      (needle === '' ||
        searchText(document, document.projectId ? projectNames.get(document.projectId) : undefined).includes(
          needle,
        )),
  );
}

/** The documents a tab shows. */
export function documentsOfTab(
  documents: readonly DocumentsListItem[],
  tab: DocumentTab,
): DocumentsListItem[] {
  return tab === 'all' ? [...documents] : documents.filter((document) => tabOf(document.type) === tab);
}

/** Each tab's count: how many documents it shows with the current search and type filter. */
export function tabCounts(documents: readonly DocumentsListItem[]): Record<DocumentTab, number> {
  const counts: Record<DocumentTab, number> = { all: 0, quote: 0, plan: 0, photo: 0, contract: 0, other: 0 };
  for (const document of documents) {
    counts.all += 1;
    counts[tabOf(document.type)] += 1;
  }
  return counts;
}

/** Spec section 9: a card shows the first 2 tags, then '+N' for the others. */
export function visibleTags(
  tags: readonly string[] | undefined,
  shown = 2,
): { tags: string[]; more: number } {
  const all = tags ?? [];
  return { tags: all.slice(0, shown), more: Math.max(0, all.length - shown) };
}
