import { Button, Spin } from 'antd';
import { lazy, Suspense } from 'react';

import { useCreateSupplier } from '../../../api/suppliers/create-supplier';
import type { SuppliersListItem } from '../../../api/suppliers/list-suppliers';
import { useUpdateSupplier } from '../../../api/suppliers/update-supplier';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';

// The form (its grid, number input and tag input) loads with the dialog's first opening.
const SupplierForm = lazy(() =>
  import('./supplier-form').then((module) => ({ default: module.SupplierForm })),
);

interface SupplierDialogProps {
  /** The supplier edited; the dialog creates one when absent. */
  supplier?: SuppliersListItem | undefined;
  onClose: () => void;
}

/**
 * 'Nouveau Fournisseur' (spec sections 2 and 8), or the same form editing a supplier with the
 * `version` read (a change made meanwhile is a 409 whose message the toast shows).
 */
export function SupplierDialog({ supplier, onClose }: SupplierDialogProps) {
  const { toast } = useToast();
  const create = useCreateSupplier();
  const update = useUpdateSupplier();
  const editing = supplier !== undefined;

  return (
    <ResponsiveModal
      open
      title={editing ? 'Modifier le fournisseur' : 'Nouveau Fournisseur'}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={720}
    >
      <Suspense
        fallback={
          <div style={{ textAlign: 'center', padding: 32 }}>
            <Spin />
            <div>Chargement...</div>
          </div>
        }
      >
        <SupplierForm
          initial={supplier}
          submitLabel={editing ? 'Enregistrer' : 'Créer le fournisseur'}
          busyLabel={editing ? 'Enregistrement...' : 'Création...'}
          busy={create.isPending || update.isPending}
          extraAction={
            <Button onClick={onClose} style={{ flex: '1 1 auto', maxWidth: 320 }}>
              Annuler
            </Button>
          }
          onSubmit={async (data) => {
            try {
              if (editing) {
                await update.mutateAsync({
                  id: supplier.id,
                  supplier: { ...data, version: supplier.version },
                });
                toast({ title: 'Succès', description: 'Fournisseur mis à jour avec succès' });
              } else {
                await create.mutateAsync(data);
                toast({ title: 'Succès', description: 'Fournisseur créé avec succès' });
              }
              onClose();
            } catch (error) {
              const fallback = editing
                ? 'Erreur lors de la mise à jour du fournisseur'
                : 'Erreur lors de la création du fournisseur';
              toast({
                variant: 'destructive',
                title: 'Erreur',
                description: serverMessage(error) ?? fallback,
              });
              throw error;
            }
          }}
        />
      </Suspense>
    </ResponsiveModal>
  );
}
