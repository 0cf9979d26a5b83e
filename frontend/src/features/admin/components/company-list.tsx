import { companyStatusLabels, labelOf, subscriptionPlanLabels } from '@btp/shared/enums';
import { Alert, Button, Card, Empty, Spin, Table, Tag, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';

import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useIsDesktop } from '../../../lib/use-media-query';
import { useCompanyStats, type AdminCompany } from '../api/get-company-stats';
import { activeUsersText } from './admin-figures';
import styles from './admin-list.module.css';
import { CompanyDialog } from './company-dialog';

const LOAD_ERROR = 'Erreur lors du chargement des entreprises';
const EMPTY = 'Aucune entreprise trouvée';

const statusColors: Record<string, string> = {
  active: 'green',
  pending: 'gold',
  suspended: 'orange',
  cancelled: 'red',
};

function StatusTag({ status }: { status: string }) {
  return <Tag color={statusColors[status]}>{labelOf(companyStatusLabels, status)}</Tag>;
}

function PlanTag({ plan }: { plan: string }) {
  const paying = plan === 'premium' || plan === 'enterprise';
  return <Tag color={paying ? 'geekblue' : undefined}>{labelOf(subscriptionPlanLabels, plan)}</Tag>;
}

function usersText(company: AdminCompany): string {
  const limit = company.maxUsers === undefined ? '' : ` (max. ${company.maxUsers})`;
  return `${activeUsersText(company.activeUsers)} / ${company.userCount}${limit}`;
}

function endDateText(company: AdminCompany): string {
  return company.subscriptionEndDate ? formatDate(company.subscriptionEndDate) : '—';
}

/** Spec section 6: every company with its plan, status and users, each editable in a dialog. */
export function CompanyList() {
  const companies = useCompanyStats();
  const { toast } = useToast();
  const desktop = useIsDesktop();
  const [editing, setEditing] = useState<AdminCompany | null>(null);

  const failedAt = companies.isError ? companies.errorUpdatedAt : 0;
  const loadError = companies.error;
  useEffect(() => {
    if (failedAt !== 0)
      toast({ variant: 'destructive', title: 'Erreur', description: LOAD_ERROR, error: loadError });
  }, [failedAt, loadError, toast]);

  const editButton = (company: AdminCompany) => (
    <Button size="large" onClick={() => setEditing(company)} aria-label={`Modifier ${company.name}`}>
      Modifier
    </Button>
  );

  let content;
  if (companies.isPending) {
    content = (
      <div style={{ textAlign: 'center', padding: 32 }}>
        <Spin />
        <div>Chargement...</div>
      </div>
    );
  } else if (companies.isError) {
    content = (
      <Alert
        type="error"
        showIcon
        title={LOAD_ERROR}
        description={serverMessage(companies.error)}
        action={
          <Button onClick={() => void companies.refetch()} loading={companies.isFetching}>
            Réessayer
          </Button>
        }
      />
    );
  } else if (desktop) {
    const columns: TableColumnsType<AdminCompany> = [
      {
        title: 'Entreprise',
        key: 'name',
        render: (_, company) => (
          <>
            <strong>{company.name}</strong>
            {company.email !== undefined && <span className={styles.secondary}>{company.email}</span>}
          </>
        ),
      },
      {
        title: 'Abonnement',
        key: 'plan',
        render: (_, company) => <PlanTag plan={company.subscriptionPlan} />,
      },
      { title: 'Statut', key: 'status', render: (_, company) => <StatusTag status={company.status} /> },
      { title: 'Utilisateurs', key: 'users', render: (_, company) => usersText(company) },
      { title: "Fin d'abonnement", key: 'end', render: (_, company) => endDateText(company) },
      { title: 'Actions', key: 'actions', render: (_, company) => editButton(company) },
    ];
    content = (
      <Table<AdminCompany>
        rowKey="id"
        dataSource={companies.data}
        columns={columns}
        pagination={companies.data.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        locale={{ emptyText: <Empty description={EMPTY} /> }}
        scroll={{ x: 'max-content' }}
      />
    );
  } else if (companies.data.length === 0) {
    content = <Empty description={EMPTY} />;
  } else {
    content = (
      <ul className={styles.cards} aria-label="Entreprises">
        {companies.data.map((company) => (
          <li key={company.id}>
            <Card styles={{ body: { padding: 16 } }}>
              <div className={styles.cardHead}>
                <div className={styles.cardTitle}>
                  <strong>{company.name}</strong>
                  {company.email !== undefined && <span className={styles.secondary}>{company.email}</span>}
                </div>
                <StatusTag status={company.status} />
              </div>
              <dl className={styles.facts}>
                <dt>Abonnement</dt>
                <dd>
                  <PlanTag plan={company.subscriptionPlan} />
                </dd>
                <dt>Utilisateurs</dt>
                <dd>{usersText(company)}</dd>
                <dt>Fin</dt>
                <dd>{endDateText(company)}</dd>
              </dl>
              <div className={styles.actions}>{editButton(company)}</div>
            </Card>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-label="Entreprises">
      {content}
      {editing !== null && (
        <CompanyDialog key={editing.id} company={editing} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}
