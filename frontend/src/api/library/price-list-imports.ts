import {
  priceListImportSchema,
  type PriceListImport,
  type PriceListImportInput,
  type PriceListMappingInput,
  type PriceListPreview,
} from '@btp/shared/entities/library';
import '@btp/shared/zod-fr';
import * as z from 'zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { ok, postForm, type UploadOptions } from '../../lib/post-form';
import { libraryKeys } from './library-keys';

const uploadAnswer = z.object({
  uploadId: z.string(),
  upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
  maxBytes: z.number(),
});

const previewAnswer: z.ZodType<PriceListPreview> = z.object({
  format: z.enum(['csv', 'xlsx']),
  layout: z.enum(['fabdis', 'table']),
  sheet: z.string().optional(),
  encoding: z.enum(['utf-8', 'windows-1252']).optional(),
  delimiter: z.string().optional(),
  columns: z.array(z.object({ index: z.number(), header: z.string() })),
  rows: z.array(z.array(z.string())),
  mapping: z.custom<PriceListMappingInput>((value) => typeof value === 'object' && value !== null),
  remembered: z.boolean(),
});

/**
 * A price list's file to the bucket: `POST /api/library/imports/uploads` announces it and answers a
 * presigned POST (files never travel through a response body), then the browser posts it there.
 * Answers the upload's id, which the preview and the import name.
 */
export async function uploadPriceList(file: File, options: UploadOptions = {}): Promise<string> {
  const announced = uploadAnswer.parse(
    await api.post(
      '/api/library/imports/uploads',
      { fileName: file.name, size: file.size },
      { signal: options.signal },
    ),
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(announced.upload.fields)) form.append(name, value);
  form.append('file', file, file.name);
  ok(await postForm(announced.upload.url, form, { ...options, toApi: false }));
  return announced.uploadId;
}

/**
 * `GET /api/library/imports/uploads/{uploadId}/preview?supplierId=`: the first rows, the columns
 * detected and the mapping to start from (the supplier's remembered one when it fits the file).
 */
export async function previewPriceList(uploadId: string, supplierId: string): Promise<PriceListPreview> {
  const query = new URLSearchParams({ supplierId }).toString();
  return previewAnswer.parse(
    await api.get(`/api/library/imports/uploads/${encodeURIComponent(uploadId)}/preview?${query}`),
  );
}

/** `POST /api/library/imports`: starts the import (a job); answers it, `queued` or under way. */
export async function startPriceListImport(input: PriceListImportInput): Promise<PriceListImport> {
  return priceListImportSchema.parse(await api.post('/api/library/imports', input));
}

/** `GET /api/library/imports/{id}`: the job, its progress and, once done, its report. */
export async function getPriceListImport(id: string, signal?: AbortSignal): Promise<PriceListImport> {
  return priceListImportSchema.parse(
    await api.get(`/api/library/imports/${encodeURIComponent(id)}`, { signal }),
  );
}

/** How often a running import is asked for its progress, in milliseconds. */
export const IMPORT_POLL_MS = 1_000;

const finished = (job: PriceListImport | undefined) => job?.status === 'done' || job?.status === 'failed';

/**
 * An import's progress, asked every second until it is done or has failed; then the library is
 * read again (its articles, families and ouvrages' costs changed).
 */
export function usePriceListImport(id: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['library-import', id],
    queryFn: async ({ signal }) => {
      const job = await getPriceListImport(id ?? '', signal);
      if (finished(job)) void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
      return job;
    },
    enabled: id !== undefined,
    refetchInterval: (query) => (finished(query.state.data) ? false : IMPORT_POLL_MS),
  });
}
