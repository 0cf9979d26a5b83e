import { v7 } from 'uuid';

/**
 * A new record id: a UUID of version 7, time-ordered, so that sort-key order is creation order and
 * "most recent first" is a reverse Query with no sort in memory.
 */
export function newId(): string {
  return v7();
}

/** The current instant as an ISO 8601 timestamp. */
export function nowIso(): string {
  return new Date().toISOString();
}
