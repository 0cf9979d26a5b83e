import { describe, expect, it } from 'vitest';
import { foldedText } from './text-fold.js';

describe('foldedText', () => {
  it('leaves out accents and case and spells out the ligatures', () => {
    expect(foldedText('Éric BÂTIMENT çà')).toBe('eric batiment ca');
    expect(foldedText('Cœur Œuvre Æther Straße')).toBe('coeur oeuvre aether strasse');
  });

  it('keeps spaces, digits and punctuation as they are', () => {
    expect(foldedText('  N° 12 – Lot 2.1 ')).toBe('  n° 12 – lot 2.1 ');
  });
});
