import { PlusOutlined } from '@ant-design/icons';
import { Button, Tabs, Typography } from 'antd';
import { useState } from 'react';

import {
  useSupplierInvoicesPages,
  type SupplierInvoicesListItem,
} from '../../../api/supplier-invoices/list-supplier-invoices';
import {
  useSupplierQuotesPages,
  type SupplierQuotesListItem,
} from '../../../api/supplier-quotes/list-supplier-quotes';
import { PageBody, PageHeader, type PageTitles } from '../../../components/page-header';
import { SyncPlatformButton } from '../../einvoicing/lifecycle-views';
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
  | { kind: 'request'; request?: SupplierQuotesListItem }
  | { kind: 'invoice'; invoice?: SupplierInvoicesListItem };

/** Spec section 2 "Achats": supplier price requests, and the orders (selected requests) with their invoices. */
export function PurchasesPage(titles: PageTitles) {
  // 1,000 a page: past that, 'Charger plus' under each list and « (1 000+) » in the tabs.
  const requests = useSupplierQuotesPages();
  const invoices = useSupplierInvoicesPages();
  const [tab, setTab] = useState('requests');
  const [dialog, setDialog] = useState<Dialog>({ kind: 'closed' });
  const close = () => setDialog({ kind: 'closed' });
  const newRequest = () => setDialog({ kind: 'request' });
  const editRequest = (request: SupplierQuotesListItem) => setDialog({ kind: 'request', request });
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
      {(request) => <RequestCard request={request} onEdit={() => editRequest(request)} />}
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
      {(request) => <RequestCard request={request} order onEdit={() => editRequest(request)} />}
    </QueryList>
  );

  const invoicesSection = (
    <section aria-label="Factures fournisseurs" className={styles.invoices}>
      <div className={styles.sectionHead}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Factures fournisseurs
        </Typography.Title>
        <div className={styles.sectionActions}>
          <SyncPlatformButton />
          <Button size="large" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'invoice' })}>
            Nouvelle facture
          </Button>
        </div>
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
            requests={requests.data ?? []}
            onEdit={() => setDialog({ kind: 'invoice', invoice })}
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
