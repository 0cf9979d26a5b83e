import { uploadPathFor } from '@btp/shared/document-upload';
import { documentSchema, type DocumentRecord } from '@btp/shared/entities/document';
import type { DocumentType } from '@btp/shared/enums';
import '@btp/shared/zod-fr';
import * as z from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { ok, postForm, type UploadOptions } from '../../lib/post-form';
import { dashboardStatsQueryOptions } from '../dashboard/get-dashboard-stats';
import { listDocumentsQueryOptions } from './list-documents';

/** What the upload dialog sends with the file. */
export interface DocumentUploadFields {
  type: DocumentType;
  description: string;
  tags: string[];
  projectId?: string | undefined;
}

export interface DocumentUploadInput extends DocumentUploadFields {
  file: File;
}

/** The file is larger than 50 MiB: refused before anything is sent. */
export class FileTooLargeError extends Error {
  override readonly name = 'FileTooLargeError';
}

const uploadUrlAnswer = z.object({
  documentId: z.string(),
  upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
});

/** Files up to 4 MiB: `POST /api/documents/upload`, one multipart request through the API. */
async function uploadThroughApi(input: DocumentUploadInput, options: UploadOptions): Promise<DocumentRecord> {
  const form = new FormData();
  form.append('type', input.type);
  form.append('description', input.description);
  for (const tag of input.tags) form.append('tags', tag);
  if (input.projectId) form.append('projectId', input.projectId);
  form.append('file', input.file, input.file.name);
  const text = ok(await postForm('/api/documents/upload', form, { ...options, toApi: true }));
  return documentSchema.parse(JSON.parse(text));
}

/**
 * Files up to 50 MiB: announce them (`upload-url`), POST the form straight to the bucket, then
 * `complete`. An announced upload that fails or is cancelled before `complete` is cancelled on the
 * server too, so that nothing waits 24 hours for it.
 */
async function uploadToBucket(input: DocumentUploadInput, options: UploadOptions): Promise<DocumentRecord> {
  const { file } = input;
  const announced = uploadUrlAnswer.parse(
    await api.post(
      '/api/documents/upload-url',
      {
        fileName: file.name,
        mimeType: file.type || 'application/octet-stream',
        size: file.size,
        type: input.type,
        description: input.description,
        tags: input.tags,
        ...(input.projectId ? { projectId: input.projectId } : {}),
      },
      { signal: options.signal },
    ),
  );
  const documentPath = `/api/documents/${encodeURIComponent(announced.documentId)}`;
  try {
    const form = new FormData();
    for (const [name, value] of Object.entries(announced.upload.fields)) form.append(name, value);
    form.append('file', file, file.name);
    ok(await postForm(announced.upload.url, form, { ...options, toApi: false }));
  } catch (error) {
    void api.delete(documentPath).catch(() => undefined);
    throw error;
  }
  return documentSchema.parse(await api.post(`${documentPath}/complete`));
}

/**
 * Uploads a file by the path `uploadPathFor` picks for its size; a file above 50 MiB is refused
 * here, before any byte is sent.
 */
export async function uploadDocument(
  input: DocumentUploadInput,
  options: UploadOptions = {},
): Promise<DocumentRecord> {
  const path = uploadPathFor(input.file.size);
  if (path === 'too_large') throw new FileTooLargeError('Le fichier dépasse la taille maximale de 50MB.');
  const document =
    path === 'multipart' ? await uploadThroughApi(input, options) : await uploadToBucket(input, options);
  options.onProgress?.(1);
  return document;
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, options }: { input: DocumentUploadInput; options?: UploadOptions }) =>
      uploadDocument(input, options),
    // The dashboard's 'Documents Récents' come with its stats.
    onSuccess: () =>
      Promise.all(
        [listDocumentsQueryOptions(), dashboardStatsQueryOptions()].map(({ queryKey }) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
