import { describe, expect, it } from 'vitest';
import { endBeforeStartMessage, projectDateIssues } from './project-dates.js';

describe('projectDateIssues', () => {
  it('refuses an end date before the start date, on endDate', () => {
    expect(projectDateIssues({ startDate: '2026-05-10', endDate: '2026-05-09' })).toEqual([
      { path: 'endDate', message: endBeforeStartMessage },
    ]);
    expect(projectDateIssues({ startDate: '2026-01-01', endDate: '2025-12-31' })).toHaveLength(1);
  });

  it('accepts the same day, a later end, and missing dates', () => {
    expect(projectDateIssues({ startDate: '2026-05-10', endDate: '2026-05-10' })).toEqual([]);
    expect(projectDateIssues({ startDate: '2026-05-10', endDate: '2026-11-22' })).toEqual([]);
    expect(projectDateIssues({ startDate: '2026-05-10' })).toEqual([]);
    expect(projectDateIssues({ endDate: '2026-05-10' })).toEqual([]);
    expect(projectDateIssues({})).toEqual([]);
  });
});
