// antd's CSS for the signed-in layout and the dashboard, extracted at build time (antd-static-css.ts).
import 'virtual:antd-css/layout.css';
import { App, Drawer } from 'antd';
import { useCallback, useState } from 'react';
import { Outlet } from 'react-router';

import { OpenNavigationContext } from '../components/page-header';
import { useIsDesktop } from '../lib/use-media-query';
import styles from './app-layout.module.css';
import { Sidebar } from './sidebar';

/**
 * The frame of every signed-in screen (spec section 2): the sidebar beside the page from the `md`
 * breakpoint up, below it a drawer opened from the page header (DESIGN.md section 5). antd's <App>
 * gives the screens' confirmation dialogs their context; it lives here, not in the providers, so that
 * the screens seen before signing in load none of antd's dialog, message and notification code.
 */
export function AppLayout() {
  return (
    <App component={false}>
      <Shell />
    </App>
  );
}

function Shell() {
  const desktop = useIsDesktop();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const openDrawer = useCallback(() => setDrawerOpen(true), []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  return (
    <div className={styles.shell}>
      {desktop ? (
        <aside className={styles.sider}>
          <Sidebar />
        </aside>
      ) : (
        <Drawer
          open={drawerOpen}
          onClose={closeDrawer}
          placement="left"
          size={280}
          closable={false}
          styles={{ body: { padding: 0 } }}
          aria-label="Menu"
        >
          <Sidebar onNavigate={closeDrawer} onClose={closeDrawer} />
        </Drawer>
      )}
      <OpenNavigationContext.Provider value={desktop ? null : openDrawer}>
        <main className={styles.main}>
          <Outlet />
        </main>
      </OpenNavigationContext.Provider>
    </div>
  );
}
