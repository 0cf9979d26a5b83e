import type { InvoiceLine } from '@btp/shared/entities/invoice';
import { describe, expect, it } from 'vitest';
import { creditNoteLines } from './credit-notes.js';

const lines: InvoiceLine[] = [
  {
    description: 'Pose',
    unit: 'h',
    quantity: '4.000',
    unitPrice: '50.00',
    vatRate: '20.00',
    total: '200.00',
  },
  { description: 'Fourniture', quantity: '2.500', unitPrice: '10.00', vatRate: '10.00', total: '25.00' },
  {
    description: "Déduction de l'acompte FAC-2026-0001",
    quantity: '-1.000',
    unitPrice: '30.00',
    vatRate: '20.00',
    total: '-30.00',
  },
];

describe('the lines of a credit note', () => {
  it('takes every line by default, at the same price and rate', () => {
    expect(creditNoteLines({ lines }, undefined)).toEqual(lines.map(({ total: _total, ...line }) => line));
  });

  it('takes the chosen lines with the chosen quantities; a deduction stays a deduction', () => {
    expect(
      creditNoteLines({ lines }, [
        { index: 1, quantity: '0.500' },
        { index: 0 },
        { index: 2, quantity: '0.500' },
      ]),
    ).toEqual([
      { description: 'Fourniture', quantity: '0.500', unitPrice: '10.00', vatRate: '10.00' },
      { description: 'Pose', unit: 'h', quantity: '4.000', unitPrice: '50.00', vatRate: '20.00' },
      {
        description: "Déduction de l'acompte FAC-2026-0001",
        quantity: '-0.500',
        unitPrice: '30.00',
        vatRate: '20.00',
      },
    ]);
  });

  it('refuses unknown lines, a line twice, a quantity above the line’s, naming each choice', () => {
    expect(() =>
      creditNoteLines({ lines }, [{ index: 3 }, { index: 0, quantity: '4.001' }, { index: 1 }, { index: 1 }]),
    ).toThrow(
      expect.objectContaining({
        statusCode: 400,
        details: [
          {
            path: 'lines.0.index',
            message: 'La ligne à créditer est inconnue : la facture compte 3 lignes (de 0 à 2).',
          },
          {
            path: 'lines.1.quantity',
            message: 'La quantité à créditer ne peut pas dépasser la quantité facturée (4).',
          },
          {
            path: 'lines.3.index',
            message: 'Cette ligne est déjà choisie : une ligne ne se crédite qu’une fois par avoir.',
          },
        ],
      }),
    );
  });
});
