import type { CompanyProfile } from '@btp/shared/entities/company';
import { Alert, Button, Tabs } from 'antd';
import { useSearchParams } from 'react-router';

import { useCompany } from '../../../api/company/get-company';
import { useCompanyUsers } from '../../../api/company/list-company-users';
import { missingProfileSentence } from '../../../components/company-profile-banner';
import { PageBody, PageHeader, type PageTitles } from '../../../components/page-header';
import { LoadingState } from '../../../components/query-list';
import { serverMessage } from '../../../lib/api';
import { ChartOfAccountsCard } from './chart-of-accounts-card';

import { EinvoicingSettingsCard } from '../../einvoicing/einvoicing-settings-card';
import invoicingStyles from '../../invoicing/components/invoicing.module.css';
import { CompanyProfileForm } from './company-profile-form';
import { CompanyProfileView } from './company-profile-view';
import { CompanyUsers } from './company-users';
import { CostingSettingsCard } from './costing-settings-card';
import { ReminderSettingsCard } from './reminder-settings-card';
import styles from './company-settings.module.css';

/** `/settings?onglet=utilisateurs` opens the users' tab (e.g. from a link about a pending colleague). */
export const TAB_PARAM = 'onglet';
const USERS_TAB = 'utilisateurs';
const ACCOUNTING_TAB = 'comptabilite';
const PROFILE_TAB = 'profil';
/** `/settings?onglet=facturation-electronique`: the plateforme agréée (issue 30). */
export const EINVOICING_TAB = 'facturation-electronique';

export interface CompanySettingsPageProps extends PageTitles {
  /** The signed-in person: a `company_admin` edits and manages users, anyone else reads. */
  role: string;
  currentUserId: string;
  /** After the administrator changed their own account (their sessions end). */
  onOwnAccountChanged: () => void;
}

/** Whether the saved profile lets the company send its quotes and invoices, and what it lacks. */
function ProfileStatus({ profile, admin }: { profile: CompanyProfile; admin: boolean }) {
  const sentence = missingProfileSentence(profile.missingFields);
  if (sentence === undefined) {
    return (
      <Alert
        className={styles.summary}
        type="success"
        showIcon
        title="Profil complet : les devis et les factures peuvent être envoyés."
      />
    );
  }
  return (
    <Alert
      className={styles.summary}
      type="warning"
      showIcon
      title="Profil de l'entreprise incomplet"
      description={admin ? sentence : `${sentence} Seul un administrateur de l'entreprise peut le faire.`}
    />
  );
}

/**
 * "Paramètres de l'entreprise" (issue 13): the company's legal profile, edited by its administrator
 * and read by its other users, and, for the administrator, the company's users in a second tab.
 */
export function CompanySettingsPage({
  title,
  subtitle,
  role,
  currentUserId,
  onOwnAccountChanged,
}: CompanySettingsPageProps) {
  const admin = role === 'company_admin';
  const company = useCompany();
  // Read at once for the administrator: the tab says how many colleagues wait for approval.
  const users = useCompanyUsers({ enabled: admin });
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get(TAB_PARAM);
  const tab =
    asked === USERS_TAB || asked === ACCOUNTING_TAB || asked === EINVOICING_TAB ? asked : PROFILE_TAB;

  let content;
  if (company.isPending) {
    content = <LoadingState />;
  } else if (company.isError) {
    content = (
      <Alert
        type="error"
        showIcon
        title="Erreur lors du chargement des paramètres de l'entreprise"
        description={serverMessage(company.error)}
        action={
          <Button onClick={() => void company.refetch()} loading={company.isFetching}>
            Réessayer
          </Button>
        }
      />
    );
  } else if (!admin) {
    content = (
      <>
        <Alert
          className={styles.summary}
          type="info"
          showIcon
          title="Seul un administrateur de l'entreprise peut modifier ces informations."
        />
        <ProfileStatus profile={company.data} admin={false} />
        <CompanyProfileView profile={company.data} />
      </>
    );
  } else {
    const pending = users.data?.filter((user) => user.pendingApproval).length ?? 0;
    content = (
      <Tabs
        // On a phone its tabs wrap onto two lines as Facturation's do: no "more" menu (axe).
        className={invoicingStyles.tabs}
        activeKey={tab}
        onChange={(key) =>
          setSearchParams(
            (params) => {
              if (key === PROFILE_TAB) params.delete(TAB_PARAM);
              else params.set(TAB_PARAM, key);
              return params;
            },
            { replace: true },
          )
        }
        items={[
          {
            key: PROFILE_TAB,
            label: 'Profil',
            children: (
              <>
                <ProfileStatus profile={company.data} admin />
                {/* A new version (saved here, or read again after a conflict) starts the form afresh. */}
                <CompanyProfileForm key={company.data.version} profile={company.data} />
                <ReminderSettingsCard key={`reminders-${company.data.version}`} profile={company.data} />
                <CostingSettingsCard key={`costing-${company.data.version}`} profile={company.data} />
              </>
            ),
          },
          {
            key: ACCOUNTING_TAB,
            label: 'Comptabilité',
            children: <ChartOfAccountsCard />,
          },
          {
            key: EINVOICING_TAB,
            label: 'Facturation électronique',
            children: <EinvoicingSettingsCard />,
          },
          {
            key: USERS_TAB,
            label: pending > 0 ? `Utilisateurs (${pending} en attente)` : 'Utilisateurs',
            children: (
              <CompanyUsers
                currentUserId={currentUserId}
                maxUsers={company.data.maxUsers}
                onOwnAccountChanged={onOwnAccountChanged}
              />
            ),
          },
        ]}
      />
    );
  }

  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <PageBody>{content}</PageBody>
    </>
  );
}
