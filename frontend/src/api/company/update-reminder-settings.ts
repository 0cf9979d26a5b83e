import { companyProfileSchema, type CompanyProfile } from '@btp/shared/entities/company';
import type { ReminderSettingsData } from '@btp/shared/reminders';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, ApiError } from '../../lib/api';
import { getCompanyQueryOptions } from './get-company';

/** `PUT /api/company/reminders` (company_admin): automatic reminders on or off, their subject and text, with the `version` read. */
export async function updateReminderSettings(settings: ReminderSettingsData): Promise<CompanyProfile> {
  return companyProfileSchema.parse(await api.put('/api/company/reminders', settings));
}

export function useUpdateReminderSettings() {
  const queryClient = useQueryClient();
  const { queryKey } = getCompanyQueryOptions();
  return useMutation({
    mutationFn: updateReminderSettings,
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        return queryClient.invalidateQueries({ queryKey });
      return undefined;
    },
  });
}
