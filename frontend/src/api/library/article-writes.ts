import {
  articleSchema,
  type Article,
  type ArticleCreateData,
  type ArticleUpdateData,
} from '@btp/shared/entities/library';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { libraryKeys } from './library-keys';

/** `POST /api/library/articles` (409: that supplier already has that reference). */
export async function createArticle(input: ArticleCreateData): Promise<Article> {
  return articleSchema.parse(await api.post('/api/library/articles', input));
}

/** `PUT /api/library/articles/{id}` with the `version` read (a change made meanwhile is a 409). */
export async function updateArticle({ id, data }: { id: string; data: ArticleUpdateData }): Promise<Article> {
  return articleSchema.parse(await api.put(`/api/library/articles/${encodeURIComponent(id)}`, data));
}

/** `DELETE /api/library/articles/{id}` (409 naming an ouvrage that uses it). */
export async function deleteArticle(id: string): Promise<void> {
  await api.delete(`/api/library/articles/${encodeURIComponent(id)}`);
}

/** Every write reads the library again: lists, searches, families, ouvrages' costs. */
function useLibraryMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}

export const useCreateArticle = () => useLibraryMutation(createArticle);
export const useUpdateArticle = () => useLibraryMutation(updateArticle);
export const useDeleteArticle = () => useLibraryMutation(deleteArticle);
export { useLibraryMutation };
