import type { Principal } from '../lib/http.js';
import type { Actor } from './time-entry-service.js';

/** The session's user and role, for the rules that depend on who writes (never from a body). */
export function actorOf(principal: Principal | undefined): Actor {
  return { userId: principal?.userId ?? '', role: principal?.role ?? 'user' };
}
