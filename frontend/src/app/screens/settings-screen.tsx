// antd's CSS for the screens past /login, extracted at build time (antd-static-css.ts).
import 'virtual:antd-css/app.css';
import { useQueryClient } from '@tanstack/react-query';
import { Result } from 'antd';

import { PageBody, PageHeader } from '../../components/page-header';
import { LoadingState } from '../../components/query-list';
import { meQueryOptions, useMe } from '../../features/auth/api/get-me';
import { CompanySettingsPage } from '../../features/company/components/company-settings-page';
import type { ScreenTitles } from '../screens';

/**
 * /settings: the company's settings for the people of a company, editable by its administrator
 * (the API refuses the others' writes with 403 anyway). A super administrator has no company.
 */
export function Screen(titles: ScreenTitles) {
  const me = useMe();
  const queryClient = useQueryClient();

  if (me.data?.companyId) {
    return (
      <CompanySettingsPage
        {...titles}
        role={me.data.role}
        currentUserId={me.data.id}
        // A change of one's own role ends one's sessions: reading the session again shows what is left.
        onOwnAccountChanged={() =>
          void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey })
        }
      />
    );
  }

  return (
    <>
      <PageHeader {...titles} />
      <PageBody>
        {me.data === undefined ? (
          <LoadingState />
        ) : (
          <Result
            status="info"
            title="Aucune entreprise"
            subTitle="Aucune entreprise n'est associée à votre compte : ces paramètres sont ceux d'une entreprise."
          />
        )}
      </PageBody>
    </>
  );
}
