import { lazy } from 'react';

import { useCreateSupplier } from '../../../api/suppliers/create-supplier';
import type { SuppliersListItem } from '../../../api/suppliers/list-suppliers';
import { useUpdateSupplier } from '../../../api/suppliers/update-supplier';
import { useActionToasts } from '../../../components/action-toasts';
import { FormDialog } from '../../../components/form-dialog';

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
  const create = useCreateSupplier();
  const update = useUpdateSupplier();
  const notify = useActionToasts();

  return (
    <FormDialog
      title={supplier ? 'Modifier le fournisseur' : 'Nouveau Fournisseur'}
      width={720}
      onClose={onClose}
    >
      <SupplierForm
        initial={supplier}
        submitLabel={supplier ? 'Enregistrer' : 'Créer le fournisseur'}
        busyLabel={supplier ? 'Enregistrement...' : 'Création...'}
        busy={create.isPending || update.isPending}
        onCancel={onClose}
        onSubmit={async (data) => {
          if (supplier) {
            await notify(
              () => update.mutateAsync({ id: supplier.id, supplier: { ...data, version: supplier.version } }),
              {
                success: 'Fournisseur mis à jour avec succès',
                failure: 'Erreur lors de la mise à jour du fournisseur',
              },
            );
          } else {
            await notify(() => create.mutateAsync(data), {
              success: 'Fournisseur créé avec succès',
              failure: 'Erreur lors de la création du fournisseur',
            });
          }
          onClose();
        }}
      />
    </FormDialog>
  );
}
