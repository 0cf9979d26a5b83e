import { SearchOutlined } from '@ant-design/icons';
import { roleLabel, userRoles, type UserRole } from '@btp/shared/enums';
import { foldedText } from '@btp/shared/text-fold';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Input,
  Select,
  Spin,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { useEffect, useState, type ReactNode } from 'react';

import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useIsDesktop } from '../../../lib/use-media-query';
import { useDeactivateAdminUser } from '../api/deactivate-admin-user';
import { useAdminUsers, type AdminUser } from '../api/get-admin-users';
import styles from './admin-list.module.css';
import { UserDialog } from './user-dialog';

const LOAD_ERROR = 'Erreur lors du chargement des utilisateurs';
const EMPTY = 'Aucun utilisateur trouvé';

type RoleFilter = UserRole | 'all';

const roleFilterOptions = [
  { value: 'all', label: 'Tous les rôles' },
  ...userRoles.map((role) => ({ value: role, label: roleLabel(role) })),
];

const roleColors: Record<string, string> = { super_admin: 'purple', company_admin: 'blue' };

function fullName(user: AdminUser): string {
  return `${user.firstName} ${user.lastName}`;
}

/** Users whose name, username, e-mail or company contains `search`, with the chosen role. */
export function filterUsers(users: AdminUser[], search: string, role: RoleFilter): AdminUser[] {
  const needle = foldedText(search.trim());
  return users.filter(
    (user) =>
      (role === 'all' || user.role === role) &&
      (needle === '' ||
        foldedText([fullName(user), user.username, user.email, user.company?.name ?? ''].join(' ')).includes(
          needle,
        )),
  );
}

function RoleTag({ role }: { role: string }) {
  return <Tag color={roleColors[role]}>{roleLabel(role)}</Tag>;
}

function StatusTag({ active }: { active: boolean }) {
  return active ? <Tag color="green">Actif</Tag> : <Tag>Inactif</Tag>;
}

