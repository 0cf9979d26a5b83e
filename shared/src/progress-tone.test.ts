import { describe, expect, it } from 'vitest';

import { progressColour, progressTone, progressToneColours } from './progress-tone.js';

describe('progressTone', () => {
  it('is the accent from 75 %', () => {
    expect(progressTone(75)).toBe('accent');
    expect(progressTone(100)).toBe('accent');
  });

  it('is chart-4 from 45 to 74 %', () => {
    expect(progressTone(45)).toBe('chart-4');
    expect(progressTone(74)).toBe('chart-4');
  });

  it('is the primary colour below 45 %', () => {
    expect(progressTone(44)).toBe('primary');
    expect(progressTone(0)).toBe('primary');
  });

  it('gives each tone its own colour', () => {
    expect(progressColour(80)).toBe(progressToneColours.accent);
    expect(new Set(Object.values(progressToneColours)).size).toBe(3);
  });
});
