import { Alert } from 'antd';
import type { ReactNode } from 'react';

import styles from './dashboard.module.css';

interface WidgetStateProps {
  /** The list query behind the widget. */
  query: { isPending: boolean; isError: boolean };
  /** What the widget says when its list fails to load. */
  errorText: string;
  children: ReactNode;
}

/** 'Chargement...' while a widget's list loads, an error line if it fails, else the widget's content. */
export function WidgetState({ query, errorText, children }: WidgetStateProps) {
  if (query.isError) return <Alert type="error" showIcon title={errorText} />;
  if (query.isPending) return <p className={styles.empty}>Chargement...</p>;
  return <>{children}</>;
}

/** The empty text of a widget (spec section 2). */
export function EmptyText({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}
