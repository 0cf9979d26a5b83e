import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds } from './json-depth.js';

/** `{"a":{"a":…{}}}`: `depth` objects, one inside the other. */
function nested(depth: number): unknown {
  let value: unknown = {};
  for (let i = 1; i < depth; i += 1) value = { a: value };
  return value;
}

describe('jsonDepthExceeds', () => {
  it('counts objects and arrays one inside the other; scalars add no level', () => {
    expect(jsonDepthExceeds('texte', 0)).toBe(false);
    expect(jsonDepthExceeds({}, 0)).toBe(true);
    expect(jsonDepthExceeds({ a: 1, b: 'x' }, 1)).toBe(false);
    expect(jsonDepthExceeds([[{ a: [] }]], 3)).toBe(true);
    expect(jsonDepthExceeds([[{ a: [] }]], 4)).toBe(false);
    expect(jsonDepthExceeds(nested(32), 32)).toBe(false);
    expect(jsonDepthExceeds(nested(33), 32)).toBe(true);
  });

  it('walks 100,000 levels without overflowing the stack', () => {
    expect(jsonDepthExceeds(nested(100_000), 32)).toBe(true);
    expect(jsonDepthExceeds(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)), 32)).toBe(true);
  });
});
