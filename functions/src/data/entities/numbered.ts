import { takeNextNumber, type NumberSeries } from '../counters.js';
import type { BaseRecord, EntityRepository, Fields } from '../entity-repository.js';
import { newId } from '../ids.js';

/**
 * Creates a record that takes the next number of its series, in one transaction with the
 * counter (numbers unique and gapless per company and year). `id` is the new record's, when the
 * fields already refer to it (a quote's lines carry their `quoteId`).
 */
export async function createNumbered<R extends BaseRecord & { number?: string }>(
  repository: EntityRepository<R>,
  series: NumberSeries,
  companyId: string,
  fields: Omit<Fields<R>, 'number'>,
  id: string = newId(),
): Promise<R> {
  let created: R | undefined;
  type Explain = (index: number) => ReturnType<ReturnType<EntityRepository<R>['createItems']>['explain']>;
  let explain: Explain | undefined;
  await takeNextNumber(
    companyId,
    series,
    (number) => {
      const prepared = repository.createItems(companyId, { ...fields, number } as Fields<R>, id);
      created = prepared.record;
      explain = prepared.explain;
      return prepared.items;
    },
    (index) => explain?.(index),
  );
  return created as R;
}
