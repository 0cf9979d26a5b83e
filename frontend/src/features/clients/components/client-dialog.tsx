import { lazy } from 'react';

import type { ClientsListItem } from '../../../api/clients/list-clients';
import { useUpdateClient } from '../../../api/clients/update-client';
import { useActionToasts } from '../../../components/action-toasts';
import { FormDialog } from '../../../components/form-dialog';

const ClientForm = lazy(() => import('./client-form').then((module) => ({ default: module.ClientForm })));

interface ClientDialogProps {
  client: ClientsListItem;
  onClose: () => void;
}

/** Edits a client with the creation form, sending the `version` read (a change made meanwhile is a 409). */
export function ClientDialog({ client, onClose }: ClientDialogProps) {
  const update = useUpdateClient();
  const notify = useActionToasts();

  return (
    <FormDialog title="Modifier le client" onClose={onClose}>
      <ClientForm
        initial={client}
        submitLabel="Enregistrer"
        busyLabel="Enregistrement..."
        busy={update.isPending}
        onCancel={onClose}
        onSubmit={async (data) => {
          await notify(
            () => update.mutateAsync({ id: client.id, client: { ...data, version: client.version } }),
            {
              success: 'Client mis à jour avec succès',
              failure: 'Erreur lors de la mise à jour du client',
            },
          );
          onClose();
        }}
      />
    </FormDialog>
  );
}
