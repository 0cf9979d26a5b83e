import { SCREEN_LIST_LIMIT } from '@btp/shared/list';
import { Alert, Button, Card, Empty, Spin } from 'antd';
import { useEffect, type ReactNode } from 'react';

import { serverMessage } from '../lib/api';
import styles from './query-list.module.css';
import { useToast } from './toast';

/** A spinner over 'Chargement...': a list, or a dialog's form, on its way. */
export function LoadingState() {
  return (
    <div className={styles.loading}>
      <Spin />
      <div>Chargement...</div>
    </div>
  );
}

/** An empty list's card: what is missing, and the button that adds one (`children`) if any. */
export function EmptyCard({ description, children }: { description: ReactNode; children?: ReactNode }) {
  return (
    <Card>
      <Empty description={description}>{children}</Empty>
    </Card>
  );
}

/**
 * What a list shows of its query: a TanStack Query result, or a paged list (`usePagedList`) whose
 * `hasMore` / `loadMore` add 'Charger plus' under the records.
 */
export interface ListQueryState<TItem> {
  data: readonly TItem[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  errorUpdatedAt: number;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
  /** More records remain on the server. */
  hasMore?: boolean;
  /** The next page is on its way. */
  loadingMore?: boolean;
  loadMore?: () => void;
}

/** French thousands: 1 050 (a no-break space). */
const countFormat = new Intl.NumberFormat('fr-FR');

/** « 50+ résultats » while more remain, « 120 résultats » once every page is read. */
export function loadedCountText(count: number, more: boolean): string {
  return `${countFormat.format(count)}${more ? '+' : ''} résultat${count > 1 ? 's' : ''}`;
}

interface QueryListProps<TItem extends { id: string }> {
  /** The list's query (TanStack Query, or a paged list). */
  query: ListQueryState<TItem>;
  /** The title of the load error, e.g. 'Erreur lors du chargement des clients'. */
  errorTitle: string;
  /** Also says the load error in an error toast, once per failure. */
  toastError?: boolean;
  /** The loaded items this list shows (a tab's, say); all of them when absent. */
  select?: (items: readonly TItem[]) => readonly TItem[];
  /** Shown in place of the list when there is no item to show. */
  empty: ReactNode;
  /** The list's accessible name, e.g. 'Clients'. */
  label?: string;
  /** The class of the `<ul>` (a grid of cards, lines) and of each `<li>`. */
  className?: string | undefined;
  itemClassName?: string | undefined;
  /** One item of the list (in its `<li>`). */
  children: (item: TItem) => ReactNode;
}

/**
 * A list screen's records: 'Chargement...' while they load, the load error with the server's message
 * and a 'Réessayer' button, `empty` when there is none to show, else the list, one `<li>` a record.
 */
export function QueryList<TItem extends { id: string }>({
  query,
  errorTitle,
  toastError = false,
  select,
  empty,
  label,
  className,
  itemClassName,
  children,
}: QueryListProps<TItem>) {
  useErrorToast(toastError && query.isError ? query.errorUpdatedAt : 0, errorTitle, query.error);

  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={errorTitle}
        description={serverMessage(query.error)}
        action={
          <Button onClick={() => void query.refetch()} loading={query.isFetching}>
            Réessayer
          </Button>
        }
      />
    );
  }
  const loaded = query.data ?? [];
  const items = select === undefined ? loaded : select(loaded);
  const more = query.hasMore === true;
  const footer = <MoreRecords query={query} count={loaded.length} />;
  if (items.length === 0) {
    return more ? (
      <>
        {empty}
        {footer}
      </>
    ) : (
      empty
    );
  }
  return (
    <>
      <ul className={className} aria-label={label}>
        {items.map((item) => (
          <li key={item.id} className={itemClassName}>
            {children(item)}
          </li>
        ))}
      </ul>
      {footer}
    </>
  );
}

/**
 * Under a paged list of more than one page (`SCREEN_LIST_LIMIT` records a page, API.md "Lists"): how
 * many records are read (« 50+ résultats » while more remain) and 'Charger plus', which reads the
 * next page. Nothing for a list of one page.
 */
export function MoreRecords<TItem>({ query, count }: { query: ListQueryState<TItem>; count: number }) {
  const more = query.hasMore === true;
  if (!more && count <= SCREEN_LIST_LIMIT) return null;
  return (
    <div className={styles.more}>
      <span role="status">{loadedCountText(count, more)}</span>
      {more && (
        <Button size="large" loading={query.loadingMore === true} onClick={() => query.loadMore?.()}>
          Charger plus
        </Button>
      )}
    </div>
  );
}

/** One error toast per failure, a failure being known by its time (`errorUpdatedAt`, 0 for none). */
function useErrorToast(failedAt: number, description: string, error: unknown) {
  const { toast } = useToast();
  useEffect(() => {
    if (failedAt !== 0) toast({ variant: 'destructive', title: 'Erreur', description, error });
  }, [failedAt, description, error, toast]);
}
