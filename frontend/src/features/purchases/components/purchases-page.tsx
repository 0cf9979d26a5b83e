import { PlusOutlined } from '@ant-design/icons';
import { Button, Tabs, Typography } from 'antd';
import type { SupplierQuoteWithRefs } from '@btp/shared/entities/supplier-quote';
import { useState, type ReactNode } from 'react';

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
import { SyncPlatformButton } from '../../einvoicing/lifecycle-views';
import { useOpenRecord } from '../../../components/open-record';
import { EmptyCard, QueryList } from '../../../components/query-list';
import { CreateButton } from '../../../components/record-buttons';
import invoicingStyles from '../../invoicing/components/invoicing.module.css';
import styles from './purchases.module.css';
import { PaySupplierInvoiceDialog } from './pay-supplier-invoice-dialog';
import { RequestCard } from './request-card';
import { SupplierBalances } from './supplier-balances';
import { SupplierInvoiceCard } from './supplier-invoice-card';
import { SupplierInvoiceDialog } from './supplier-invoice-dialog';
import { SupplierInvoiceImport } from './supplier-invoice-import';
import { SupplierQuoteDialog } from './supplier-quote-dialog';

const countFormat = new Intl.NumberFormat('fr-FR');

/** Spec "Achats": the selected requests are the company's orders. */
export function ordersOf(requests: readonly SupplierQuotesListItem[]): SupplierQuotesListItem[] {
  return requests.filter((request) => request.selected === true);
}

/** Spec "Achats": the supplier invoices, and apart the supplier credit notes (« Avoirs fournisseurs »). */
export const isCreditNote = (invoice: SupplierInvoicesListItem): boolean => invoice.kind === 'credit_note';
const invoicesOf = (records: readonly SupplierInvoicesListItem[]) =>
  records.filter((record) => !isCreditNote(record));
const creditNotesOf = (records: readonly SupplierInvoicesListItem[]) => records.filter(isCreditNote);

/** A titled section of the page with its 'Nouveau …' button. */
function RecordsSection({
  title,
  addText,
  onAdd,
  className,
  actions,
  children,
}: {
  title: string;
  addText: string;
  onAdd: () => void;
  className?: string;
  /** More buttons beside « addText » (Factures fournisseurs: « Relever la plateforme »). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className={className}>
      <div className={styles.sectionHead}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <div className={styles.sectionActions}>
          {actions}
          <Button size="large" icon={<PlusOutlined />} onClick={onAdd}>
            {addText}
          </Button>
        </div>
      </div>
      {children}
    </section>
  );
}

type Dialog =
  | { kind: 'closed' }
  | { kind: 'request'; request?: SupplierQuoteWithRefs }
  | { kind: 'invoice'; invoice?: SupplierInvoicesListItem; creditNote?: boolean }
  | { kind: 'pay'; invoice: SupplierInvoicesListItem };

/** Spec section 2 "Achats": supplier price requests, and the orders (selected requests) with their invoices. */
export function PurchasesPage(titles: PageTitles) {
  // A screen a page: past that, 'Charger plus' under each list and « (50+) » in the tabs.
  const requests = useSupplierQuotesPages();
  const invoices = useSupplierInvoicesPages();
  const [tab, setTab] = useState('requests');
  const [dialog, setDialog] = useState<Dialog>({ kind: 'closed' });
  const close = () => setDialog({ kind: 'closed' });
  const newRequest = () => setDialog({ kind: 'request' });
  // 'Modifier' opens a price request read whole: a list entry has no `items`, which the edit sends back.
  const whole = useOpenRecord<'edit'>();
  const editRequest = (request: SupplierQuotesListItem) =>
    void whole.open(
      { id: request.id, action: 'edit' },
      (client) => client.fetchQuery(getSupplierQuoteQueryOptions(request.id)),
      (read) => setDialog({ kind: 'request', request: read }),
      'Erreur lors du chargement de la demande de prix',
    );
  const count = (n: number | undefined, more = requests.hasMore) =>
    n === undefined ? '' : ` (${countFormat.format(n)}${more ? '+' : ''})`;
  const card = (invoice: SupplierInvoicesListItem) => (
    <SupplierInvoiceCard
      invoice={invoice}
      requests={requests.data ?? []}
      onEdit={() => setDialog({ kind: 'invoice', invoice })}
      onPay={() => setDialog({ kind: 'pay', invoice })}
    />
  );

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

  /** One list of `invoices` (the invoices, or the credit notes) as cards. */
  const invoiceList = (
    select: (records: readonly SupplierInvoicesListItem[]) => SupplierInvoicesListItem[],
    label: string,
    empty: string,
  ) => (
    <QueryList
      query={invoices}
      select={select}
      errorTitle={`Erreur lors du chargement des ${label.toLowerCase()}`}
      empty={<Typography.Paragraph type="secondary">{empty}</Typography.Paragraph>}
      label={label}
      className={styles.grid}
    >
      {card}
    </QueryList>
  );

  const invoicesSection = (
    <RecordsSection
      title="Factures fournisseurs"
      addText="Nouvelle facture"
      onAdd={() => setDialog({ kind: 'invoice' })}
      className={styles.invoices}
      actions={<SyncPlatformButton />}
    >
      <SupplierInvoiceImport />
      {invoiceList(invoicesOf, 'Factures fournisseurs', 'Aucune facture fournisseur')}
      <SupplierBalances />
    </RecordsSection>
  );

  const creditNotesList = (
    <RecordsSection
      title="Avoirs fournisseurs"
      addText="Nouvel avoir"
      onAdd={() => setDialog({ kind: 'invoice', creditNote: true })}
    >
      <Typography.Paragraph type="secondary">
        Un avoir reçu d'un fournisseur est déduit de ce qui reste à payer sur la facture qu'il corrige, des
        dépenses et des marges. Un avoir électronique s'importe comme une facture, depuis l'onglet Commandes.
      </Typography.Paragraph>
      {invoiceList(creditNotesOf, 'Avoirs fournisseurs', 'Aucun avoir fournisseur')}
    </RecordsSection>
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
          // On a phone the three tabs wrap as the invoices' do (no "more" menu hiding one).
          className={`${styles.tabs} ${invoicingStyles.tabs}`}
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
            {
              key: 'credit-notes',
              label: `Avoirs fournisseurs${count(
                invoices.data === undefined ? undefined : creditNotesOf(invoices.data).length,
                invoices.hasMore,
              )}`,
              children: creditNotesList,
            },
          ]}
        />
      </PageBody>
      {dialog.kind === 'request' && (
        <SupplierQuoteDialog key={dialog.request?.id ?? 'new'} request={dialog.request} onClose={close} />
      )}
      {dialog.kind === 'invoice' && (
        <SupplierInvoiceDialog
          key={dialog.invoice?.id ?? 'new'}
          invoice={dialog.invoice}
          kind={dialog.creditNote === true ? 'credit_note' : 'invoice'}
          onClose={close}
        />
      )}
      {dialog.kind === 'pay' && <PaySupplierInvoiceDialog invoice={dialog.invoice} onClose={close} />}
    </>
  );
}
