import type { AdminStats } from '@btp/shared/entities/admin';

/** Spec section 9: active users over all users, as a whole percent (0 when there is nobody). */
export function activityRate({
  activeUsers,
  totalUsers,
}: Pick<AdminStats, 'activeUsers' | 'totalUsers'>): number {
  return totalUsers === 0 ? 0 : Math.round((activeUsers / totalUsers) * 100);
}

/** Spec section 9: companies on a paying premium plan, premium plus enterprise. */
export function premiumCount({ planDistribution }: Pick<AdminStats, 'planDistribution'>): number {
  return planDistribution.premium + planDistribution.enterprise;
}

/**
 * A count with its word agreed in French: 0 and 1 take the singular, 2 and more the plural
 * ("0 actif", "1 active", "2 actifs").
 */
export function countText(count: number, singular: string, plural: string): string {
  return `${count} ${Math.abs(count) < 2 ? singular : plural}`;
}

/** Active users, an "utilisateur" being masculine: "1 actif", "2 actifs". */
export function activeUsersText(count: number): string {
  return countText(count, 'actif', 'actifs');
}

/** Active companies, an "entreprise" being feminine: "1 active", "2 actives". */
export function activeCompaniesText(count: number): string {
  return countText(count, 'active', 'actives');
}
