// antd's CSS for the screens past /login, extracted at build time (antd-static-css.ts).
import 'virtual:antd-css/app.css';
import { Result, Spin, Typography } from 'antd';

import { PageBody, PageHeader } from '../components/page-header';
import { AdminPage } from '../features/admin/components/admin-page';
import { useMe } from '../features/auth/api/get-me';
import { adminScreen } from './screens';

/**
 * Spec section 6: /admin is for super administrators only, and its data is fetched only for them.
 * The role is checked against `/api/auth/me` before the admin screen mounts.
 */
export function AdminRoute() {
  const me = useMe();
  const header = <PageHeader title={adminScreen.title} subtitle={adminScreen.subtitle} />;

  if (me.data?.role === 'super_admin') {
    return (
      <>
        {header}
        <AdminPage currentUserId={me.data.id} />
      </>
    );
  }

  let content;
  if (me.isPending) {
    content = (
      <div role="status" style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
        <Typography.Paragraph style={{ marginTop: 12 }}>
          Vérification des autorisations...
        </Typography.Paragraph>
      </div>
    );
  } else if (!me.data) {
    content = (
      <Result
        status="error"
        title="Erreur d'authentification"
        subTitle="Impossible de vérifier vos permissions."
      />
    );
  } else {
    content = (
      <Result
        status="warning"
        title="Accès refusé"
        subTitle="Cette section est réservée aux super administrateurs."
      />
    );
  }

  return (
    <>
      {header}
      <PageBody>{content}</PageBody>
    </>
  );
}
