import { quoteSchema } from '@btp/shared/entities/quote';
import { describe, expect, it } from 'vitest';
import { quoteListAttributes } from './quotes.js';

describe('quoteListAttributes (what GET /api/quotes reads)', () => {
  it("is every field of the quote's schema but its lines, sections and party snapshots", () => {
    // Written out, not derived from the schema, so that the list route starts without zod (issue 27).
    const expected = Object.keys(quoteSchema.shape).filter(
      (name) => !['items', 'sections', 'seller', 'buyer'].includes(name),
    );
    expect([...quoteListAttributes].sort()).toEqual(expected.sort());
  });
});
