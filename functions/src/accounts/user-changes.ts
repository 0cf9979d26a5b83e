import type { UserRole } from '@btp/shared/enums';
import { conflict, type HttpError } from '../lib/http-errors.js';
import { nowIso } from '../data/ids.js';
import { staleVersionMessage } from '../data/entity-repository.js';
import { transactWrite, type TransactItem } from '../data/transactions.js';
import { deleteUserSessions } from './sessions.js';
import { userPutItem, type StoredUser } from './users.js';

/** What an administrator may change of a user (the super administrator: all three; a company's: role and flag). */
export interface UserChange {
  role?: UserRole;
  isActive?: boolean;
  permissions?: StoredUser['permissions'];
}

/** The user with `change` applied, at the next version (nothing written). */
export function changedUser(current: StoredUser, change: UserChange): StoredUser {
  return {
    ...current,
    ...(change.role !== undefined ? { role: change.role } : {}),
    ...(change.isActive !== undefined ? { isActive: change.isActive } : {}),
    ...(change.permissions !== undefined ? { permissions: change.permissions } : {}),
    updatedAt: nowIso(),
    version: current.version + 1,
  };
}

/**
 * Writes `next` over `current` (guarded by the version read: 409 when it changed) together with
 * `extraItems` (counters, guards), all or nothing; `explainExtra` names the failure of one of them.
 * Then, when the user lost access or changed role, ends all their sessions: the authorizer reads
 * the user afresh on every request anyway, and ending them makes the change visible at once in the
 * person's screens too (they sign in again). The super administrator's and a company
 * administrator's changes both go through here.
 */
export async function saveUserChange(
  current: StoredUser,
  next: StoredUser,
  options: { extraItems?: TransactItem[]; explainExtra?(index: number): HttpError } = {},
): Promise<void> {
  await transactWrite([userPutItem(next, current.version), ...(options.extraItems ?? [])], (index) =>
    index === 0 ? conflict(staleVersionMessage) : options.explainExtra?.(index - 1),
  );
  if ((current.isActive && !next.isActive) || current.role !== next.role) await deleteUserSessions(next.id);
}
