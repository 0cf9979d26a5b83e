import { newId } from '../src/data/ids.js';

/** A company id of its own for each test, so that tests never see each other's records. */
export function testCompanyId(): string {
  return newId();
}
