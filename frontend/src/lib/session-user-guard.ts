/**
 * The signed-in user read without zod: `/api/auth/me` and `POST /api/auth/login` are on the first
 * screen anyone loads, and zod is ~27 KB gz of it (issue 18). The same output as `sessionUserSchema`
 * for every answer the API gives (a test compares them); anything else is refused, as zod would.
 */
import { userRoles } from '@btp/shared/enums';

import type { SessionUser } from './session-user';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isString = (value: unknown): value is string => typeof value === 'string';

/** Thrown for an answer that is not a signed-in user. */
export class UnexpectedAnswerError extends Error {
  override readonly name = 'UnexpectedAnswerError';
  constructor() {
    super('Réponse inattendue du serveur.');
  }
}

function entityRef(value: unknown): { id: string; name: string } | null | undefined {
  if (value === undefined || value === null) return value;
  if (!isRecord(value) || !isString(value.id) || !isString(value.name)) throw new UnexpectedAnswerError();
  return { id: value.id, name: value.name };
}

/** A signed-in user (`sessionUserSchema`'s output), or `UnexpectedAnswerError`. */
export function parseSessionUser(value: unknown): SessionUser {
  if (!isRecord(value)) throw new UnexpectedAnswerError();
  const { id, firstName, lastName, email, username, role, isActive, companyId, createdAt, lastLoginAt } =
    value;
  for (const text of [id, firstName, lastName, email, username]) {
    if (!isString(text) || text.trim() === '') throw new UnexpectedAnswerError();
  }
  if (role !== undefined && !(userRoles as readonly unknown[]).includes(role))
    throw new UnexpectedAnswerError();
  if (isActive !== undefined && typeof isActive !== 'boolean') throw new UnexpectedAnswerError();
  if (companyId !== undefined && companyId !== null && !isString(companyId))
    throw new UnexpectedAnswerError();
  for (const instant of [createdAt, lastLoginAt]) {
    if (instant !== undefined && instant !== null && !isString(instant)) throw new UnexpectedAnswerError();
  }
  const company = entityRef(value.company);
  return {
    id,
    firstName,
    lastName,
    email,
    username,
    role: (role as SessionUser['role'] | undefined) ?? 'user',
    isActive: isActive ?? true,
    companyId: companyId ?? null,
    ...(isString(createdAt) ? { createdAt } : {}),
    ...(isString(lastLoginAt) ? { lastLoginAt } : {}),
    ...(company !== undefined ? { company } : {}),
  } as SessionUser;
}

/** `{"user": …}`: the answer of `POST /api/auth/login` (`sessionUserResponse`). */
export function parseSessionUserResponse(value: unknown): { user: SessionUser } {
  if (!isRecord(value)) throw new UnexpectedAnswerError();
  return { user: parseSessionUser(value.user) };
}
