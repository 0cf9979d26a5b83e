import type { TimeEntry } from '@btp/shared/entities/time-entry';
import type { Worker } from '@btp/shared/entities/worker';
import { describe, expect, it } from 'vitest';

import {
  clampHours,
  dayTotals,
  hoursText,
  previousDay,
  sheetChanges,
  sheetEntries,
  sheetWorkers,
} from './pointage-rules';

const site = '0190a000-0000-7000-8000-0000000000aa';
const other = '0190a000-0000-7000-8000-0000000000bb';

function entry(fields: Partial<TimeEntry>): TimeEntry {
  return {
    id: `e-${fields.workerId}-${fields.date}`,
    companyId: 'c',
    createdAt: '2026-03-02T08:00:00.000Z',
    updatedAt: '2026-03-02T08:00:00.000Z',
    version: 3,
    workerId: 'w1',
    projectId: site,
    date: '2026-03-02',
    hours: '7.00',
    hourlyCost: '38.75',
    cost: '271.25',
    weekStart: '2026-03-02',
    enteredBy: 'u',
    locked: false,
    ...fields,
  } as TimeEntry;
}

function worker(id: string, fields: Partial<Worker> = {}): Worker {
  return {
    id,
    companyId: 'c',
    createdAt: '',
    updatedAt: '',
    version: 1,
    name: id,
    hourlyCost: '30.00',
    isActive: true,
    teamLead: false,
    ...fields,
  } as Worker;
}

describe('the day sheet', () => {
  const entries = [
    entry({ workerId: 'w1', date: '2026-03-02', hours: '7.00' }),
    entry({ workerId: 'w2', date: '2026-03-02', hours: '8.00' }),
    entry({ workerId: 'w1', date: '2026-03-02', hours: '1.00', itemId: 'line', id: 'on-line' }),
    entry({ workerId: 'w1', projectId: other, date: '2026-03-02', hours: '2.00', id: 'elsewhere' }),
    entry({ workerId: 'w1', date: '2026-03-06', hours: '5.50' }),
  ];

  it('sends a new entry, new hours, and removes one set to 0 h; leaves the unchanged', () => {
    const sheet = sheetEntries(entries, site, '2026-03-02');
    expect([...sheet.keys()]).toEqual(['w1', 'w2']);
    const changes = sheetChanges(
      sheet,
      new Map([
        ['w1', 700],
        ['w2', 0],
        ['w3', 425],
      ]),
      site,
      '2026-03-02',
    );
    expect(changes).toEqual([
      { kind: 'delete', id: 'e-w2-2026-03-02' },
      { kind: 'create', entry: { workerId: 'w3', projectId: site, date: '2026-03-02', hours: '4.25' } },
    ]);
    expect(sheetChanges(sheet, new Map([['w1', 750]]), site, '2026-03-02')).toEqual([
      {
        kind: 'update',
        id: 'e-w1-2026-03-02',
        entry: {
          workerId: 'w1',
          projectId: site,
          date: '2026-03-02',
          hours: '7.50',
          note: undefined,
          version: 3,
        },
      },
    ]);
  });

  it('copies the last day entered on the chantier in the week before (a Monday copies the Friday)', () => {
    expect(previousDay(entries, site, '2026-03-09')).toEqual({
      date: '2026-03-06',
      hours: new Map([['w1', 550]]),
    });
    expect(previousDay(entries, site, '2026-03-20')).toBeUndefined();
  });

  it('totals the chantier’s days, lines included, other chantiers left out', () => {
    expect(dayTotals(entries, site, '2026-03-02')).toEqual([1_600, 0, 0, 0, 550, 0, 0]);
  });

  it('keeps hours on the quarter within 0–24 h and writes them the French way', () => {
    expect(clampHours(-25)).toBe(0);
    expect(clampHours(2_425)).toBe(2_400);
    expect(clampHours(760)).toBe(750);
    expect(hoursText(775)).toBe('7,75 h');
    expect(hoursText(800)).toBe('8 h');
  });

  it('shows a linked worker only himself, unless he leads the team', () => {
    const team = [worker('b'), worker('a', { userId: 'me' }), worker('c', { isActive: false })];
    expect(sheetWorkers(team, 'me', false).map((w) => w.id)).toEqual(['a']);
    expect(sheetWorkers(team, 'someone', false).map((w) => w.id)).toEqual(['a', 'b']);
    expect(
      sheetWorkers([worker('a', { userId: 'me', teamLead: true }), worker('b')], 'me', false),
    ).toHaveLength(2);
  });
});
