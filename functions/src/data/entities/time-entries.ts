import type { TimeEntry } from '@btp/shared/entities/time-entry';
import { timeEntryMessages } from '@btp/shared/entities/time-entry-messages';
import { entityRepository, type LinkRule } from '../entity-repository.js';
import { companyPk } from '../keys.js';

/** The stored entry (answers add `locked`, `worker`, `project`). */
export type StoredTimeEntry = Omit<TimeEntry, 'locked' | 'worker' | 'project'>;

/**
 * The three date-ordered indexes of the entries, each item a copy of the entry (so a list is one
 * `Query`, no `BatchGetItem`): of a worker (`TEW#<workerId>#<date>#<id>`), of a chantier
 * (`TEP#<projectId>#<date>#<id>`) and of the company (`TED#<date>#<id>`). The repository writes,
 * moves and deletes them with the entry, in its transaction.
 */
export const timeEntryIndexes = {
  worker: (workerId: string) => `TEW#${workerId}#`,
  project: (projectId: string) => `TEP#${projectId}#`,
  company: () => 'TED#',
} as const;

const indexLink =
  (prefix: (entry: StoredTimeEntry) => string): LinkRule<StoredTimeEntry> =>
  (companyId, entry) => ({
    ...entry,
    pk: companyPk(companyId),
    sk: `${prefix(entry)}${entry.date}#${entry.id}`,
  });

/** A slot: one entry per worker, chantier, day and devis line. */
export const timeEntrySlot = (entry: Pick<StoredTimeEntry, 'workerId' | 'projectId' | 'date' | 'itemId'>) =>
  `${entry.workerId} ${entry.projectId} ${entry.date} ${entry.itemId ?? '-'}`;

/**
 * Time entries (pointage): `COMPANY#<c>` / `TIME_ENTRY#<id>`, with their slot marker, their three
 * index copies and the stamps of their worker and chantier (which also prove both are the
 * company's, race-free against their deletion).
 */
export const timeEntries = entityRepository<StoredTimeEntry>({
  type: 'TIME_ENTRY',
  notFoundMessage: timeEntryMessages.notFound,
  unique: [{ field: 'SLOT', value: timeEntrySlot, message: timeEntryMessages.slotTaken }],
  references: [
    { field: 'workerId', targetType: 'WORKER', message: timeEntryMessages.workerNotFound },
    { field: 'projectId', targetType: 'PROJECT', message: timeEntryMessages.projectNotFound },
  ],
  links: [
    indexLink((entry) => timeEntryIndexes.worker(entry.workerId)),
    indexLink((entry) => timeEntryIndexes.project(entry.projectId)),
    indexLink(() => timeEntryIndexes.company()),
  ],
});
