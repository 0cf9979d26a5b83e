import type { DocumentRecord } from '@btp/shared/entities/document';
import { entityRepository } from '../entity-repository.js';

/** Documents (their files live in the documents bucket): `COMPANY#<c>` / `DOCUMENT#<id>`. */
export const documents = entityRepository<DocumentRecord>({
  type: 'DOCUMENT',
  notFoundMessage: 'Document introuvable.',
});
