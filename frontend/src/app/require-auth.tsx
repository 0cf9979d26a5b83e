import { Button } from 'antd';
import { Navigate, Outlet, useLocation } from 'react-router';

import { FullPageMessage, FullPageText } from '../components/full-page-message';
import { useMe } from '../features/auth/api/get-me';

/**
 * Spec section 2: every screen but /setup, /login and /register shows the login screen when nobody
 * is signed in. The person is sent to /login and comes back here once signed in.
 */
export function RequireAuth() {
  const me = useMe();
  const location = useLocation();

  if (me.data === null) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }

  if (me.data === undefined && me.isError) {
    return (
      <FullPageMessage
        title="Erreur d'authentification"
        action={
          <Button type="primary" size="large" loading={me.isFetching} onClick={() => void me.refetch()}>
            Réessayer
          </Button>
        }
      >
        <FullPageText>Impossible de vérifier vos permissions.</FullPageText>
      </FullPageMessage>
    );
  }

  // While the user loads, the layout already shows (its footer reads 'Chargement...').
  return <Outlet />;
}
