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
