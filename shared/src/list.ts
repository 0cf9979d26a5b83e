/** List queries (API.md "Lists"): `?limit=` and `?cursor=`, most recent first. */
import { integerField, optionalField } from './fields.js';
import * as z from 'zod';
import './zod-fr.js';

/** The most items one list answer carries, also the answer size without `limit`. */
export const MAX_LIST_LIMIT = 1_000;

/** The response header that carries the cursor of the next page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/**
 * The query string of a list call. `limit` is a whole number from 1 to 1000 (text as query strings
 * carry it, or a number); `cursor` is the opaque value of the previous answer's `x-next-cursor`.
 * Both optional (an empty `?limit=` counts as absent); other parameters are ignored.
 */
export const listQuery = z.object({
  limit: optionalField(
    integerField({
      min: 1,
      max: MAX_LIST_LIMIT,
      message: 'La limite doit être un nombre entier entre 1 et 1 000',
    }),
  ),
  cursor: optionalField(z.string().max(2_048, 'Curseur invalide')),
});
export type ListQuery = z.infer<typeof listQuery>;
