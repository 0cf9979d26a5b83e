import { Tabs } from 'antd';

import { PageBody } from '../../../components/page-header';
import { AdminStatsCards } from './admin-stats-cards';
import { CompanyList } from './company-list';
import { UserList } from './user-list';

/**
 * The body of the Système Admin screen (spec sections 2 and 6), shown to super administrators only:
 * the route's guard checks the role before any admin data is fetched.
 */
export function AdminPage({ currentUserId }: { currentUserId: string }) {
  return (
    <PageBody>
      <AdminStatsCards />
      <Tabs
        items={[
          { key: 'users', label: 'Utilisateurs', children: <UserList currentUserId={currentUserId} /> },
          { key: 'companies', label: 'Entreprises', children: <CompanyList /> },
        ]}
      />
    </PageBody>
  );
}
