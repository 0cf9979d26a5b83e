import { SearchOutlined } from '@ant-design/icons';
import { DEFAULT_LIST_SORT, listSortOptions, type ListEntity } from '@btp/shared/list';
import { Button, Input, Select } from 'antd';
import { useCallback, useContext, useEffect, useId, useState, type ReactNode } from 'react';
import { UNSAFE_DataRouterStateContext, useLocation, useSearchParams } from 'react-router';

import type { ListParams } from '../api/list-params';
import styles from './list-toolbar.module.css';
import { EmptyCard } from './query-list';

/** The search parameters of a list screen's URL: `?q=` (the search) and `?tri=` (the sort). */
export const SEARCH_PARAM = 'q';
export const SORT_PARAM = 'tri';

/** How long typing pauses before the search runs, in milliseconds. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The sort in the URL when the list takes it (another value, from an old link, is left out). */
function sortOf(entity: ListEntity, value: string | null): string | undefined {
  if (value === null || value === DEFAULT_LIST_SORT) return undefined;
  return listSortOptions(entity).some((option) => option.value === value) ? value : undefined;
}

/** A list screen's search and sort as its URL says (`?q=…&tri=…`), for its list hook. */
export function useListParams(entity: ListEntity): ListParams {
  const [searchParams] = useSearchParams();
  const q = searchParams.get(SEARCH_PARAM)?.trim() ?? '';
  return { q: q === '' ? undefined : q, sort: sortOf(entity, searchParams.get(SORT_PARAM)) };
}

/** The URL's parameters with `?q=` set to `value` (left out when empty), the others kept. */
function withSearch(current: URLSearchParams, value: string): URLSearchParams {
  const next = new URLSearchParams(current);
  if (value === '') next.delete(SEARCH_PARAM);
  else next.set(SEARCH_PARAM, value);
  return next;
}

/**
 * Above a list: 'Rechercher…' (the server searches once typing pauses ~300 ms, the clear button
 * empties it at once) and 'Trier par' (lists with an `entity` only). Both live in the URL (`?q=`,
 * `?tri=`), so a link or a reload shows the same list; typing replaces the history entry instead of
 * adding one per key. `children` go beside them (another filter of the same list).
 */
export function ListToolbar({
  entity,
  label,
  children,
}: {
  /** The list's sorts; without it, the search alone. */
  entity?: ListEntity;
  label: string;
  children?: ReactNode;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlQuery = searchParams.get(SEARCH_PARAM) ?? '';
  const sort = (entity && sortOf(entity, searchParams.get(SORT_PARAM))) ?? DEFAULT_LIST_SORT;
  const [text, setText] = useState(urlQuery);
  // The URL value the input last agreed with: the URL changed by something else (the back button,
  // 'Effacer la recherche') puts its value in the input.
  const [seen, setSeen] = useState(urlQuery);
  if (urlQuery !== seen) {
    setSeen(urlQuery);
    setText(urlQuery);
  }
  const sortId = useId();

  // Typing replaces the history entry: Back leaves the list instead of undoing one key.
  const write = useCallback(
    (value: string) => {
      setSeen(value);
      setSearchParams((current) => withSearch(current, value), { replace: true });
    },
    [setSearchParams],
  );

  // A link followed during the pause leaves this list. The list stays on screen until the next
  // screen has loaded, and its search, written then, would bring the person back to it: it is dropped.
  // The pending navigation is read from the data router's state (`useNavigation`'s source), which
  // is absent under a router without data (the component tests' MemoryRouter), where a link
  // unmounts the list at once and its cleanup drops the timer.
  const { pathname } = useLocation();
  const pending = useContext(UNSAFE_DataRouterStateContext)?.navigation.location;
  const leaving = pending !== undefined && pending.pathname !== pathname;

  useEffect(() => {
    const value = text.trim();
    if (leaving || value === urlQuery.trim()) return undefined;
    const timer = setTimeout(() => write(value), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, urlQuery, write, leaving]);

  return (
    <div className={styles.toolbar} role="search" aria-label={`Rechercher dans ${label}`}>
      <Input
        className={styles.search}
        size="large"
        type="search"
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder="Rechercher…"
        aria-label="Rechercher"
        maxLength={200}
        value={text}
        onChange={(event) => setText(event.target.value)}
        // The clear button empties the search at once, not after the pause.
        onClear={() => {
          setText('');
          write('');
        }}
        onPressEnter={() => write(text.trim())}
      />
      {children}
      {entity !== undefined && (
        <div className={styles.sort}>
          <label htmlFor={sortId} className={styles.sortLabel}>
            Trier par
          </label>
          <Select
            id={sortId}
            className={styles.select}
            size="large"
            value={sort}
            options={listSortOptions(entity)}
            onChange={(value: string) =>
              setSearchParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  if (value === DEFAULT_LIST_SORT) next.delete(SORT_PARAM);
                  else next.set(SORT_PARAM, value);
                  return next;
                },
                { replace: true },
              )
            }
          />
        </div>
      )}
    </div>
  );
}

/** A search that found nothing: says so, and offers to clear it. */
export function NoSearchResult({ query }: { query: string }) {
  const [, setSearchParams] = useSearchParams();
  return (
    <EmptyCard description={`Aucun résultat pour « ${query} »`}>
      <Button
        size="large"
        onClick={() => setSearchParams((current) => withSearch(current, ''), { replace: true })}
      >
        Effacer la recherche
      </Button>
    </EmptyCard>
  );
}
