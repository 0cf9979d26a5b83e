import type { ProgressReport } from '@btp/shared/entities/progress-report';
import { entityRepository } from '../entity-repository.js';

/** Work progress reports: `COMPANY#<c>` / `REPORT#<id>`. */
export const progressReports = entityRepository<ProgressReport>({
  type: 'REPORT',
  notFoundMessage: 'État d’avancement introuvable.',
});
