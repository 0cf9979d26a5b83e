import { CheckCircleFilled, PlusOutlined } from '@ant-design/icons';
import { effectiveInvoiceStatus } from '@btp/shared/invoice-status';
import { invoiceStatusLabels, labelOf, supplierQuoteStatusLabels } from '@btp/shared/enums';
import { canDeleteSupplierQuote, offersSupplierQuoteSelection } from '@btp/shared/supplier-quote-selection';
import { Alert, Button, Card, Empty, Popconfirm, Spin, Tabs, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';

import { useProjectsList } from '../../../api/projects/list-projects';
import { useDeleteSupplierInvoice } from '../../../api/supplier-invoices/delete-supplier-invoice';
import {
  useSupplierInvoicesList,
  type SupplierInvoicesListItem,
} from '../../../api/supplier-invoices/list-supplier-invoices';
import { useDeleteSupplierQuote } from '../../../api/supplier-quotes/delete-supplier-quote';
import {
  useSupplierQuotesList,
  type SupplierQuotesListItem,
} from '../../../api/supplier-quotes/list-supplier-quotes';
import { useSelectSupplierQuote } from '../../../api/supplier-quotes/select-supplier-quote';
import { PageBody, PageHeader } from '../../../components/page-header';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { euros } from './purchase-values';
import styles from './purchases.module.css';
import { SupplierInvoiceDialog } from './supplier-invoice-dialog';
import { SupplierQuoteDialog } from './supplier-quote-dialog';

/** Badge colour per supplier request status. */
const requestStatusColors: Record<string, string> = {
  draft: 'default',
  sent: 'blue',
  validated: 'green',
  rejected: 'red',
  expired: 'orange',
};

const invoiceStatusColors: Record<string, string> = {
  draft: 'default',
  sent: 'blue',
  paid: 'green',
  overdue: 'red',
  cancelled: 'default',
};

/** Spec "Achats": the selected requests are the company's orders. */
export function ordersOf(requests: readonly SupplierQuotesListItem[]): SupplierQuotesListItem[] {
  return requests.filter((request) => request.selected === true);
}

type Dialog =
  | { kind: 'closed' }
  | { kind: 'request'; request?: SupplierQuotesListItem }
  | { kind: 'invoice'; invoice?: SupplierInvoicesListItem };

interface PurchasesPageProps {
  title: string;
  subtitle: string;
}

/** Spec section 2 "Achats": supplier price requests, and the orders (selected requests) with their invoices. */
export function PurchasesPage({ title, subtitle }: PurchasesPageProps) {
  const requests = useSupplierQuotesList();
  const invoices = useSupplierInvoicesList();
  const [tab, setTab] = useState('requests');
  const [dialog, setDialog] = useState<Dialog>({ kind: 'closed' });
  const close = () => setDialog({ kind: 'closed' });
  const newRequest = () => setDialog({ kind: 'request' });
  const orders = ordersOf(requests.data ?? []);

  const requestsContent = loaded(requests, 'Erreur lors du chargement des demandes de prix', (data) =>
    data.length === 0 ? (
      <Card>
        <Empty
          description={
            <>
              <strong>Aucune demande de prix</strong>
              <br />
              Demandez un prix à vos fournisseurs pour vos chantiers
            </>
          }
        >
          <Button type="primary" size="large" icon={<PlusOutlined />} onClick={newRequest}>
            Nouvelle Demande de Prix
          </Button>
        </Empty>
      </Card>
    ) : (
      <ul className={styles.grid} aria-label="Demandes de prix">
        {data.map((request) => (
          <li key={request.id}>
            <RequestCard request={request} onEdit={() => setDialog({ kind: 'request', request })} />
          </li>
        ))}
      </ul>
    ),
  );

  const ordersContent = loaded(requests, 'Erreur lors du chargement des commandes', () =>
    orders.length === 0 ? (
      <Card>
        <Empty
          description={
            <>
              <strong>Aucune commande</strong>
              <br />
              Sélectionnez une demande de prix reçue pour passer commande
            </>
          }
        />
      </Card>
    ) : (
      <ul className={styles.grid} aria-label="Commandes">
        {orders.map((request) => (
          <li key={request.id}>
            <RequestCard request={request} order onEdit={() => setDialog({ kind: 'request', request })} />
          </li>
        ))}
      </ul>
    ),
  );

  const invoicesContent = loaded(invoices, 'Erreur lors du chargement des factures fournisseurs', (data) =>
    data.length === 0 ? (
      <Typography.Paragraph type="secondary">Aucune facture fournisseur</Typography.Paragraph>
    ) : (
      <ul className={styles.grid} aria-label="Factures fournisseurs">
        {data.map((invoice) => (
          <li key={invoice.id}>
            <InvoiceCard
              invoice={invoice}
              requests={requests.data ?? []}
              onEdit={() => setDialog({ kind: 'invoice', invoice })}
            />
          </li>
        ))}
      </ul>
    ),
  );

  const count = (n: number | undefined) => (n === undefined ? '' : ` (${n})`);

  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        action={
          <Button type="primary" size="large" icon={<PlusOutlined />} onClick={newRequest}>
            Nouvelle Demande de Prix
          </Button>
        }
      />
      <PageBody>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          className={styles.tabs}
          items={[
            {
              key: 'requests',
              label: `Demandes de Prix${count(requests.data?.length)}`,
              children: requestsContent,
            },
            {
              key: 'orders',
              label: `Commandes${count(requests.data === undefined ? undefined : orders.length)}`,
              children: (
                <>
                  {ordersContent}
                  <section aria-label="Factures fournisseurs" className={styles.invoices}>
                    <div className={styles.sectionHead}>
                      <Typography.Title level={4} style={{ margin: 0 }}>
                        Factures fournisseurs
                      </Typography.Title>
                      <Button
                        size="large"
                        icon={<PlusOutlined />}
                        onClick={() => setDialog({ kind: 'invoice' })}
                      >
                        Nouvelle facture
                      </Button>
                    </div>
                    {invoicesContent}
                  </section>
                </>
              ),
            },
          ]}
        />
      </PageBody>
      {dialog.kind === 'request' && (
        <SupplierQuoteDialog key={dialog.request?.id ?? 'new'} request={dialog.request} onClose={close} />
      )}
      {dialog.kind === 'invoice' && (
        <SupplierInvoiceDialog key={dialog.invoice?.id ?? 'new'} invoice={dialog.invoice} onClose={close} />
      )}
    </>
  );
}

interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => Promise<unknown>;
}

/** 'Chargement...', the load error with a retry, or the list. */
function loaded<T>(query: ListQuery<T>, errorText: string, render: (data: T) => ReactNode): ReactNode {
  if (query.isPending) {
    return (
      <div className={styles.loading}>
        <Spin />
        <div>Chargement...</div>
      </div>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <Alert
        type="error"
        showIcon
        title={errorText}
        description={serverMessage(query.error)}
        action={
          <Button onClick={() => void query.refetch()} loading={query.isFetching}>
            Réessayer
          </Button>
        }
      />
    );
  }
  return render(query.data);
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className={styles.facts}>{children}</dl>;
}

function RequestCard({
  request,
  order = false,
  onEdit,
}: {
  request: SupplierQuotesListItem;
  /** In the orders tab: no selection or deletion there. */
  order?: boolean;
  onEdit: () => void;
}) {
  const { toast } = useToast();
  const select = useSelectSupplierQuote();
  const remove = useDeleteSupplierQuote();

  const selectRequest = async () => {
    try {
      await select.mutateAsync({ id: request.id, version: request.version });
      toast({ title: 'Succès', description: 'Demande de prix sélectionnée avec succès' });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? 'Erreur lors de la sélection de la demande de prix',
      });
    }
  };

  const deleteRequest = async () => {
    try {
      await remove.mutateAsync(request.id);
      toast({ title: 'Succès', description: 'Demande de prix supprimée avec succès' });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? 'Erreur lors de la suppression de la demande de prix',
      });
    }
  };

  return (
    <Card className={styles.card} styles={{ body: { padding: 16 } }}>
      <article aria-label={`Demande de prix ${request.number}`}>
        <div className={styles.cardHead}>
          <span className={styles.number}>{request.number}</span>
          <span className={styles.tags}>
            {request.selected === true && (
              <Tag color="green" icon={<CheckCircleFilled />}>
                Sélectionné
              </Tag>
            )}
            <Tag color={requestStatusColors[request.status]}>
              {labelOf(supplierQuoteStatusLabels, request.status)}
            </Tag>
          </span>
        </div>
        <h2 className={styles.cardTitle}>{request.title}</h2>
        {request.description !== undefined && <p className={styles.description}>{request.description}</p>}
        <Facts>
          <dt>Fournisseur</dt>
          <dd>{request.supplier?.name ?? '—'}</dd>
          <dt>Projet</dt>
          <dd>{request.project?.name ?? 'Aucun projet'}</dd>
          <dt>Total</dt>
          <dd className={styles.amount}>{euros(request.totalAmount)}</dd>
          <dt>Valide jusqu'au</dt>
          <dd>{request.validUntil !== undefined ? formatDate(request.validUntil) : 'Non définie'}</dd>
        </Facts>
        <div className={styles.actions}>
          {!order && offersSupplierQuoteSelection(request) && (
            <Button
              type="primary"
              size="large"
              loading={select.isPending}
              onClick={() => void selectRequest()}
            >
              Sélectionner
            </Button>
          )}
          <Button size="large" onClick={onEdit}>
            Modifier
          </Button>
          {!order && canDeleteSupplierQuote(request) && (
            <Popconfirm
              title="Supprimer cette demande de prix ?"
              okText="Supprimer"
              okButtonProps={{ danger: true }}
              cancelText="Annuler"
              onConfirm={() => deleteRequest()}
            >
              <Button danger size="large" loading={remove.isPending}>
                Supprimer
              </Button>
            </Popconfirm>
          )}
        </div>
      </article>
    </Card>
  );
}

