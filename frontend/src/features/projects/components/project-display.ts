import { labelOf, projectStatusLabels } from '@btp/shared/enums';
import { formatEuro, parseMoney } from '@btp/shared/money';

import { formatDate } from '../../../lib/format';

/** One badge colour per project status (spec section 4); an unknown status is grey. */
const statusColours: Record<string, string> = {
  planning: 'blue',
  in_progress: 'gold',
  on_hold: 'orange',
  completed: 'green',
  cancelled: 'red',
};

/** The badge of a status: its French label ('Inconnu' for any other value) and its colour. */
export function projectStatusBadge(status: string): { label: string; colour: string } {
  return { label: labelOf(projectStatusLabels, status), colour: statusColours[status] ?? 'default' };
}

/** A budget of the API ("18500.00") in euros: "18 500,00 €". */
export function budgetText(amount: string): string {
  return formatEuro(parseMoney(amount));
}

/** The dates of a project in one line: "Du 02/03/2026 au 30/04/2026", or the one known. */
export function projectDates(startDate?: string, endDate?: string): string | undefined {
  if (startDate !== undefined && endDate !== undefined) {
    return `Du ${formatDate(startDate)} au ${formatDate(endDate)}`;
  }
  if (startDate !== undefined) return `À partir du ${formatDate(startDate)}`;
  if (endDate !== undefined) return `Jusqu'au ${formatDate(endDate)}`;
  return undefined;
}
