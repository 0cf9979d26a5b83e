import { describe, expect, it } from 'vitest';
import { escapeHtml, frenchDate } from './french-text.js';

describe('french text', () => {
  it('prints a calendar date or an instant day first', () => {
    expect(frenchDate('2026-03-02')).toBe('02/03/2026');
    expect(frenchDate('2026-12-31T23:10:00.000Z')).toBe('31/12/2026');
    expect(frenchDate('bientôt')).toBe('bientôt');
  });

  it('escapes every character that means something in HTML', () => {
    expect(escapeHtml(`Durand & Fils <b>"l'atelier"</b>`)).toBe(
      'Durand &amp; Fils &lt;b&gt;&quot;l&#39;atelier&quot;&lt;/b&gt;',
    );
  });
});
