/**
 * The demo's team and a month of pointage (docs/profitability.md): two chantiers of Dupont Bâtiment,
 * the Garnier extension on budget (one maçon, 7 h a day) and the Hôtel du Parc's electrical works
 * drifting (an electrician and an apprentice full time for a job planned at 142 h), the weeks before
 * this one validated. Written through the services, so the aggregates and the 24 h totals follow.
 */
import { timeEntryCreateInput } from '@btp/shared/entities/time-entry';
import { workerCreateInput } from '@btp/shared/entities/worker';
import { addDays, weekStartOf } from '@btp/shared/timesheet';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { createWorker } from '../../../functions/src/job-costing/worker-service.js';
import {
  createTimeEntry,
  lockWeek,
  type Actor,
} from '../../../functions/src/job-costing/time-entry-service.js';

export async function loadDemoPointage(
  companyId: string,
  ownerId: string,
  chantiers: { onBudget: string; drifting: string },
): Promise<void> {
  const actor: Actor = { userId: ownerId, role: 'company_admin' };
  const team = [];
  for (const [name, trade, hourlyCost, teamLead] of [
    ['Marc Lefèvre', 'Maçon', '38.75', true],
    ['Karim Haddad', 'Électricien', '41.20', false],
    ['Léa Martin', 'Apprentie électricienne', '22.50', false],
    ['Paul Girard', 'Plaquiste', '32.10', false],
  ] as const) {
    team.push(await createWorker(companyId, workerCreateInput.parse({ name, trade, hourlyCost, teamLead })));
  }
  const [macon, electricien, apprentie] = team;
  const thisWeek = weekStartOf(calendarDateInFrance());
  for (let week = 4; week >= 1; week -= 1) {
    const monday = addDays(thisWeek, -7 * week);
    for (let day = 0; day < 5; day += 1) {
      const date = addDays(monday, day);
      const entries = [
        { workerId: macon!.id, projectId: chantiers.onBudget, hours: day === 4 ? '5' : '7' },
        { workerId: electricien!.id, projectId: chantiers.drifting, hours: '8' },
        { workerId: apprentie!.id, projectId: chantiers.drifting, hours: '7,5' },
      ];
      for (const entry of entries) {
        await createTimeEntry(companyId, actor, timeEntryCreateInput.parse({ ...entry, date }));
      }
    }
    await lockWeek(companyId, actor, { weekStart: monday, locked: true });
  }
}
