import type { ProgressReportStatus } from '@btp/shared/enums';

import type { ProgressReportsListItem } from '../../../api/progress-reports/list-progress-reports';

/**
 * The tabs of spec section 2, in its order, with their French labels and empty states: what is
 * missing, and how a report gets there.
 */
export const reportTabs: readonly {
  status: ProgressReportStatus;
  label: string;
  empty: string;
  hint: string;
}[] = [
  {
    status: 'pending',
    label: 'En Attente',
    empty: 'Aucun état en attente',
    hint: "Créez un état d'avancement pour faire le point sur un chantier",
  },
  {
    status: 'validated',
    label: 'Validés',
    empty: 'Aucun état validé',
    hint: 'Validez un état en attente pour le faire signer',
  },
  {
    status: 'signed',
    label: 'Signés',
    empty: 'Aucun état signé',
    hint: 'Faites signer un état validé par votre client',
  },
];

/**
 * The empty tabs' button, which opens the same dialog as the header's 'Nouvel État'. Named apart
 * from it, as the projects' empty state is ('Créer un projet'), so each button has its own name.
 */
export const emptyStateAction = "Créer un état d'avancement";

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

/** A percentage as the screens write it, '70 %' (a no-break space before the sign). */
export function percentText(value: number): string {
  return `${value}\u00a0%`;
}

/**
 * What signing will do to the report's project, said in the sign dialog: the project takes the
 * signed percentage, lower than its current progress included. `current` is the project's
 * progress when known.
 */
export function signingNotice(projectName: string, percentage: number, current?: number): string {
  const target = percentText(percentage);
  if (current === undefined)
    return `En signant, l'avancement du projet « ${projectName} » passera à ${target}.`;
  if (current === percentage) return `L'avancement du projet « ${projectName} » restera à ${target}.`;
  const change = `En signant, l'avancement du projet « ${projectName} » passera de ${percentText(current)} à ${target}`;
  return current > percentage
    ? `${change} : le pourcentage signé par le client remplace celui du projet, même plus bas.`
    : `${change}.`;
}

/** The toast after signing: the project's new progress when the answer gives it. */
export function signedText(project: { name: string; progress?: number | undefined } | undefined): string {
  return project?.progress === undefined
    ? 'État signé avec succès'
    : `État signé avec succès : le projet « ${project.name} » passe à ${percentText(project.progress)}`;
}
