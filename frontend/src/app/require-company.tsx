import { Result } from 'antd';
import { Navigate, Outlet, useLocation } from 'react-router';

import { PageBody, PageHeader } from '../components/page-header';
import { LoadingState } from '../components/query-list';
import { useMe } from '../features/auth/api/get-me';
import { homePath } from './home-path';
import { mainScreens, settingsScreen } from './screens';

/**
 * The business screens (Tableau de bord … Paramètres) are those of a company. A user without one —
 * the super administrator created by /setup — goes to Système Admin instead, whatever address they
 * typed or came back to after signing in; anyone else without a company is told so. Until the
 * session is known, the screen's header and 'Chargement...' show, and none of its data is asked
 * (a super administrator would only get errors).
 */
export function RequireCompany() {
  const me = useMe();
  const { pathname } = useLocation();
  const user = me.data;

  if (user === undefined) {
    const screen = [...mainScreens, settingsScreen].find((entry) => entry.path === pathname);
    return (
      <>
        {screen && <PageHeader title={screen.title} subtitle={screen.subtitle} />}
        <PageBody>
          <LoadingState />
        </PageBody>
      </>
    );
  }

  if (!user?.companyId) {
    if (user?.role === 'super_admin') return <Navigate to={homePath(user)} replace />;
    return (
      <>
        <PageHeader title="Aucune entreprise" subtitle="Votre compte n'est rattaché à aucune entreprise" />
        <PageBody>
          <Result
            status="info"
            title="Aucune entreprise n'est associée à votre compte"
            subTitle="Les écrans de gestion sont ceux d'une entreprise : demandez à son administrateur de vous y rattacher."
          />
        </PageBody>
      </>
    );
  }

  return <Outlet />;
}
