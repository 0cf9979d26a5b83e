import type { Worker } from '@btp/shared/entities/worker';
import { workerMessages } from '@btp/shared/entities/worker-messages';
import { entityRepository } from '../entity-repository.js';

/**
 * Workers (Équipe): `COMPANY#<c>` / `WORKER#<id>`; a user is linked to one worker at most
 * (`UNIQUE#WORKER_USER#<userId>`, whose `ownerId` also answers « which worker is this user »).
 */
export const workers = entityRepository<Worker>({
  type: 'WORKER',
  notFoundMessage: workerMessages.notFound,
  unique: [{ field: 'USER', value: (worker) => worker.userId, message: workerMessages.userTaken }],
});