function InvoiceCard({
  invoice,
  requests,
  onEdit,
}: {
  invoice: SupplierInvoicesListItem;
  requests: readonly SupplierQuotesListItem[];
  onEdit: () => void;
}) {
  const { toast } = useToast();
  const remove = useDeleteSupplierInvoice();
  const status = effectiveInvoiceStatus(invoice);
  const linked = requests.find((request) => request.id === invoice.supplierQuoteId);
  // The shared list schema of supplier invoices keeps only the supplier: the project name comes from the projects list.
  const projects = useProjectsList();
  const projectName =
    invoice.projectId === undefined
      ? undefined
      : (projects.data?.find((project) => project.id === invoice.projectId)?.name ?? '—');

  const deleteInvoice = async () => {
    try {
      await remove.mutateAsync(invoice.id);
      toast({ title: 'Succès', description: 'Facture fournisseur supprimée avec succès' });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? 'Erreur lors de la suppression de la facture fournisseur',
      });
    }
  };

  return (
    <Card className={styles.card} styles={{ body: { padding: 16 } }}>
      <article aria-label={`Facture fournisseur ${invoice.number}`}>
        <div className={styles.cardHead}>
          <span className={styles.number}>{invoice.number}</span>
          <Tag color={invoiceStatusColors[status]}>{labelOf(invoiceStatusLabels, status)}</Tag>
        </div>
        <h2 className={styles.cardTitle}>{invoice.title ?? invoice.supplier?.name ?? invoice.number}</h2>
        <Facts>
          <dt>Fournisseur</dt>
          <dd>{invoice.supplier?.name ?? '—'}</dd>
          <dt>Projet</dt>
          <dd>{projectName ?? 'Aucun projet'}</dd>
          {linked !== undefined && (
            <>
              <dt>Demande</dt>
              <dd>{linked.number}</dd>
            </>
          )}
          <dt>Montant</dt>
          <dd className={styles.amount}>{euros(invoice.totalAmount)}</dd>
          <dt>Échéance</dt>
          <dd>{invoice.dueDate !== undefined ? formatDate(invoice.dueDate) : 'Non définie'}</dd>
        </Facts>
        <div className={styles.actions}>
          <Button size="large" onClick={onEdit}>
            Modifier
          </Button>
          <Popconfirm
            title="Supprimer cette facture fournisseur ?"
            okText="Supprimer"
            okButtonProps={{ danger: true }}
            cancelText="Annuler"
            onConfirm={() => deleteInvoice()}
          >
            <Button danger size="large" loading={remove.isPending}>
              Supprimer
            </Button>
          </Popconfirm>
        </div>
      </article>
    </Card>
  );
}
