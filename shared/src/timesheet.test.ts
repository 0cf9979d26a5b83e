import { describe, expect, it } from 'vitest';
import { timeEntryCreateInput, timeEntryLockInput } from './entities/time-entry.js';
import {
  addDays,
  dayTotalsOfWorker,
  fitsInDay,
  isMonday,
  weekDays,
  weekStartOf,
  weeklyTimesheet,
} from './timesheet.js';
import { seededRandom } from './testing/seeded-random.js';

const worker = '0190a000-0000-7000-8000-000000000001';
const mate = '0190a000-0000-7000-8000-000000000002';
const siteA = '0190a000-0000-7000-8000-0000000000aa';
const siteB = '0190a000-0000-7000-8000-0000000000bb';

describe('weeks', () => {
  it('start on Monday, also across a month and a year', () => {
    expect(weekStartOf('2026-11-26')).toBe('2026-11-23'); // a Thursday
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23'); // Sunday ends the week
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28');
    expect(weekDays('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(isMonday('2026-11-23')).toBe(true);
    expect(isMonday('2026-11-24')).toBe(false);
  });

  it('every day of a seeded span lies in the week of its Monday', () => {
    const random = seededRandom(3210);
    for (let round = 0; round < 400; round += 1) {
      const day = addDays('2020-01-01', random.int(0, 4000));
      const monday = weekStartOf(day);
      expect(isMonday(monday)).toBe(true);
      expect(weekDays(monday)).toContain(day);
    }
  });
});

describe('hours of an entry', () => {
  const entry = { workerId: worker, projectId: siteA, date: '2026-11-23' };
  const hoursOf = (hours: unknown) => timeEntryCreateInput.safeParse({ ...entry, hours });

  it('are quarter hours from 0.25 to 24, written with a comma or a dot', () => {
    expect(hoursOf('7,5').data?.hours).toBe('7.50');
    expect(hoursOf(7.75).data?.hours).toBe('7.75');
    expect(hoursOf('24').data?.hours).toBe('24.00');
    expect(hoursOf('0.25').data?.hours).toBe('0.25');
  });

  it.each([['0'], ['-1'], ['24.25'], ['7.1'], ['7.333'], ['abc'], [''], [null]])(
    'refuses %s with a French message on hours',
    (hours) => {
      const result = hoursOf(hours);
      expect(result.success).toBe(false);
      const issue = result.error?.issues.find((found) => found.path[0] === 'hours');
      expect(issue?.message).toMatch(/heures/i);
    },
  );

  it('a week to validate is named by its Monday', () => {
    expect(timeEntryLockInput.safeParse({ weekStart: '2026-11-23' }).data).toEqual({
      weekStart: '2026-11-23',
      locked: true,
    });
    expect(timeEntryLockInput.safeParse({ weekStart: '2026-11-24' }).error?.issues[0]?.message).toBe(
      'Choisissez le lundi de la semaine à valider',
    );
  });
});

describe('the 24 h rule and the timesheets', () => {
  it('fits a day up to 24 h exactly', () => {
    expect(fitsInDay(1_600, 800)).toBe(true);
    expect(fitsInDay(1_600, 825)).toBe(false);
  });

  const entries = [
    { workerId: worker, projectId: siteA, date: '2026-11-23', hours: '7.50' },
    { workerId: worker, projectId: siteB, date: '2026-11-23', hours: '1.25' },
    { workerId: mate, projectId: siteA, date: '2026-11-24', hours: '8.00' },
    { workerId: worker, projectId: siteA, date: '2026-11-29', hours: '4.00' },
    { workerId: worker, projectId: siteA, date: '2026-11-30', hours: '8.00' }, // next week
  ];

  it('a chantier’s week has a row per worker, totals per day and overall', () => {
    const sheet = weeklyTimesheet(
      entries.filter((entry) => entry.projectId === siteA),
      '2026-11-23',
      (entry) => entry.workerId,
    );
    expect(sheet.rows).toEqual([
      { key: worker, days: [750, 0, 0, 0, 0, 0, 400], total: 1_150 },
      { key: mate, days: [0, 800, 0, 0, 0, 0, 0], total: 800 },
    ]);
    expect(sheet.dayTotals).toEqual([750, 800, 0, 0, 0, 0, 400]);
    expect(sheet.total).toBe(1_950);
  });

  it('a worker’s week has a row per chantier; his day totals span chantiers', () => {
    const mine = entries.filter((entry) => entry.workerId === worker);
    const sheet = weeklyTimesheet(mine, '2026-11-23', (entry) => entry.projectId);
    expect(sheet.rows.map((row) => [row.key, row.total])).toEqual([
      [siteA, 1_150],
      [siteB, 125],
    ]);
    expect(dayTotalsOfWorker(entries, worker).get('2026-11-23')).toBe(875);
  });
});
