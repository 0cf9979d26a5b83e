import type { ReactNode } from 'react';

import styles from './dashboard.module.css';

interface WidgetFrameProps {
  title: string;
  /** A long title wraps instead of being cut with an ellipsis (the quantity table's, on a phone). */
  wrapTitle?: boolean;
  children: ReactNode;
}

/**
 * A widget's frame drawn as antd's Card was (white, 1 px border, 8 px radius, a 56 px title bar over
 * a 24 px padded body) in plain elements: the dashboard's first render commits a few elements per
 * widget instead of antd's Card, and its page loads no Card code or CSS (issue 18). A region named
 * after its title.
 */
export function WidgetFrame({ title, wrapTitle = false, children }: WidgetFrameProps) {
  return (
    <section className={styles.card} aria-label={title}>
      <div className={styles.cardHead}>
        <div className={wrapTitle ? styles.cardTitleWraps : styles.cardTitle}>{title}</div>
      </div>
      <div className={styles.cardBody}>{children}</div>
    </section>
  );
}
