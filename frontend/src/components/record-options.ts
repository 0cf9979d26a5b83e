import { foldedText } from '@btp/shared/text-fold';
import { useEffect, useState } from 'react';

import type { ListParams } from '../api/list-params';
import { SEARCH_DEBOUNCE_MS } from './list-toolbar';

/** One choice of a select: the record's id and the name shown. */
export interface RecordOption {
  value: string;
  label: string;
}

/** What a list hook gives a select: the records, and whether they are on their way. */
interface ListState<T> {
  data?: readonly T[] | undefined;
  isPending: boolean;
  isFetching: boolean;
}

/** A text as the searches compare it (the server's rule): case and accents left out, spaces squeezed. */
export function searchableText(text: string): string {
  return foldedText(text).replace(/\s+/g, ' ').trim();
}

/** Every word of `text` found in `label`, ignoring case and accents (the server's rule, API.md). */
export function matches(label: string, text: string): boolean {
  const haystack = searchableText(label);
  return searchableText(text)
    .split(' ')
    .filter((word) => word !== '')
    .every((word) => haystack.includes(word));
}

/**
 * The choices of a select of records (client, supplier, project pickers) that finds any record of
 * the company, not only the first 1,000 a list answers: the first page at once, filtered as the
 * person types, and once typing pauses (~300 ms) the server's search (`?q=`), whose matches come
 * first. The chosen record keeps its name when the search is cleared. `searchProps` goes to the
 * select's `showSearch`, `onOpenChange` and `onSelect` to its own.
 */
export function useRecordOptions<T>(
  useList: (params?: ListParams) => ListState<T>,
  toOption: (record: T) => RecordOption,
  value: string | undefined,
  /** Only the records this keeps (a client's projects, say). */
  keep: (record: T) => boolean = () => true,
) {
  const [text, setText] = useState('');
  const [searched, setSearched] = useState('');
  useEffect(() => {
    const next = text.trim();
    const timer = setTimeout(() => setSearched(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const first = useList();
  // Without a search, the same query as `first` (one call, one cache entry).
  const found = useList(searched === '' ? undefined : { q: searched });

  const firstOptions = (first.data ?? []).filter(keep).map(toOption);
  const foundOptions = searched === '' ? [] : (found.data ?? []).filter(keep).map(toOption);
  // The record chosen, so that it keeps its name once the search that found it is cleared.
  const [kept, setKept] = useState<RecordOption | undefined>();

  const options: RecordOption[] = [];
  const ids = new Set<string>();
  const add = (option: RecordOption) => {
    if (ids.has(option.value)) return;
    ids.add(option.value);
    options.push(option);
  };
  const typing = text.trim() !== '';
  for (const option of foundOptions) if (!typing || matches(option.label, text)) add(option);
  for (const option of firstOptions) if (!typing || matches(option.label, text)) add(option);
  if (kept !== undefined && kept.value === value && !typing) add(kept);

  return {
    options,
    /** What the person is typing in the select. */
    typed: text,
    /** The first page, or the search the person typed, is on its way. */
    loading: first.isPending || (searched !== '' && found.isFetching),
    searchProps: {
      filterOption: false as const,
      onSearch: setText,
    },
    /** The select's `onSelect`: remembers the record chosen. */
    onSelect: (_value: string, option: RecordOption) => setKept({ value: option.value, label: option.label }),
    /** Closing the list forgets what was typed (the select empties its search then). */
    onOpenChange: (open: boolean) => {
      if (!open) setText('');
    },
  };
}
