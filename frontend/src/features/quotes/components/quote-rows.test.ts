import { describe, expect, it } from 'vitest';

import { emptyLine, type RowDraft } from './quote-lines';
import { emptyHeading, moveRow, rowPlaces, sectionSubtotals } from './quote-rows';

const lot = (title: string) => ({ ...emptyHeading(1), title });
const subLot = (title: string) => ({ ...emptyHeading(2), title });
const line = (description: string) => ({ ...emptyLine(), description });

describe('lots of a devis on screen', () => {
  it('numbers lots 1, 2, sub-lots 2.1 and lines inside their section (1.1, 2.1.1)', () => {
    const rows: RowDraft[] = [
      line('Installation de chantier'),
      lot('Démolition'),
      line('Dépose cloison'),
      lot('Maçonnerie'),
      line('Mur en parpaings'),
      subLot('Fondations'),
      line('Semelle filante'),
      line('Béton de propreté'),
      subLot('Élévation'),
      line('Chaînage'),
    ];
    expect(rowPlaces(rows)).toEqual([
      { number: '1', section: undefined },
      { number: '1', section: '1', level: 1 },
      { number: '1.1', section: '1' },
      { number: '2', section: '2', level: 1 },
      { number: '2.1', section: '2' },
      { number: '2.1', section: '2.1', level: 2 },
      { number: '2.1.1', section: '2.1' },
      { number: '2.1.2', section: '2.1' },
      { number: '2.2', section: '2.2', level: 2 },
      { number: '2.2.1', section: '2.2' },
    ]);
  });

  it('counts a sub-lot before any lot as a lot', () => {
    expect(rowPlaces([subLot('Seul'), line('a')])).toEqual([
      { number: '1', section: '1', level: 1 },
      { number: '1.1', section: '1' },
    ]);
  });

  it('gives each heading the subtotal HT of its lines and of its sub-lots’ lines', () => {
    const rows: RowDraft[] = [
      lot('Maçonnerie'),
      line('a'),
      subLot('Fondations'),
      line('b'),
      line('c (not readable yet)'),
      lot('Peinture'),
      line('d'),
    ];
    const figures = [
      null,
      { saleTotalCents: 273275 },
      null,
      { saleTotalCents: 1000 },
      null,
      null,
      { saleTotalCents: 5 },
    ];
    expect(sectionSubtotals(rows, figures)).toEqual([
      274275,
      undefined,
      1000,
      undefined,
      undefined,
      5,
      undefined,
    ]);
  });

  it('moves a row between lots by its position, and leaves the rows alone out of range', () => {
    const rows = ['a', 'b', 'c', 'd'];
    expect(moveRow(rows, 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveRow(rows, 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveRow(rows, 0, -1)).toEqual(rows);
    expect(moveRow(rows, 4, 0)).toEqual(rows);
  });
});
