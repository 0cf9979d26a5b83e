import type { PublicUser } from '@btp/shared/entities/auth';
import { getCompany } from './companies.js';
import { getUser, publicUser } from './users.js';

/**
 * `GET /api/auth/me`: the signed-in user with their company's name. Apart from `account-service.ts`,
 * which reads the secrets: this route needs none, so its function does not load the Secrets Manager
 * client.
 */
export async function currentUser(userId: string): Promise<PublicUser | undefined> {
  const user = await getUser(userId);
  if (!user) return undefined;
  const company = user.companyId ? await getCompany(user.companyId) : undefined;
  return publicUser(user, company ? { id: company.id, name: company.name } : undefined);
}
