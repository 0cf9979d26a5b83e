import { authUserResponse, publicUserSchema } from '@btp/shared/entities/auth';
import { entityRefSchema } from '@btp/shared/record';
import type { z } from '@btp/shared/zod-fr';

/**
 * The signed-in user as `/api/auth/me`, `/api/auth/login`, `/api/auth/register` and `/api/setup`
 * answer it: the shared public user, where only what those calls promise is required (API.md lists
 * no `createdAt` for `me`; a super administrator has no company).
 */
export const sessionUserSchema = publicUserSchema
  .partial({ createdAt: true })
  .extend({ company: entityRefSchema.nullish() });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `{"user": …}`: the answer of `POST /api/setup` and `POST /api/auth/login`. */
export const sessionUserResponse = authUserResponse.extend({ user: sessionUserSchema });
