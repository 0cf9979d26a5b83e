import { companyProfileSchema, type CompanyProfile } from '@btp/shared/entities/company';
import type { CostingSettingsInput } from '@btp/shared/entities/profitability';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { getCompanyQueryOptions } from './get-company';

/** `PUT /api/company/costing` (company_admin): the chantiers' alert threshold, with the `version` read. */
export async function updateCostingSettings(settings: CostingSettingsInput): Promise<CompanyProfile> {
  return companyProfileSchema.parse(await api.put('/api/company/costing', settings));
}

export function useUpdateCostingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCostingSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(getCompanyQueryOptions().queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['profitability'] });
    },
  });
}
