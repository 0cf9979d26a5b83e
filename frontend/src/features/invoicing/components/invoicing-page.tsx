import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Tabs } from 'antd';
import { useState } from 'react';

import { useDeleteInvoice } from '../../../api/invoices/delete-invoice';
import { useInvoicesList, type InvoicesListItem } from '../../../api/invoices/list-invoices';
import { useSendInvoice } from '../../../api/invoices/send-invoice';
import { PageBody, PageHeader } from '../../../components/page-header';
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

interface InvoicingPageProps {
  title: string;
  subtitle: string;
}

function isTab(status: string): status is InvoiceTab {
  return invoiceTabs.some((tab) => tab.status === status);
}

/**
 * Spec section 2 "Facturation": four summary cards, the invoices in four tabs by status (overdue
 * derived when read), a real creation dialog, and the invoice's life: send (takes its number), pay.
 */
export function InvoicingPage({ title, subtitle }: InvoicingPageProps) {
  const invoices = useInvoicesList();
  const send = useSendInvoice();
  const remove = useDeleteInvoice();
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
          });
        }
      },
    });
  };

  const confirmDelete = (invoice: InvoicesListItem) => {
    modal.confirm({
      title: 'Supprimer le brouillon ?',
      content: `Le brouillon « ${invoice.title} » sera définitivement supprimé.`,
      okText: 'Supprimer',
      cancelText: 'Annuler',
      okButtonProps: { danger: true, size: 'large' },
      cancelButtonProps: { size: 'large' },
      onOk: async () => {
        try {
          await remove.mutateAsync(invoice.id);
          toast({ title: 'Succès', description: 'Facture supprimée avec succès' });
        } catch (error) {
          toast({
            variant: 'destructive',
            title: 'Erreur',
            description: serverMessage(error) ?? 'Erreur lors de la suppression de la facture',
          });
        }
      },
    });
  };

  const content = (status: InvoiceTab, empty: string) => {
    if (invoices.isPending) return <p className={cardStyles.state}>Chargement...</p>;
    if (invoices.isError)
      return <Alert type="error" showIcon title="Erreur lors du chargement des factures" />;
    const shown = (list ?? []).filter((invoice) => invoice.status === status);
    if (shown.length === 0) return <p className={cardStyles.state}>{empty}</p>;
    return (
      <ul className={cardStyles.cards}>
        {shown.map((invoice) => (
          <li key={invoice.id}>
            <InvoiceCard
              invoice={invoice}
              sending={send.isPending && send.variables === invoice.id}
              onDetails={() => setDialog({ kind: 'details', invoice })}
              onEdit={() => setDialog({ kind: 'edit', invoice })}
              onDelete={() => confirmDelete(invoice)}
              onSend={() => confirmSend(invoice)}
              onPay={() => setDialog({ kind: 'pay', invoice })}
            />
          </li>
        ))}
      </ul>
    );
  };

  const close = () => setDialog(null);

  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        action={
          <Button
            type="primary"
            size="large"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ kind: 'create' })}
          >
            Nouvelle Facture
          </Button>
        }
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
            children: content(status, empty),
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
