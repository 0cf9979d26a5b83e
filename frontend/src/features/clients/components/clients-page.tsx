import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

import { useCreateClient } from '../../../api/clients/create-client';
import { useDeleteClient } from '../../../api/clients/delete-client';
import { useClientsList, type ClientsListItem } from '../../../api/clients/list-clients';
import { PageBody, PageHeader } from '../../../components/page-header';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { ClientDialog } from './client-dialog';
import styles from './clients-page.module.css';

// The form loads when the person opens it; the list alone does not need it.
const ClientForm = lazy(() => import('./client-form').then((module) => ({ default: module.ClientForm })));

const LOAD_ERROR = 'Erreur lors du chargement des clients';

/** The search parameter that opens the creation form (`/clients?nouveau`), e.g. from a shortcut. */
export const CREATE_PARAM = 'nouveau';

interface ClientsPageProps {
  title: string;
  subtitle: string;
}

/**
 * Spec section 2 "Clients": a toggle shows the creation form, clients are listed as name and e-mail
 * lines; each can be edited in a dialog or deleted after a confirmation.
 */
export function ClientsPage({ title, subtitle }: ClientsPageProps) {
  const clients = useClientsList();
  const create = useCreateClient();
  const remove = useDeleteClient();
  const { toast } = useToast();
  const { modal } = App.useApp();
  const [searchParams] = useSearchParams();
  const [creating, setCreating] = useState(() => searchParams.has(CREATE_PARAM));
  const [editing, setEditing] = useState<ClientsListItem | null>(null);

  const failedAt = clients.isError ? clients.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt !== 0) toast({ variant: 'destructive', title: 'Erreur', description: LOAD_ERROR });
  }, [failedAt, toast]);

  const confirmDelete = (client: ClientsListItem) => {
    modal.confirm({
      title: 'Supprimer le client',
      content: `Voulez-vous vraiment supprimer le client « ${client.name} » ? Cette action est irréversible.`,
      okText: 'Supprimer',
      cancelText: 'Annuler',
      okButtonProps: { danger: true, size: 'large' },
      cancelButtonProps: { size: 'large' },
      onOk: async () => {
        try {
          await remove.mutateAsync(client.id);
          toast({ title: 'Succès', description: 'Client supprimé avec succès' });
        } catch (error) {
          toast({
            variant: 'destructive',
            title: 'Erreur',
            description: serverMessage(error) ?? 'Erreur lors de la suppression du client',
          });
        }
      },
    });
  };

  let content;
  if (clients.isPending) {
    content = (
      <div className={styles.centered}>
        <Spin />
        <div>Chargement...</div>
      </div>
    );
  } else if (clients.isError) {
    content = (
      <Alert
        type="error"
        showIcon
        title={LOAD_ERROR}
        description={serverMessage(clients.error)}
        action={
          <Button onClick={() => void clients.refetch()} loading={clients.isFetching}>
            Réessayer
          </Button>
        }
      />
    );
  } else if (clients.data.length === 0) {
    content = <Empty description="Aucun client" />;
  } else {
    content = (
      <ul className={styles.list} aria-label="Clients">
        {clients.data.map((client) => (
          <li key={client.id} className={styles.item}>
            <div className={styles.lines}>
              <span className={styles.name}>{client.name}</span>
              {client.email !== undefined && (
                <a className={styles.secondary} href={`mailto:${client.email}`}>
                  {client.email}
                </a>
              )}
              <ContactLine client={client} />
            </div>
            <div className={styles.actions}>
              <Button size="large" onClick={() => setEditing(client)} aria-label={`Modifier ${client.name}`}>
                Modifier
              </Button>
              <Button
                size="large"
                danger
                onClick={() => confirmDelete(client)}
                aria-label={`Supprimer ${client.name}`}
              >
                Supprimer
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        action={
          <Button
            type={creating ? 'default' : 'primary'}
            size="large"
            icon={creating ? <CloseOutlined aria-hidden /> : <PlusOutlined aria-hidden />}
            aria-expanded={creating}
            onClick={() => setCreating((shown) => !shown)}
          >
            {creating ? 'Fermer' : 'Nouveau Client'}
          </Button>
        }
      />
      <PageBody>
        {creating && (
          <Card title="Nouveau client" className={styles.createCard}>
            <Suspense fallback={<Spin />}>
              <ClientForm
                submitLabel="Créer le client"
                busyLabel="Création..."
                busy={create.isPending}
                onSubmit={async (data) => {
                  try {
                    await create.mutateAsync(data);
                    toast({ title: 'Succès', description: 'Client créé avec succès' });
                    setCreating(false);
                  } catch (error) {
                    toast({
                      variant: 'destructive',
                      title: 'Erreur',
                      description: serverMessage(error) ?? 'Erreur lors de la création du client',
                    });
                    throw error;
                  }
                }}
              />
            </Suspense>
          </Card>
        )}
        {content}
      </PageBody>
      {editing !== null && (
        <ClientDialog key={editing.id} client={editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

/** Contact person, phone and city under the e-mail, when known. */
function ContactLine({ client }: { client: ClientsListItem }) {
  const parts = [client.contactPerson, client.phone, client.city].filter(
    (part): part is string => part !== undefined,
  );
  if (parts.length === 0) return null;
  return <span className={styles.secondary}>{parts.join(' · ')}</span>;
}
