import type { Project } from '@btp/shared/entities/project';
import { entityRepository } from '../entity-repository.js';
import { referenceMessages } from './reference-messages.js';

/** Projects (chantiers): `COMPANY#<c>` / `PROJECT#<id>`. */
export const projects = entityRepository<Project>({
  type: 'PROJECT',
  notFoundMessage: 'Projet introuvable.',
  // A client's deletion checks its projects, quotes and invoices (see reference-stamps.ts).
  references: [{ field: 'clientId', targetType: 'CLIENT', message: referenceMessages.client }],
});
