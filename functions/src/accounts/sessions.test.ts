import { describe, expect, it } from 'vitest';
import { sessionIdleMs, sessionLifetimeMs } from './session-token.js';
import { isExpired, type Session } from './sessions.js';

const start = Date.parse('2026-11-22T08:00:00Z');
const session: Session = {
  id: 's',
  userId: 'u',
  companyId: 'c',
  role: 'user',
  createdAt: new Date(start).toISOString(),
  absoluteExpiry: start + sessionLifetimeMs,
  lastSeenAt: start,
};

describe('session expiry', () => {
  it('ends 2 hours after the last request', () => {
    expect(sessionIdleMs).toBe(2 * 3600 * 1000);
    expect(isExpired(session, start + sessionIdleMs - 1)).toBe(false);
    expect(isExpired(session, start + sessionIdleMs)).toBe(true);
  });

  it('ends 12 hours after sign-in even when used all along', () => {
    const active = { ...session, lastSeenAt: start + sessionLifetimeMs - 60_000 };
    expect(isExpired(active, start + sessionLifetimeMs - 1)).toBe(false);
    expect(isExpired(active, start + sessionLifetimeMs)).toBe(true);
  });
});
