import { PlusOutlined } from '@ant-design/icons';
import { Button, Tabs, Typography } from 'antd';
import type { SupplierInvoiceWithRefs } from '@btp/shared/entities/supplier-invoice';
import type { SupplierQuoteWithRefs } from '@btp/shared/entities/supplier-quote';
import { useState } from 'react';

import { getSupplierInvoiceQueryOptions } from '../../../api/supplier-invoices/get-supplier-invoice';
import { getSupplierQuoteQueryOptions } from '../../../api/supplier-quotes/get-supplier-quote';

import {
  useSupplierInvoicesPages,
  type SupplierInvoicesListItem,
} from '../../../api/supplier-invoices/list-supplier-invoices';
import {
  useSupplierQuotesPages,
  type SupplierQuotesListItem,
} from '../../../api/supplier-quotes/list-supplier-quotes';
import { PageBody, PageHeader, type PageTitles } from '../../../components/page-header';
import { useOpenRecord } from '../../../components/open-record';
import { EmptyCard, QueryList } from '../../../components/query-list';
import { CreateButton } from '../../../components/record-buttons';
import styles from './purchases.module.css';
import { RequestCard } from './request-card';
import { SupplierInvoiceCard } from './supplier-invoice-card';
import { SupplierInvoiceDialog } from './supplier-invoice-dialog';
import { SupplierInvoiceImport } from './supplier-invoice-import';
import { SupplierQuoteDialog } from './supplier-quote-dialog';

const countFormat = new Intl.NumberFormat('fr-FR');

/** Spec "Achats": the selected requests are the company's orders. */
export function ordersOf(requests: readonly SupplierQuotesListItem[]): SupplierQuotesListItem[] {
  return requests.filter((request) => request.selected === true);
}

type Dialog =
  | { kind: 'closed' }
  | { kind: 'request'; request?: SupplierQuoteWithRefs }
  | { kind: 'invoice'; invoice?: SupplierInvoiceWithRefs };

/** Spec section 2 "Achats": supplier price requests, and the orders (selected requests) with their invoices. */
export function PurchasesPage(titles: PageTitles) {
  // A screen a page: past that, 'Charger plus' under each list and « (50+) » in the tabs.
  const requests = useSupplierQuotesPages();
  const invoices = useSupplierInvoicesPages();
  const [tab, setTab] = useState('requests');
  const [dialog, setDialog] = useState<Dialog>({ kind: 'closed' });
  const close = () => setDialog({ kind: 'closed' });
  const newRequest = () => setDialog({ kind: 'request' });
  // 'Modifier' opens on the record read whole: a list entry has no `items`, which the edit sends back.
  const whole = useOpenRecord<'edit'>();
  const editRequest = (request: SupplierQuotesListItem) =>
    void whole.open(
      { id: request.id, action: 'edit' },
      (client) => client.fetchQuery(getSupplierQuoteQueryOptions(request.id)),
      (read) => setDialog({ kind: 'request', request: read }),
      'Erreur lors du chargement de la demande de prix',
    );
  const editInvoice = (invoice: SupplierInvoicesListItem) =>
    void whole.open(
      { id: invoice.id, action: 'edit' },
      (client) => client.fetchQuery(getSupplierInvoiceQueryOptions(invoice.id)),
      (read) => setDialog({ kind: 'invoice', invoice: read }),
      'Erreur lors du chargement de la facture fournisseur',
    );
  const count = (n: number | undefined) =>
    n === undefined ? '' : ` (${countFormat.format(n)}${requests.hasMore ? '+' : ''})`;

  const requestsList = (
    <QueryList
      query={requests}
      errorTitle="Erreur lors du chargement des demandes de prix"
      empty={
        <EmptyCard
          description={
            <>
              <strong>Aucune demande de prix</strong>
              <br />
              Demandez un prix à vos fournisseurs pour vos chantiers
            </>
          }
        >
          <CreateButton onClick={newRequest}>Nouvelle Demande de Prix</CreateButton>
        </EmptyCard>
      }
      label="Demandes de prix"
      className={styles.grid}
    >
      {(request) => (
        <RequestCard
          request={request}
          opening={whole.openingOf(request.id) !== undefined}
          onEdit={() => editRequest(request)}
        />
      )}
    </QueryList>
  );

  const ordersList = (
    <QueryList
      query={requests}
      errorTitle="Erreur lors du chargement des commandes"
      select={ordersOf}
      empty={
        <EmptyCard
          description={
            <>
              <strong>Aucune commande</strong>
              <br />
              Sélectionnez une demande de prix reçue pour passer commande
            </>
          }
        />
      }
      label="Commandes"
      className={styles.grid}
    >
      {(request) => (
        <RequestCard
          request={request}
          order
          opening={whole.openingOf(request.id) !== undefined}
          onEdit={() => editRequest(request)}
        />
      )}
    </QueryList>
  );

  const invoicesSection = (
    <section aria-label="Factures fournisseurs" className={styles.invoices}>
      <div className={styles.sectionHead}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Factures fournisseurs
        </Typography.Title>
        <Button size="large" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'invoice' })}>
          Nouvelle facture
        </Button>
      </div>
      <SupplierInvoiceImport />
      <QueryList
        query={invoices}
        errorTitle="Erreur lors du chargement des factures fournisseurs"
        empty={<Typography.Paragraph type="secondary">Aucune facture fournisseur</Typography.Paragraph>}
        label="Factures fournisseurs"
        className={styles.grid}
      >
        {(invoice) => (
          <SupplierInvoiceCard
            invoice={invoice}
            opening={whole.openingOf(invoice.id) !== undefined}
            onEdit={() => editInvoice(invoice)}
          />
        )}
      </QueryList>
    </section>
  );

  return (
    <>
      <PageHeader
        {...titles}
        action={<CreateButton onClick={newRequest}>Nouvelle Demande de Prix</CreateButton>}
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
              children: requestsList,
            },
            {
              key: 'orders',
              label: `Commandes${count(requests.data === undefined ? undefined : ordersOf(requests.data).length)}`,
              children: (
                <>
                  {ordersList}
                  {invoicesSection}
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
