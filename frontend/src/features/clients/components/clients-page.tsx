import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { clientKindLabels, labelOf } from '@btp/shared/enums';
import { Button, Card, Spin, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';

import { useCreateClient } from '../../../api/clients/create-client';
import { useDeleteClient } from '../../../api/clients/delete-client';
import { useClientsPages, type ClientsListItem } from '../../../api/clients/list-clients';
import { useActionToasts, useConfirmDelete } from '../../../components/action-toasts';
import { PageBody, PageHeader, type PageTitles } from '../../../components/page-header';
import { ListToolbar, NoSearchResult, useListParams } from '../../../components/list-toolbar';
import { EmptyCard, QueryList } from '../../../components/query-list';
import { CreateButton, EditDeleteButtons } from '../../../components/record-buttons';
import { ClientDialog } from './client-dialog';
import { formatSiren } from './client-identity';
import { ClientPageLink } from './client-page-link';
import styles from './clients-page.module.css';
import { EmailRefused } from './email-refused';

// The form loads when the person opens it; the list alone does not need it.
const ClientForm = lazy(() => import('./client-form').then((module) => ({ default: module.ClientForm })));

/** The search parameter that opens the creation form (`/clients?nouveau`), e.g. from a shortcut. */
export const CREATE_PARAM = 'nouveau';

/**
 * Spec section 2 "Clients": a toggle shows the creation form, clients are listed as name and e-mail
 * lines; each can be edited in a dialog or deleted after a confirmation.
 */
export function ClientsPage(titles: PageTitles) {
  const listParams = useListParams('clients');
  const clients = useClientsPages(listParams);
  const create = useCreateClient();
  const notify = useActionToasts();
  const [searchParams] = useSearchParams();
  const [creating, setCreating] = useState(() => searchParams.has(CREATE_PARAM));
  const [editing, setEditing] = useState<ClientsListItem | null>(null);
  const confirmDelete = useConfirmDelete<ClientsListItem>(useDeleteClient(), {
    title: 'Supprimer le client',
    content: (client) =>
      `Voulez-vous vraiment supprimer le client « ${client.name} » ? Cette action est irréversible.`,
    success: 'Client supprimé avec succès',
    failure: 'Erreur lors de la suppression du client',
  });

  return (
    <>
      <PageHeader
        {...titles}
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
                  await notify(() => create.mutateAsync(data), {
                    success: 'Client créé avec succès',
                    failure: 'Erreur lors de la création du client',
                  });
                  setCreating(false);
                }}
              />
            </Suspense>
          </Card>
        )}
        <ListToolbar entity="clients" label="les clients" />
        <QueryList
          query={clients}
          errorTitle="Erreur lors du chargement des clients"
          toastError
          empty={
            listParams.q !== undefined ? (
              <NoSearchResult query={listParams.q} />
            ) : (
              <EmptyCard
                description={
                  <>
                    <strong style={{ display: 'block', fontSize: 16 }}>Aucun client</strong>
                    Commencez par ajouter votre premier client
                  </>
                }
              >
                {!creating && <CreateButton onClick={() => setCreating(true)}>Créer un client</CreateButton>}
              </EmptyCard>
            )
          }
          label="Clients"
          className={styles.list}
          itemClassName={styles.item}
        >
          {(client) => (
            <ClientLine
              client={client}
              onEdit={() => setEditing(client)}
              onDelete={() => confirmDelete(client)}
            />
          )}
        </QueryList>
      </PageBody>
      {editing !== null && (
        <ClientDialog key={editing.id} client={editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

interface ClientLineProps {
  client: ClientsListItem;
  onEdit: () => void;
  onDelete: () => void;
}

/** One client of the list: name and kind, SIREN of a company, e-mail and contact line, and its two actions. */
function ClientLine({ client, onEdit, onDelete }: ClientLineProps) {
  return (
    <>
      <div className={styles.lines}>
        <span className={styles.name}>
          {/* The name opens the client's page: contact, projects, quotes, invoices, payments, documents. */}
          <ClientPageLink clientId={client.id} name={client.name} />
          <Tag className={styles.tag}>{labelOf(clientKindLabels, client.kind, 'Entreprise')}</Tag>
        </span>
        {client.kind === 'company' && client.siren !== undefined && (
          <span className={styles.secondary}>SIREN {formatSiren(client.siren)}</span>
        )}
        {client.email !== undefined && (
          <a className={styles.secondary} href={`mailto:${client.email}`}>
            {client.email}
          </a>
        )}
        {client.emailStatus !== undefined && <EmailRefused status={client.emailStatus} />}
        <ContactLine client={client} />
      </div>
      <div className={styles.actions}>
        <EditDeleteButtons name={client.name} onEdit={onEdit} onDelete={onDelete} />
      </div>
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
