import { NEXT_CURSOR_HEADER } from '@btp/shared/list';
import type { ApiResult } from './http.js';

/** A list answer: the JSON array, and `x-next-cursor` when more items remain (API.md "Lists"). */
export function listResponse<T>(items: T[], nextCursor: string | undefined): ApiResult {
  return { body: items, headers: nextCursor ? { [NEXT_CURSOR_HEADER]: nextCursor } : {} };
}
