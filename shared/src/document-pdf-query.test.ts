import { describe, expect, it } from 'vitest';
import { pdfUrlQuery } from './document-pdf.js';
import { pdfUrlQueryParser } from './document-pdf-query.js';
import { oddValues } from './testing/odd-values.js';
import { seededRandom } from './testing/seeded-random.js';
import { compareParsers } from './testing/seen-answer.js';

type Random = ReturnType<typeof seededRandom>;

const dispositions = ['attachment', 'inline', 'Inline', ' inline', 'download', ''];

function randomQuery(random: Random): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'disposition=inline', 5, []]);
  const query: Record<string, unknown> = {};
  if (random.next() < 0.8) {
    query.disposition = random.next() < 0.8 ? random.pick(dispositions) : random.pick(oddValues);
  }
  if (random.next() < 0.2) query.other = 'x';
  return query;
}

describe('the query of GET /api/{quotes,invoices}/{id}/pdf, parsed without zod', () => {
  it('answers as the zod schema: same output, same issues and French messages (2,000 random queries)', () => {
    const random = seededRandom(2722);
    const queries = Array.from({ length: 2_000 }, () => randomQuery(random));
    const { accepted, difference } = compareParsers(pdfUrlQueryParser, pdfUrlQuery, queries);
    expect(difference).toBeUndefined();
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(1_800);
  });

  it('defaults to attachment and refuses an unknown disposition in French', () => {
    expect(pdfUrlQueryParser.parse({})).toEqual({ disposition: 'attachment' });
    expect(pdfUrlQueryParser.parse({ disposition: 'inline', other: 'x' })).toEqual({ disposition: 'inline' });
    expect(pdfUrlQueryParser.safeParse({ disposition: '' }).error?.issues).toEqual([
      { path: ['disposition'], message: 'La valeur de disposition doit être « inline » ou « attachment ».' },
    ]);
  });
});
