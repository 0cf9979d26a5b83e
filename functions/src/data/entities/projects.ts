import type { Project } from '@btp/shared/entities/project';
import { entityRepository } from '../entity-repository.js';

/** Projects (chantiers): `COMPANY#<c>` / `PROJECT#<id>`. */
export const projects = entityRepository<Project>({
  type: 'PROJECT',
  notFoundMessage: 'Projet introuvable.',
});
