import type { ProgressReportStatus } from '@btp/shared/enums';

import type { ProgressReportsListItem } from '../../../api/progress-reports/list-progress-reports';

/** The tabs of spec section 2, in its order, with their French labels and empty states. */
export const reportTabs: readonly { status: ProgressReportStatus; label: string; empty: string }[] = [
  { status: 'pending', label: 'En Attente', empty: 'Aucun état en attente' },
  { status: 'validated', label: 'Validés', empty: 'Aucun état validé' },
  { status: 'signed', label: 'Signés', empty: 'Aucun état signé' },
];

/** How many reports each tab holds. */
export function countByStatus(
  reports: readonly ProgressReportsListItem[],
): Record<ProgressReportStatus, number> {
  const counts: Record<ProgressReportStatus, number> = { pending: 0, validated: 0, signed: 0 };
  for (const report of reports) counts[report.status] += 1;
  return counts;
}

/**
 * The actions a card offers (spec sections 2 and 4): validate only a pending report, sign only a
 * validated one, edit anything not signed yet (a signed report is final; the API refuses it).
 */
export function reportActions(status: string): { edit: boolean; validate: boolean; sign: boolean } {
  return { edit: status !== 'signed', validate: status === 'pending', sign: status === 'validated' };
}
