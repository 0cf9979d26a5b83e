import type { ProgressReport } from '@btp/shared/entities/progress-report';
import { entityRepository } from '../entity-repository.js';

/** Work progress reports: `COMPANY#<c>` / `REPORT#<id>`. */
export const progressReports = entityRepository<ProgressReport>({
  type: 'REPORT',
  notFoundMessage: 'État d’avancement introuvable.',
  // A project's deletion checks what links to it (see reference-stamps.ts). Signing a report
  // rewrites its project through `replaceItem`, which never stamps (the project's link does not
  // change then, and its new version already makes a concurrent deletion fail and count again).
  references: [
    {
      field: 'projectId',
      targetType: 'PROJECT',
      // Same text as `progressReportMessages.projectNotFound` (that module imports this one).
      message: 'Projet introuvable dans votre entreprise : choisissez un de vos projets.',
    },
  ],
});
