import { Button, Spin } from 'antd';
import { lazy, Suspense } from 'react';

import { ResponsiveModal } from '../../../components/responsive-modal';
import { useToast } from '../../../components/toast';
import type { ClientsListItem } from '../../../api/clients/list-clients';
import { useUpdateClient } from '../../../api/clients/update-client';
import { serverMessage } from '../../../lib/api';

const ClientForm = lazy(() => import('./client-form').then((module) => ({ default: module.ClientForm })));

interface ClientDialogProps {
  client: ClientsListItem;
  onClose: () => void;
}

/** Edits a client with the creation form, sending the `version` read (a change made meanwhile is a 409). */
export function ClientDialog({ client, onClose }: ClientDialogProps) {
  const { toast } = useToast();
  const update = useUpdateClient();

  return (
    <ResponsiveModal open title="Modifier le client" footer={null} onCancel={onClose} destroyOnHidden>
      <Suspense
        fallback={
          <div style={{ textAlign: 'center', padding: 32 }}>
            <Spin />
            <div>Chargement...</div>
          </div>
        }
      >
        <ClientForm
          initial={client}
          submitLabel="Enregistrer"
          busyLabel="Enregistrement..."
          busy={update.isPending}
          extraAction={
            <Button onClick={onClose} style={{ flex: '1 1 auto', maxWidth: 320 }}>
              Annuler
            </Button>
          }
          onSubmit={async (data) => {
            try {
              await update.mutateAsync({ id: client.id, client: { ...data, version: client.version } });
              toast({ title: 'Succès', description: 'Client mis à jour avec succès' });
              onClose();
            } catch (error) {
              toast({
                variant: 'destructive',
                title: 'Erreur',
                description: serverMessage(error) ?? 'Erreur lors de la mise à jour du client',
              });
              throw error;
            }
          }}
        />
      </Suspense>
    </ResponsiveModal>
  );
}
