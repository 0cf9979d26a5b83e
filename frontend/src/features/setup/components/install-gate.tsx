import { Button } from 'antd';
import { Navigate, Outlet } from 'react-router';

import { FullPageMessage, FullPageText } from '../../../components/full-page-message';
import { serverMessage } from '../../../lib/api';
import { useSetupStatus } from '../api/get-setup-status';
import { InstallCheckMessage } from './install-check-message';

type InstallState = 'installed' | 'not-installed';

/** Where a route guarded for one state sends the user when the product is in the other. */
const elsewhere: Record<InstallState, string> = {
  installed: '/setup',
  'not-installed': '/login',
};

interface InstallGateProps {
  requires: InstallState;
  /** Where to go when the product is not in the required state, instead of the default above. */
  redirectTo?: string;
}

/**
 * Renders its child routes only when the product is in the required installation state: before
 * installation every screen leads to /setup, afterwards /setup leads to /login.
 */
export function InstallGate({ requires, redirectTo }: InstallGateProps) {
  const status = useSetupStatus();

  if (status.isPending) return <InstallCheckMessage />;

  // A failed refetch keeps the status already known; only a first check that failed stops here.
  if (status.data === undefined) {
    return (
      <FullPageMessage
        title="Impossible de vérifier l'installation"
        action={
          <Button
            type="primary"
            size="large"
            loading={status.isFetching}
            onClick={() => void status.refetch()}
          >
            Réessayer
          </Button>
        }
      >
        <FullPageText>{serverMessage(status.error) ?? status.error?.message}</FullPageText>
      </FullPageMessage>
    );
  }

  const state: InstallState = status.data.installed ? 'installed' : 'not-installed';
  if (state !== requires) return <Navigate to={redirectTo ?? elsewhere[requires]} replace />;
  return <Outlet />;
}
