import type { Profitability, ProjectMargin } from '@btp/shared/entities/profitability';
import { resourceTypeLabels, resourceTypes, type ResourceType } from '@btp/shared/enums';
import { centsOf } from '@btp/shared/finance';
import { formatEuro } from '@btp/shared/money';

/** What the Rentabilité tab and the Finances list show, from the API's figures (no arithmetic on money but in cents). */

export const euros = (value: string | undefined | null): string => formatEuro(centsOf(value ?? '0'));

/** « 12,5 % », or « — » without revenue. */
export function percentText(value: string | null): string {
  if (value === null) return '—';
  return `${value.replace(/\.?0+$/, '').replace('.', ',')} %`;
}

/** « 120 h », « 7,5 h ». */
export function hoursLabel(value: string): string {
  return `${value.replace(/\.?0+$/, '').replace('.', ',')} h`;
}

export interface ResourceRow {
  type: ResourceType;
  label: string;
  budget: string;
  committed: string;
  actual: string;
  /** actual − budget, cents (positive: over budget). */
  gapCents: number;
  forecast: string;
}

/** One row per resource type that has any figure, in the types' order. */
export function resourceRows(figures: Profitability): ResourceRow[] {
  return resourceTypes
    .map((type) => ({
      type,
      label: resourceTypeLabels[type],
      budget: figures.budget.byResourceType[type],
      committed: figures.committed.byResourceType[type],
      actual: figures.actual.byResourceType[type],
      gapCents: centsOf(figures.actual.byResourceType[type]) - centsOf(figures.budget.byResourceType[type]),
      forecast: figures.forecast.byResourceType[type],
    }))
    .filter((row) =>
      [row.budget, row.committed, row.actual, row.forecast].some((value) => centsOf(value) !== 0),
    );
}

/** The tone of a margin: negative, thin (below 5 %), or fine. */
export function marginTone(
  margin: Pick<ProjectMargin, 'margin' | 'marginPercent'>,
): 'error' | 'warning' | 'success' {
  if (centsOf(margin.margin) < 0) return 'error';
  if (margin.marginPercent !== null && Number(margin.marginPercent) < 5) return 'warning';
  return 'success';
}
