import type { AdminUserUpdateData } from '@btp/shared/entities/admin';
import { adminDialogRoleLabels, userRoles, type UserRole } from '@btp/shared/enums';
import { Form, Select, Switch, Typography } from 'antd';
import { useState } from 'react';

import { ResponsiveModal } from '../../../components/responsive-modal';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import type { AdminUser } from '../api/get-admin-users';
import { useUpdateAdminUser } from '../api/update-admin-user';

interface UserDraft {
  role: UserRole;
  isActive: boolean;
}

/** Spec section 5: the update sends only what changed; nothing when nothing changed. */
export function changedUserFields(
  user: Pick<AdminUser, 'role' | 'isActive'>,
  draft: UserDraft,
): AdminUserUpdateData {
  const changes: AdminUserUpdateData = {};
  if (draft.role !== user.role) changes.role = draft.role;
  if (draft.isActive !== user.isActive) changes.isActive = draft.isActive;
  return changes;
}

/** The dialog's role choices, in the spec's order: 'Utilisateur', 'Admin Entreprise', 'Super Admin'. */
const roleOptions = [...userRoles]
  .reverse()
  .map((role) => ({ value: role, label: adminDialogRoleLabels[role] }));

interface UserDialogProps {
  user: AdminUser;
  onClose: () => void;
}

/** Spec section 6: a super administrator changes a user's role and active flag. */
export function UserDialog({ user, onClose }: UserDialogProps) {
  const { toast } = useToast();
  const update = useUpdateAdminUser();
  const [draft, setDraft] = useState<UserDraft>({ role: user.role, isActive: user.isActive });
  const name = `${user.firstName} ${user.lastName}`;

  const save = async () => {
    const changes = changedUserFields(user, draft);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    try {
      await update.mutateAsync({ id: user.id, changes });
      toast({ title: 'Succès', description: 'Utilisateur mis à jour avec succès' });
      onClose();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? 'Erreur lors de la mise à jour',
        error,
      });
    }
  };

  return (
    <ResponsiveModal
      open
      title="Gérer l'utilisateur"
      okText="Enregistrer"
      cancelText="Annuler"
      okButtonProps={{ size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
      confirmLoading={update.isPending}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph style={{ marginBottom: 16 }}>
        <Typography.Text strong>{name}</Typography.Text>
        <br />
        <Typography.Text type="secondary">
          {user.email}
          {user.company?.name ? ` · ${user.company.name}` : ''}
        </Typography.Text>
      </Typography.Paragraph>
      <Form layout="vertical" size="large" component="div">
        <Form.Item label="Rôle" htmlFor="admin-user-role">
          <Select
            id="admin-user-role"
            value={draft.role}
            options={roleOptions}
            onChange={(role: UserRole) => setDraft((current) => ({ ...current, role }))}
          />
        </Form.Item>
        <Form.Item label="Compte actif" htmlFor="admin-user-active" style={{ marginBottom: 0 }}>
          <Switch
            id="admin-user-active"
            checked={draft.isActive}
            onChange={(isActive) => setDraft((current) => ({ ...current, isActive }))}
          />
        </Form.Item>
      </Form>
    </ResponsiveModal>
  );
}
