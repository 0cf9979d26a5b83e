import type { ReactNode } from 'react';

import styles from './dashboard.module.css';

interface WidgetStateProps {
  /** The widget's part of the stats' answer; `undefined` until the page renders the widgets. */
  data: unknown;
  children: ReactNode;
}

/** 'Chargement...' until a widget's content is rendered (after the KPI cards), else the content. */
export function WidgetState({ data, children }: WidgetStateProps) {
  if (data === undefined) return <p className={styles.empty}>Chargement...</p>;
  return <>{children}</>;
}

/** The empty text of a widget (spec section 2). */
export function EmptyText({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}
