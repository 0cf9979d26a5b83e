import type { AdminCompanyUpdateData, AdminStats, AdminUserUpdateData } from '@btp/shared/entities/admin';
import type { PublicUser } from '@btp/shared/entities/auth';
import type { Company } from '@btp/shared/entities/company';
import { conflict, notFound } from '../lib/http-errors.js';
import { nowIso } from '../data/ids.js';
import { transactWrite, type TransactItem } from '../data/transactions.js';
import { staleVersionMessage } from '../data/entity-repository.js';
import { companyPutItem, getCompany, listCompanies } from '../accounts/companies.js';
import { activeSuperAdminsChange } from '../accounts/super-admins.js';
import { changedUser, saveUserChange } from '../accounts/user-changes.js';
import { getUser, listUsers, publicUser, type StoredUser } from '../accounts/users.js';

export const adminMessages = {
  userNotFound: 'Utilisateur introuvable.',
  companyNotFound: 'Entreprise introuvable.',
  lastSuperAdmin:
    'Impossible : il doit rester au moins un super administrateur actif. Nommez-en un autre avant.',
  noCompanyForRole: "Un utilisateur sans entreprise ne peut être qu'un super administrateur.",
};

/** `GET /api/admin/stats`. `premium` and `enterprise` count companies on each plan. */
export async function systemStats(): Promise<AdminStats> {
  const [users, companies] = await Promise.all([listUsers(), listCompanies()]);
  return {
    totalUsers: users.length,
    activeUsers: users.filter((user) => user.isActive).length,
    totalCompanies: companies.length,
    activeCompanies: companies.filter((company) => company.status === 'active').length,
    planDistribution: {
      premium: companies.filter((company) => company.subscriptionPlan === 'premium').length,
      enterprise: companies.filter((company) => company.subscriptionPlan === 'enterprise').length,
    },
  };
}

/** `GET /api/admin/users`: every user with their company's name, most recent first. */
export async function allUsers(): Promise<PublicUser[]> {
  const [users, companies] = await Promise.all([listUsers(), listCompanies()]);
  const names = new Map(companies.map((company) => [company.id, company.name]));
  return users.map((user) => {
    const name = user.companyId ? names.get(user.companyId) : undefined;
    return publicUser(user, user.companyId && name ? { id: user.companyId, name } : undefined);
  });
}

/**
 * `GET /api/admin/companies/stats`: each company with its users counted, plus the fields the
 * company dialog edits.
 */
export async function companiesWithStats() {
  const [users, companies] = await Promise.all([listUsers(), listCompanies()]);
  return companies.map((company) => {
    const members = users.filter((user) => user.companyId === company.id);
    return {
      id: company.id,
      name: company.name,
      slug: company.slug,
      email: company.email,
      userCount: members.length,
      activeUsers: members.filter((user) => user.isActive).length,
      subscriptionPlan: company.subscriptionPlan,
      subscriptionEndDate: company.subscriptionEndDate,
      subscriptionAutoRenew: company.subscriptionAutoRenew,
      maxUsers: company.maxUsers,
      status: company.status,
      notes: company.notes,
      createdAt: company.createdAt,
      version: company.version,
    };
  });
}

const isActiveSuperAdmin = (user: Pick<StoredUser, 'role' | 'isActive'>) =>
  user.role === 'super_admin' && user.isActive;

/**
 * `PUT /api/admin/users/{id}` and `DELETE` (deactivation): role and/or active flag. The count of
 * active super administrators moves in the same transaction and never reaches zero, so the last
 * one cannot deactivate or demote themselves. Deactivation and demotion end the user's sessions.
 */
export async function changeUser(id: string, change: AdminUserUpdateData): Promise<PublicUser> {
  const current = await getUser(id);
  if (!current) throw notFound(adminMessages.userNotFound);
  const next = changedUser(current, change);
  if (!next.companyId && next.role !== 'super_admin') throw conflict(adminMessages.noCompanyForRole);
  const extraItems: TransactItem[] = [];
  if (isActiveSuperAdmin(current) !== isActiveSuperAdmin(next)) {
    extraItems.push(activeSuperAdminsChange(isActiveSuperAdmin(next) ? 1 : -1));
  }
  await saveUserChange(current, next, {
    extraItems,
    explainExtra: () => conflict(adminMessages.lastSuperAdmin),
  });
  const company = next.companyId ? await getCompany(next.companyId) : undefined;
  return publicUser(next, company ? { id: company.id, name: company.name } : undefined);
}

/**
 * `PUT /api/admin/companies/{id}`: plan, end date, auto-renew, maxUsers, status, notes.
 * `validatedAt` / `validatedBy` are set when the company becomes active.
 */
export async function changeCompany(
  id: string,
  change: AdminCompanyUpdateData,
  adminId: string,
): Promise<Company> {
  const current = await getCompany(id);
  if (!current) throw notFound(adminMessages.companyNotFound);
  const next: Company = { ...current, updatedAt: nowIso(), version: current.version + 1 };
  if (change.subscriptionPlan !== undefined) next.subscriptionPlan = change.subscriptionPlan;
  if (change.subscriptionAutoRenew !== undefined) next.subscriptionAutoRenew = change.subscriptionAutoRenew;
  if (change.maxUsers !== undefined) next.maxUsers = change.maxUsers;
  if (change.status !== undefined) next.status = change.status;
  if (change.subscriptionEndDate !== undefined) {
    if (change.subscriptionEndDate === null) delete next.subscriptionEndDate;
    else next.subscriptionEndDate = change.subscriptionEndDate;
  }
  if (change.notes !== undefined) {
    if (change.notes === null) delete next.notes;
    else next.notes = change.notes;
  }
  if (current.status !== 'active' && next.status === 'active') {
    next.validatedAt = next.updatedAt;
    next.validatedBy = adminId;
  }
  await transactWrite([companyPutItem(next, current.version)], () => conflict(staleVersionMessage));
  return next;
}
