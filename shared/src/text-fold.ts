/**
 * A text folded for comparison: accents (every combining mark) and case left out, and the
 * ligatures spelled out (œ → oe, æ → ae, ß → ss), so that "Œuvre" and "oeuvre" compare equal. The
 * one rule of the list searches (server and SPA) and of the company's slug.
 */
export function foldedText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss');
}
