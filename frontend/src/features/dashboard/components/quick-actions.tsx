import { FileAddOutlined, SnippetsOutlined, UploadOutlined, UserAddOutlined } from '@ant-design/icons';

import { ButtonLink } from '../../../components/button-link';
import styles from './dashboard.module.css';
import { WidgetFrame } from './widget-frame';

/** 'Actions Rapides' (spec section 2): each button opens the screen where the action is done. */
const actions = [
  { label: 'Nouveau Devis', to: '/quotes', icon: <FileAddOutlined /> },
  { label: 'Nouveau Client', to: '/clients', icon: <UserAddOutlined /> },
  { label: 'Upload Document', to: '/documents', icon: <UploadOutlined /> },
  { label: "État d'Avancement", to: '/work-tracking', icon: <SnippetsOutlined /> },
];

export function QuickActions() {
  return (
    <WidgetFrame title="Actions Rapides">
      <div className={styles.actions}>
        {actions.map((action) => (
          <ButtonLink key={action.to} to={action.to} icon={action.icon} size="large">
            {action.label}
          </ButtonLink>
        ))}
      </div>
    </WidgetFrame>
  );
}
