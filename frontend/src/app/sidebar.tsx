import {
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  CloseOutlined,
  EuroOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  LogoutOutlined,
  ProjectOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { roleLabel } from '@btp/shared/enums';
import { Button, Typography } from 'antd';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

import { AppTooltip } from '../components/app-tooltip';
import { BrandMark } from '../components/brand-mark';
import { useMe } from '../features/auth/api/get-me';
import { useLogout } from '../features/auth/api/logout';
import styles from './app-layout.module.css';
import { adminScreen, mainScreens, settingsScreen, type Screen } from './screens';

const icons: Record<string, ReactNode> = {
  '/': <AppstoreOutlined />,
  '/clients': <TeamOutlined />,
  '/suppliers': <ShopOutlined />,
  '/projects': <ProjectOutlined />,
  '/quotes': <FileTextOutlined />,
  '/library': <BookOutlined />,
  '/purchases': <ShoppingCartOutlined />,
  '/work-tracking': <ToolOutlined />,
  '/invoicing': <EuroOutlined />,
  '/documents': <FolderOpenOutlined />,
  '/finances': <BarChartOutlined />,
  '/settings': <SettingOutlined />,
  '/admin': <SafetyCertificateOutlined />,
};

function NavEntry({ screen, onNavigate }: { screen: Screen; onNavigate?: () => void }) {
  return (
    <li>
      <NavLink
        to={screen.path}
        // '/' only on the dashboard; Clients also on a client's page (/clients/:id).
        end={screen.path === '/'}
        onClick={onNavigate}
        className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
      >
        <span aria-hidden="true">{icons[screen.path]}</span>
        {screen.label}
      </NavLink>
    </li>
  );
}

interface SidebarProps {
  /** Called after a click on an entry: the drawer closes. */
  onNavigate?: () => void;
  /** In the drawer: its close button. */
  onClose?: () => void;
}

/**
 * Spec section 2: the entries (for the people of a company), the 'Administration' part (the company's settings for the people of a
 * company, 'Système Admin' for super administrators), the user and logout.
 */
export function Sidebar({ onNavigate, onClose }: SidebarProps) {
  const me = useMe();
  const logout = useLogout();
  const user = me.data ?? undefined;
  // The business entries are those of a company: hidden from a user known to have none (the
  // super administrator), shown while the session is read.
  const business = user === undefined || Boolean(user.companyId);
  const administration = [
    ...(user?.companyId ? [settingsScreen] : []),
    ...(user?.role === 'super_admin' ? [adminScreen] : []),
  ];

  return (
    <div className={styles.nav}>
      <div className={styles.brand}>
        <BrandMark />
        {onClose !== undefined && (
          <Button
            type="text"
            className={styles.iconButton}
            aria-label="Fermer le menu"
            icon={<CloseOutlined />}
            onClick={onClose}
          />
        )}
      </div>
      <nav className={styles.links} aria-label="Navigation principale">
        {business && (
          <ul className={styles.list}>
            {mainScreens.map((screen) => (
              <NavEntry key={screen.path} screen={screen} onNavigate={onNavigate} />
            ))}
          </ul>
        )}
        {administration.length > 0 && (
          <>
            <h2 className={styles.heading} id="sidebar-administration">
              Administration
            </h2>
            <ul className={styles.list} aria-labelledby="sidebar-administration">
              {administration.map((screen) => (
                <NavEntry key={screen.path} screen={screen} onNavigate={onNavigate} />
              ))}
            </ul>
          </>
        )}
      </nav>
      <div className={styles.footer}>
        <div className={styles.who}>
          <span className={styles.name}>{user ? `${user.firstName} ${user.lastName}` : 'Chargement...'}</span>
          {user !== undefined && <span className={styles.role}>{roleLabel(user.role)}</span>}
          {user?.role === 'company_admin' && user.companyId && (
            // Colleagues join the company ('Entreprise existante') with this identifier; only its
            // administrator sees it, and joining grants nothing until an administrator approves.
            <Typography.Text
              className={styles.role}
              copyable={{
                text: user.companyId,
                tooltips: ["Copier l'identifiant à donner à un collègue", 'Identifiant copié'],
              }}
            >
              Identifiant de l'entreprise
            </Typography.Text>
          )}
        </div>
        <AppTooltip title="Se déconnecter">
          <Button
            type="text"
            className={styles.iconButton}
            aria-label="Se déconnecter"
            icon={<LogoutOutlined />}
            loading={logout.isPending}
            onClick={() => logout.mutate()}
          />
        </AppTooltip>
      </div>
    </div>
  );
}
