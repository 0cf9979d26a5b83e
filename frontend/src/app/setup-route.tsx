// antd's CSS for the screens past /login, extracted at build time (antd-static-css.ts).
import 'virtual:antd-css/app.css';
import { useQueryClient } from '@tanstack/react-query';

import { storeSignedInUser } from '../features/auth/api/get-me';
import { SetupPage } from '../features/setup/components/setup-page';

/** The installation form; the super administrator it creates is signed in at once. */
export function SetupRoute() {
  const queryClient = useQueryClient();
  return <SetupPage onInstalled={(user) => storeSignedInUser(queryClient, user)} />;
}