/** Spec section 6: every user, searchable and filtered by role, with their dialog and deactivation. */
export function UserList({ currentUserId }: { currentUserId: string }) {
  const users = useAdminUsers();
  const deactivate = useDeactivateAdminUser();
  const { modal } = App.useApp();
  const { toast } = useToast();
  const desktop = useIsDesktop();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<RoleFilter>('all');
  const [editing, setEditing] = useState<AdminUser | null>(null);

  const failedAt = users.isError ? users.errorUpdatedAt : 0;
  const loadError = users.error;
  useEffect(() => {
    if (failedAt !== 0)
      toast({ variant: 'destructive', title: 'Erreur', description: LOAD_ERROR, error: loadError });
  }, [failedAt, loadError, toast]);

  const confirmDeactivation = (user: AdminUser) => {
    modal.confirm({
      title: "Désactiver l'utilisateur",
      content: `Voulez-vous vraiment désactiver ${fullName(user)} ? Cette personne ne pourra plus se connecter.`,
      okText: 'Désactiver',
      okButtonProps: { danger: true, size: 'large' },
      cancelButtonProps: { size: 'large' },
      cancelText: 'Annuler',
      onOk: async () => {
        try {
          await deactivate.mutateAsync(user.id);
          toast({ title: 'Succès', description: 'Utilisateur désactivé avec succès' });
        } catch (error) {
          toast({
            variant: 'destructive',
            title: 'Erreur',
            description: serverMessage(error) ?? 'Erreur lors de la désactivation',
            error,
          });
        }
      },
    });
  };

  const actions = (user: AdminUser) => (
    <>
      <Button size="large" onClick={() => setEditing(user)} aria-label={`Modifier ${fullName(user)}`}>
        Modifier
      </Button>
      {user.isActive && user.id !== currentUserId && (
        <Button
          size="large"
          danger
          onClick={() => confirmDeactivation(user)}
          aria-label={`Désactiver ${fullName(user)}`}
        >
          Désactiver
        </Button>
      )}
    </>
  );

  const toolbar = (
    <div className={styles.toolbar}>
      <Input
        className={styles.search}
        size="large"
        allowClear
        prefix={<SearchOutlined />}
        placeholder="Rechercher un utilisateur..."
        aria-label="Rechercher un utilisateur"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <Select<RoleFilter>
        className={styles.filter}
        size="large"
        aria-label="Filtrer par rôle"
        value={role}
        options={roleFilterOptions}
        onChange={setRole}
      />
    </div>
  );

  let content;
  if (users.isPending) {
    content = (
      <div style={{ textAlign: 'center', padding: 32 }}>
        <Spin />
        <div>Chargement...</div>
      </div>
    );
  } else if (users.isError) {
    content = (
      <Alert
        type="error"
        showIcon
        title={LOAD_ERROR}
        description={serverMessage(users.error)}
        action={
          <Button onClick={() => void users.refetch()} loading={users.isFetching}>
            Réessayer
          </Button>
        }
      />
    );
  } else {
    const shown = filterUsers(users.data, search, role);
    content = desktop ? (
      <Table<AdminUser>
        rowKey="id"
        dataSource={shown}
        columns={columns(actions)}
        pagination={shown.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        locale={{ emptyText: <Empty description={EMPTY} /> }}
        tableLayout="fixed"
        scroll={{ x: 880 }}
      />
    ) : shown.length === 0 ? (
      <Empty description={EMPTY} />
    ) : (
      <ul className={styles.cards} aria-label="Utilisateurs">
        {shown.map((user) => (
          <li key={user.id}>
            <Card styles={{ body: { padding: 16 } }}>
              <div className={styles.cardHead}>
                <div className={styles.cardTitle}>
                  <strong>{fullName(user)}</strong>
                  <span className={styles.secondary}>@{user.username}</span>
                </div>
                <StatusTag active={user.isActive} />
              </div>
              <dl className={styles.facts}>
                <dt>E-mail</dt>
                <dd>{user.email}</dd>
                <dt>Entreprise</dt>
                <dd>{user.company?.name ?? '—'}</dd>
                <dt>Rôle</dt>
                <dd>
                  <RoleTag role={user.role} />
                </dd>
                <dt>Connexion</dt>
                <dd>{user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'Jamais'}</dd>
              </dl>
              <div className={styles.actions}>{actions(user)}</div>
            </Card>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-label="Utilisateurs">
      {toolbar}
      {content}
      {editing !== null && <UserDialog key={editing.id} user={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

/**
 * The desktop table fits a 1366 px laptop with its actions in view: the e-mail and username under
 * the name, long texts cut with an ellipsis (whole in their tooltip), fixed widths for the short
 * columns. Narrower, the table scrolls inside itself with the actions pinned to the right.
 */
function columns(actions: (user: AdminUser) => ReactNode): TableColumnsType<AdminUser> {
  return [
    {
      title: 'Utilisateur',
      key: 'name',
      render: (_, user) => (
        <>
          <strong className={styles.line} title={fullName(user)}>
            {fullName(user)}
          </strong>
          <span className={`${styles.secondary} ${styles.line}`} title={user.email}>
            {user.email}
          </span>
          <span className={`${styles.secondary} ${styles.line}`} title={`@${user.username}`}>
            @{user.username}
          </span>
        </>
      ),
    },
    {
      title: 'Entreprise',
      key: 'company',
      ellipsis: { showTitle: true },
      render: (_, user) => user.company?.name ?? '—',
    },
    { title: 'Rôle', key: 'role', width: 150, render: (_, user) => <RoleTag role={user.role} /> },
    {
      title: 'Statut',
      key: 'status',
      width: 100,
      render: (_, user) => <StatusTag active={user.isActive} />,
    },
    {
      title: 'Dernière connexion',
      key: 'lastLoginAt',
      width: 130,
      render: (_, user) => (user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'Jamais'),
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 240,
      fixed: 'right',
      render: (_, user) => <div className={styles.rowActions}>{actions(user)}</div>,
    },
  ];
}
