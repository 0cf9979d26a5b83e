import { useMe } from '../features/auth/api/get-me';
import { InstallGate } from '../features/setup/components/install-gate';

/** /setup: once installed, a signed-in person goes on to the dashboard, anyone else to /login. */
export function SetupGate() {
  const me = useMe();
  return <InstallGate requires="not-installed" redirectTo={me.data ? '/' : '/login'} />;
}
