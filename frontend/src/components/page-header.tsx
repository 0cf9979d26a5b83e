import { MenuOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { createContext, useContext, type ReactNode } from 'react';

import { NotificationBell } from './notification-bell';
import styles from './page-header.module.css';

/**
 * Opens the navigation drawer; provided by the signed-in layout below the `md` breakpoint only, where
 * the header shows the button that calls it.
 */
export const OpenNavigationContext = createContext<(() => void) | null>(null);

/** What a screen's page receives from the app layer: its header's title and subtitle (app/screens.ts). */
export interface PageTitles {
  title: string;
  subtitle: string;
}

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** The screen's primary action button, if it has one. */
  action?: ReactNode;
}

/** Spec section 2: title, subtitle, the notifications bell (its dot only while something is unread, issue 17), optional action. */
export function PageHeader({ title, subtitle, action }: PageHeaderProps) {
  const openNavigation = useContext(OpenNavigationContext);
  return (
    <header className={styles.header}>
      {openNavigation !== null && (
        <Button
          type="text"
          className={styles.iconButton}
          aria-label="Ouvrir le menu"
          icon={<MenuOutlined style={{ fontSize: 20 }} />}
          onClick={openNavigation}
        />
      )}
      <div className={styles.titles}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle !== undefined && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
      <NotificationBell />
      {action !== undefined && <div className={styles.action}>{action}</div>}
    </header>
  );
}

/** The content under the page header, with the layout's margins. */
export function PageBody({ children }: { children: ReactNode }) {
  return <div className={styles.body}>{children}</div>;
}
