import { companyUserRoles, userRoleLabels, type CompanyUserRole } from '@btp/shared/enums';
import type { CompanyUserUpdateData } from '@btp/shared/entities/company-user';
import { Alert, App, Button, Card, Empty, Select, Tag } from 'antd';

import { useCompanyUsers, type CompanyUser } from '../../../api/company/list-company-users';
import { useUpdateCompanyUser } from '../../../api/company/update-company-user';
import { useActionToasts } from '../../../components/action-toasts';
import { LoadingState } from '../../../components/query-list';
import { serverMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import styles from './company-settings.module.css';

const roleOptions = companyUserRoles.map((role) => ({ value: role, label: userRoleLabels[role] }));

const fullName = (user: CompanyUser) => `${user.firstName} ${user.lastName}`;

/** Colleagues waiting for approval first, then the others in the server's order (newest first). */
function inDisplayOrder(users: readonly CompanyUser[]): CompanyUser[] {
  return [...users.filter((user) => user.pendingApproval), ...users.filter((user) => !user.pendingApproval)];
}

function StatusTag({ user }: { user: CompanyUser }) {
  if (user.pendingApproval) return <Tag color="gold">En attente</Tag>;
  if (!user.isActive) return <Tag>Inactif</Tag>;
  return <Tag color="green">Actif</Tag>;
}

interface CompanyUsersProps {
  /** The signed-in administrator: no 'Désactiver' on their own card, a warning before leaving the role. */
  currentUserId: string;
  /** The company's user limit (its plan), said above the list. */
  maxUsers: number;
  /** After a change of the signed-in administrator's own account (it ends their sessions). */
  onOwnAccountChanged: () => void;
}

/**
 * The company's users for its administrator (issue 13): approve a colleague who joined with
 * « Entreprise existante », give the role of user or administrator, deactivate after a confirmation
 * naming the person, reactivate. The server's refusals (the last administrator, the user limit) are
 * said in a toast with its message.
 */
export function CompanyUsers({ currentUserId, maxUsers, onOwnAccountChanged }: CompanyUsersProps) {
  const users = useCompanyUsers();
  const update = useUpdateCompanyUser();
  const notify = useActionToasts();
  const { modal } = App.useApp();
  const busyId = update.isPending ? update.variables.id : undefined;

  const change = (user: CompanyUser, change: CompanyUserUpdateData, success: string) =>
    notify(() => update.mutateAsync({ id: user.id, change }), {
      success,
      failure: "Erreur lors de la modification de l'utilisateur",
    }).then(
      () => {
        if (user.id === currentUserId) onOwnAccountChanged();
      },
      () => undefined,
    );

  const changeRole = (user: CompanyUser, role: CompanyUserRole) => {
    const name = fullName(user);
    if (user.id === currentUserId && role !== 'company_admin') {
      modal.confirm({
        title: "Quitter le rôle d'administrateur",
        content:
          "Vous ne pourrez plus modifier les paramètres de l'entreprise ni gérer ses utilisateurs, et vous devrez vous reconnecter.",
        okText: 'Confirmer',
        cancelText: 'Annuler',
        okButtonProps: { danger: true, size: 'large' },
        cancelButtonProps: { size: 'large' },
        onOk: () => change(user, { role }, 'Votre rôle a été modifié'),
      });
      return;
    }
    void change(
      user,
      { role },
      `${name} est maintenant ${userRoleLabels[role].toLowerCase()} (nouvelle connexion nécessaire)`,
    );
  };

  const confirmDeactivation = (user: CompanyUser) => {
    const name = fullName(user);
    modal.confirm({
      title: "Désactiver l'utilisateur",
      content: `Voulez-vous vraiment désactiver ${name} ? Cette personne ne pourra plus se connecter.`,
      okText: 'Désactiver',
      cancelText: 'Annuler',
      okButtonProps: { danger: true, size: 'large' },
      cancelButtonProps: { size: 'large' },
      onOk: () => change(user, { isActive: false }, `${name} a été désactivé(e)`),
    });
  };

  if (users.isPending) return <LoadingState />;
  if (users.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="Erreur lors du chargement des utilisateurs"
        description={serverMessage(users.error)}
        action={
          <Button onClick={() => void users.refetch()} loading={users.isFetching}>
            Réessayer
          </Button>
        }
      />
    );
  }

  const active = users.data.filter((user) => user.isActive).length;
  return (
    <section aria-label="Utilisateurs de l'entreprise">
      <p className={styles.usersIntro}>
        {active} utilisateur{active > 1 ? 's' : ''} actif{active > 1 ? 's' : ''} sur {maxUsers} autorisé
        {maxUsers > 1 ? 's' : ''} par votre abonnement. Un collègue qui s'inscrit avec « Entreprise existante
        » attend votre approbation avant de pouvoir se connecter.
      </p>
      {users.data.length === 0 ? (
        <Empty description="Aucun utilisateur" />
      ) : (
        <ul className={styles.users} aria-label="Utilisateurs">
          {inDisplayOrder(users.data).map((user) => {
            const name = fullName(user);
            const self = user.id === currentUserId;
            const busy = busyId === user.id;
            return (
              <li key={user.id}>
                <Card styles={{ body: { padding: 16 } }} style={{ height: '100%' }}>
                  <div className={styles.userHead}>
                    <h3 className={styles.userName}>{name}</h3>
                    <span>
                      {self && <Tag color="blue">Vous</Tag>}
                      <StatusTag user={user} />
                    </span>
                  </div>
                  <span className={styles.secondary}>{user.email}</span>
                  <span className={styles.secondary}>
                    {user.lastLoginAt
                      ? `Dernière connexion : ${formatDateTime(user.lastLoginAt)}`
                      : 'Jamais connecté(e)'}
                  </span>
                  <div className={styles.userRole}>
                    <span className={styles.secondary}>Rôle</span>
                    <Select<CompanyUserRole>
                      size="large"
                      aria-label={`Rôle de ${name}`}
                      value={user.role === 'company_admin' ? 'company_admin' : 'user'}
                      options={roleOptions}
                      disabled={busy}
                      onChange={(role) => changeRole(user, role)}
                    />
                  </div>
                  <div className={styles.userActions}>
                    {user.pendingApproval && (
                      <Button
                        type="primary"
                        size="large"
                        loading={busy}
                        aria-label={`Approuver ${name}`}
                        onClick={() =>
                          void change(user, { isActive: true }, `${name} peut maintenant se connecter`)
                        }
                      >
                        Approuver
                      </Button>
                    )}
                    {!user.isActive && !user.pendingApproval && (
                      <Button
                        size="large"
                        loading={busy}
                        aria-label={`Réactiver ${name}`}
                        onClick={() => void change(user, { isActive: true }, `${name} a été réactivé(e)`)}
                      >
                        Réactiver
                      </Button>
                    )}
                    {user.isActive && !self && (
                      <Button
                        size="large"
                        danger
                        disabled={busy}
                        aria-label={`Désactiver ${name}`}
                        onClick={() => confirmDeactivation(user)}
                      >
                        Désactiver
                      </Button>
                    )}
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
