import { describe, expect, it } from 'vitest';
import { exportInput, periodOf, recentPeriods, wholeMonthsOf } from './export.js';

describe('the export’s periods', () => {
  it('names a month, a quarter and a financial year with their first and last days', () => {
    expect(periodOf('month', '2028-02')).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
      label: 'février 2028',
    });
    expect(periodOf('quarter', '2026-Q1')).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      label: '1er trimestre 2026',
    });
    expect(periodOf('quarter', '2026-Q4').label).toBe('4e trimestre 2026');
    expect(periodOf('year', '2026')).toEqual({
      from: '2026-01-01',
      to: '2026-12-31',
      label: 'Exercice 2026',
    });
  });

  it('offers the latest periods first, across years', () => {
    expect(recentPeriods('month', '2026-02-10', 3).map((period) => period.value)).toEqual([
      '2026-02',
      '2026-01',
      '2025-12',
    ]);
    expect(recentPeriods('quarter', '2026-02-10', 2).map((period) => period.value)).toEqual([
      '2026-Q1',
      '2025-Q4',
    ]);
    expect(recentPeriods('year', '2026-02-10', 2).map((period) => period.label)).toEqual([
      'Exercice 2026',
      'Exercice 2025',
    ]);
  });

  it('lists the months of a period of whole months, and none otherwise', () => {
    expect(wholeMonthsOf('2025-11-01', '2026-02-28')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(wholeMonthsOf('2026-01-02', '2026-01-31')).toBeUndefined();
    expect(wholeMonthsOf('2026-01-01', '2026-01-30')).toBeUndefined();
  });

  it('refuses a period that ends before it starts or lasts more than 24 months', () => {
    const messages = (input: unknown) => {
      const result = exportInput.safeParse(input);
      return result.success
        ? []
        : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    };
    expect(messages({ from: '2026-01-01', to: '2027-12-31' })).toEqual([]);
    expect(messages({ from: '2026-01-01', to: '2028-01-01' })).toEqual([
      'to: La période exportée dure au plus 24 mois',
    ]);
    expect(messages({ from: '2026-03-02', to: '2026-03-01' })).toEqual([
      'to: La date de fin doit être postérieure ou égale à la date de début',
    ]);
    expect(messages({ from: '', to: '2026-03-01' })).toEqual(['from: La date de début est requise']);
  });
});
