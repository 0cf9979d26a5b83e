import {
  bankLineSchema,
  statementImportSchema,
  statementUploadSchema,
  type BankLine,
  type BankLineStatus,
  type BankMatchData,
  type CsvMapping,
  type StatementImport,
} from '@btp/shared/accounting/bank';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';

import { api } from '../../lib/api';
import { invalidateInvoiceFigures } from '../invoices/invalidate-invoice-figures';
import { listSupplierInvoicesQueryOptions } from '../supplier-invoices/list-supplier-invoices';

export type { BankLine, StatementImport };

/** `GET /api/bank/lines?status=…`: the lines to match (with their suggestions), or those matched / ignored. */
export async function listBankLines(status: BankLineStatus, signal?: AbortSignal): Promise<BankLine[]> {
  return z.array(bankLineSchema).parse(await api.get(`/api/bank/lines?status=${status}`, { signal }));
}

export function bankLinesQueryOptions(status: BankLineStatus) {
  return queryOptions({
    queryKey: ['bank', 'lines', status],
    queryFn: ({ signal }) => listBankLines(status, signal),
  });
}

export function useBankLines(status: BankLineStatus) {
  return useQuery({ ...bankLinesQueryOptions(status), refetchOnMount: 'always' });
}

/** An upload's presigned form was refused by the bucket (too large, expired). */
export class StatementUploadError extends Error {
  constructor() {
    super("Le relevé n'a pas pu être envoyé (10 Mo au plus) : réessayez.");
    this.name = 'StatementUploadError';
  }
}

/** Sends the file to the bucket (`POST /api/bank/statements/upload`, then the presigned form); answers its `uploadId`. */
export async function uploadStatement(file: File): Promise<string> {
  const upload = statementUploadSchema.parse(
    await api.post('/api/bank/statements/upload', { fileName: file.name }),
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', file);
  const response = await fetch(upload.url, { method: 'POST', body: form });
  if (!response.ok) throw new StatementUploadError();
  return upload.uploadId;
}

/** `POST /api/bank/statements`: reads the uploaded statement (a CSV with its columns when given). */
export async function importStatement(uploadId: string, mapping?: CsvMapping): Promise<StatementImport> {
  return statementImportSchema.parse(
    await api.post('/api/bank/statements', { uploadId, ...(mapping ? { mapping } : {}) }),
  );
}

/** Every screen that shows a payment or a figure moved by one. */
function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['bank'] }),
      invalidateInvoiceFigures(queryClient),
      queryClient.invalidateQueries({ queryKey: listSupplierInvoicesQueryOptions().queryKey }),
    ]);
}

export function useImportStatement() {
  const refresh = useRefreshAfterPayment();
  return useMutation({
    mutationFn: ({ uploadId, mapping }: { uploadId: string; mapping?: CsvMapping }) =>
      importStatement(uploadId, mapping),
    onSuccess: () => refresh(),
  });
}

/** `POST /api/bank/lines/{id}/match`: records the payment (as « Marquer payée »), or ignores the line. */
export async function matchBankLine(id: string, body: BankMatchData): Promise<unknown> {
  return api.post(`/api/bank/lines/${encodeURIComponent(id)}/match`, body);
}

export function useMatchBankLine() {
  const refresh = useRefreshAfterPayment();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BankMatchData }) => matchBankLine(id, body),
    onSettled: () => refresh(),
  });
}
