import { BellOutlined, MenuOutlined } from '@ant-design/icons';
import { Badge, Button, Popover } from 'antd';
import { createContext, useContext, type ReactNode } from 'react';

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

/** Spec section 2: title, subtitle, the notifications bell with its unread dot, optional action. */
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
      <Popover
        trigger="click"
        placement="bottomRight"
        title="Notifications"
        content="Aucune nouvelle notification."
      >
        <Button
          type="text"
          className={styles.iconButton}
          aria-label="Notifications"
          icon={
            <Badge dot offset={[-2, 2]}>
              <BellOutlined style={{ fontSize: 20 }} />
            </Badge>
          }
        />
      </Popover>
      {action !== undefined && <div className={styles.action}>{action}</div>}
    </header>
  );
}

/** The content under the page header, with the layout's margins. */
export function PageBody({ children }: { children: ReactNode }) {
  return <div className={styles.body}>{children}</div>;
}
