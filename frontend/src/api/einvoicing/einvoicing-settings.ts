import {
  einvoicingSettingsSchema,
  type EinvoicingSettings,
  type EinvoicingSettingsData,
  type PlatformCallStatus,
} from '@btp/shared/einvoicing-network';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listInvoicesQueryOptions } from '../invoices/list-invoices';
import { invalidateSupplierInvoices } from '../supplier-invoices/invalidate-supplier-invoices';

export type { EinvoicingSettings };

/**
 * `GET /api/company/einvoicing` (company_admin): the plateforme agréée's address, client id,
 * whether a secret is stored (never the secret), `enabled`, the last call's `status`.
 */
export async function getEinvoicingSettings(signal?: AbortSignal): Promise<EinvoicingSettings> {
  return einvoicingSettingsSchema.parse(await api.get('/api/company/einvoicing', { signal }));
}

export function einvoicingSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['company', 'einvoicing'],
    queryFn: ({ signal }) => getEinvoicingSettings(signal),
  });
}

export function useEinvoicingSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...einvoicingSettingsQueryOptions(), enabled });
}

/** `PUT /api/company/einvoicing`: the secret only when typed (write-only). */
export async function saveEinvoicingSettings(data: EinvoicingSettingsData): Promise<EinvoicingSettings> {
  return einvoicingSettingsSchema.parse(await api.put('/api/company/einvoicing', data));
}

/** `POST /api/company/einvoicing/test`: « Tester la connexion » with the saved settings. */
export async function testEinvoicingConnection(): Promise<EinvoicingSettings> {
  return einvoicingSettingsSchema.parse(await api.post('/api/company/einvoicing/test', {}));
}

function useSettingsMutation<A>(mutationFn: (argument: A) => Promise<EinvoicingSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (saved) => queryClient.setQueryData(einvoicingSettingsQueryOptions().queryKey, saved),
  });
}

export function useSaveEinvoicingSettings() {
  return useSettingsMutation(saveEinvoicingSettings);
}

export function useTestEinvoicingConnection() {
  return useSettingsMutation(() => testEinvoicingConnection());
}

/** What « Relever la plateforme » did. */
export interface NetworkSyncResult {
  submitted: number;
  received: number;
  failed: number;
  waiting: number;
  /** How it went, in French (what Paramètres shows as the last exchange). */
  status?: PlatformCallStatus;
}

/**
 * `POST /api/company/einvoicing/sync` (any user): what waits is submitted and what arrived read
 * now (supplier invoices, statuses); the lists refresh.
 */
export async function syncEinvoicing(): Promise<NetworkSyncResult> {
  return (await api.post('/api/company/einvoicing/sync', {})) as NetworkSyncResult;
}

export function useSyncEinvoicing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncEinvoicing,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listInvoicesQueryOptions().queryKey }),
        invalidateSupplierInvoices(queryClient),
        queryClient.invalidateQueries({ queryKey: einvoicingSettingsQueryOptions().queryKey }),
      ]),
  });
}
