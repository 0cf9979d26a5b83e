import type { SessionUser } from '../lib/session-user';
import { adminScreen } from './screens';

/**
 * Where a signed-in person starts: the dashboard, or Système Admin for a super administrator, who
 * has no company (the business screens are a company's). Plain code: /setup and /login read it.
 */
export function homePath(user: Pick<SessionUser, 'companyId' | 'role'>): string {
  return !user.companyId && user.role === 'super_admin' ? adminScreen.path : '/';
}
