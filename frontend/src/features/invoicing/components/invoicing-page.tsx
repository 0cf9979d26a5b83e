import { App, Tabs } from 'antd';
import { useState } from 'react';

import { useDeleteInvoice } from '../../../api/invoices/delete-invoice';
import { useInvoicesList, type InvoicesListItem } from '../../../api/invoices/list-invoices';
import { useSendInvoice } from '../../../api/invoices/send-invoice';
import { useConfirmDelete } from '../../../components/action-toasts';
import { CreateButton } from '../../../components/record-buttons';
import { PageBody, PageHeader, type PageTitles } from '../../../components/page-header';
import { QueryList } from '../../../components/query-list';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { InvoiceCard } from './invoice-card';
import { InvoiceDetailsDialog } from './invoice-details-dialog';
import { InvoiceDialog } from './invoice-dialog';
import { countByTab, invoiceSummary, invoiceTabs, withStatusesOn, type InvoiceTab } from './invoice-rules';
import { InvoiceSummaryCards } from './invoice-summary-cards';
import cardStyles from '../../../components/record-cards.module.css';
import styles from './invoicing.module.css';
import { PayInvoiceDialog } from './pay-invoice-dialog';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; invoice: InvoicesListItem }
  | { kind: 'details'; invoice: InvoicesListItem }
  | { kind: 'pay'; invoice: InvoicesListItem };

function isTab(status: string): status is InvoiceTab {
  return invoiceTabs.some((tab) => tab.status === status);
}

/**
 * Spec section 2 "Facturation": four summary cards, the invoices in four tabs by status (overdue
 * derived when read), a real creation dialog, and the invoice's life: send (takes its number), pay.
 */
export function InvoicingPage(titles: PageTitles) {
  const invoices = useInvoicesList();
  const send = useSendInvoice();
  const { modal } = App.useApp();
  const { toast } = useToast();
  const [tab, setTab] = useState<InvoiceTab>('sent');
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const list = invoices.data === undefined ? undefined : withStatusesOn(invoices.data);
  const counts = countByTab(list ?? []);

  // After a write the tab follows the invoice, so the person sees what they just did.
  const follow = (invoice: InvoicesListItem) => {
    const [read] = withStatusesOn([invoice]);
    if (read !== undefined && isTab(read.status)) setTab(read.status);
  };

  const confirmSend = (invoice: InvoicesListItem) => {
    modal.confirm({
      title: 'Envoyer la facture ?',
      content: `« ${invoice.title} » recevra le prochain numéro de facture et ne pourra plus être modifiée ni supprimée.`,
      okText: 'Envoyer',
      cancelText: 'Annuler',
      okButtonProps: { size: 'large' },
      cancelButtonProps: { size: 'large' },
      onOk: async () => {
        try {
          const sent = await send.mutateAsync(invoice.id);
          follow(sent);
          toast({
            title: 'Succès',
            description:
              sent.number === undefined
                ? 'Facture envoyée avec succès'
                : `Facture ${sent.number} envoyée avec succès`,
          });
        } catch (error) {
          toast({
            variant: 'destructive',
            title: 'Erreur',
            description: serverMessage(error) ?? "Erreur lors de l'envoi de la facture",
            error,
          });
        }
      },
    });
  };

  const confirmDelete = useConfirmDelete<InvoicesListItem>(useDeleteInvoice(), {
    title: 'Supprimer le brouillon ?',
    content: (invoice) => `Le brouillon « ${invoice.title} » sera définitivement supprimé.`,
    success: 'Facture supprimée avec succès',
    failure: 'Erreur lors de la suppression de la facture',
  });

  const tabList = (status: InvoiceTab, empty: string) => (
    <QueryList
      query={invoices}
      errorTitle="Erreur lors du chargement des factures"
      select={(all) => withStatusesOn(all).filter((invoice) => invoice.status === status)}
      empty={<p className={cardStyles.state}>{empty}</p>}
      className={cardStyles.cards}
    >
      {(invoice) => (
        <InvoiceCard
          invoice={invoice}
          sending={send.isPending && send.variables === invoice.id}
          onDetails={() => setDialog({ kind: 'details', invoice })}
          onEdit={() => setDialog({ kind: 'edit', invoice })}
          onDelete={() => confirmDelete(invoice)}
          onSend={() => confirmSend(invoice)}
          onPay={() => setDialog({ kind: 'pay', invoice })}
        />
      )}
    </QueryList>
  );

  const close = () => setDialog(null);

  return (
    <>
      <PageHeader
        {...titles}
        action={<CreateButton onClick={() => setDialog({ kind: 'create' })}>Nouvelle Facture</CreateButton>}
      />
      <PageBody>
        <InvoiceSummaryCards summary={list === undefined ? undefined : invoiceSummary(list)} />
        <Tabs
          className={styles.tabs}
          activeKey={tab}
          onChange={(key) => setTab(key as InvoiceTab)}
          items={invoiceTabs.map(({ status, label, empty }) => ({
            key: status,
            label: `${label} (${counts[status]})`,
            children: tabList(status, empty),
          }))}
        />
      </PageBody>
      {dialog?.kind === 'create' && <InvoiceDialog onClose={close} onSaved={follow} />}
      {dialog?.kind === 'edit' && <InvoiceDialog invoice={dialog.invoice} onClose={close} onSaved={follow} />}
      {dialog?.kind === 'details' && <InvoiceDetailsDialog invoice={dialog.invoice} onClose={close} />}
      {dialog?.kind === 'pay' && (
        <PayInvoiceDialog invoice={dialog.invoice} onClose={close} onPaid={follow} />
      )}
    </>
  );
}
