import { describe, expect, it } from 'vitest';
import { testCompanyId } from '../../test/company.js';
import { tableName } from '../lib/dynamo.js';
import { conflict } from '../lib/http-errors.js';
import { numberSeries, takeNextNumber, yearInFrance } from './counters.js';
import { companyMarkerKey } from './keys.js';

function markerItem(companyId: string, number: string) {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...companyMarkerKey(companyId, 'INVOICE', 'NUMBER', number), ownerId: number },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

describe('number series', () => {
  it('20 concurrent invoice issues take numbers 1..20 with no gap and no repeat', async () => {
    const company = testCompanyId();
    const numbers = await Promise.all(
      Array.from({ length: 20 }, () =>
        takeNextNumber(company, numberSeries.invoice, (number) => [markerItem(company, number)]),
      ),
    );
    const year = yearInFrance();
    const expected = Array.from(
      { length: 20 },
      (_, index) => `FAC-${year}-${String(index + 1).padStart(4, '0')}`,
    );
    expect([...numbers].sort()).toEqual(expected);
  });

  it('a write that fails takes no number: the next one fills the place (gapless)', async () => {
    const company = testCompanyId();
    const year = yearInFrance();
    expect(await takeNextNumber(company, numberSeries.quote, (number) => [markerItem(company, number)])).toBe(
      `DEV-${year}-0001`,
    );
    // A record whose own condition fails: the counter does not move.
    const failing = takeNextNumber(
      company,
      numberSeries.quote,
      () => [
        {
          Put: {
            TableName: tableName(),
            Item: { ...companyMarkerKey(company, 'X', 'Y', 'z'), ownerId: 'a' },
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
      ],
      () => conflict('Cette facture a déjà été émise.'),
    );
    await expect(failing).rejects.toMatchObject({
      statusCode: 409,
      message: 'Cette facture a déjà été émise.',
    });
    expect(await takeNextNumber(company, numberSeries.quote, (number) => [markerItem(company, number)])).toBe(
      `DEV-${year}-0002`,
    );
  });

  it('keeps each company on its own series', async () => {
    const first = testCompanyId();
    const second = testCompanyId();
    const year = yearInFrance();
    await takeNextNumber(first, numberSeries.invoice, (number) => [markerItem(first, number)]);
    expect(await takeNextNumber(second, numberSeries.invoice, (number) => [markerItem(second, number)])).toBe(
      `FAC-${year}-0001`,
    );
  });
});
