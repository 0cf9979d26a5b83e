// antd's CSS for the screens past /login, extracted at build time (antd-static-css.ts).
import 'virtual:antd-css/app.css';

import { useMe } from '../../features/auth/api/get-me';
import { FinancesPage } from '../../features/finances/components/finances-page';
import type { ScreenTitles } from '../screens';

/** /finances: the figures for every user; « Export comptable » for the company's administrators. */
export function Screen(titles: ScreenTitles) {
  const me = useMe();
  return <FinancesPage {...titles} canExport={me.data?.role === 'company_admin'} />;
}
