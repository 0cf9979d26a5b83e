import { useMe } from '../features/auth/api/get-me';
import { InstallGate } from '../features/setup/components/install-gate';
import { homePath } from './home-path';

/**
 * /setup: once installed, a signed-in person goes on to their home (Système Admin for the super
 * administrator the form just created, who has no company), anyone else to /login.
 */
export function SetupGate() {
  const me = useMe();
  return <InstallGate requires="not-installed" redirectTo={me.data ? homePath(me.data) : '/login'} />;
}
