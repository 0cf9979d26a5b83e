import { Tabs } from 'antd';
import { useState, type ReactNode } from 'react';

import { useFinancesSummary } from '../../../api/finances/get-finances-summary';
import { useDeleteInvoice } from '../../../api/invoices/delete-invoice';
import { getInvoiceQueryOptions } from '../../../api/invoices/get-invoice';
import { useInvoicesPages, type InvoicesListItem } from '../../../api/invoices/list-invoices';
import { useEmailInvoice, useSendInvoice } from '../../../api/invoices/send-invoice';
import { useConfirmDelete } from '../../../components/action-toasts';
import { CreateButton } from '../../../components/record-buttons';
import { PageBody, PageHeader, type PageTitles } from '../../../components/page-header';
import { SyncPlatformButton } from '../../einvoicing/lifecycle-views';
import { ListToolbar, NoSearchResult, useListParams } from '../../../components/list-toolbar';
import { EmptyCard, QueryList } from '../../../components/query-list';
import { useOpenRecord } from '../../../components/open-record';
import type { InvoiceWithRefs } from '@btp/shared/entities/invoice';
import { ApiError } from '../../../lib/api';
import { SendDialog } from '../../sending/send-dialog';
import { useCompanyVatSettings } from '../../../api/company/company-vat-settings';
import { CreditNoteDialog } from './credit-note-dialog';
import { IncompleteProfileDialog } from './incomplete-profile-dialog';
import { InvoiceCard } from './invoice-card';
import { InvoiceDetailsDialog } from './invoice-details-dialog';
import { InvoiceDialog } from './invoice-dialog';
import {
  countByTab,
  invoiceTabs,
  isCreditNote,
  tabOf,
  withStatusesOn,
  type InvoiceTab,
} from './invoice-rules';
import { InvoiceSummaryCards } from './invoice-summary-cards';
import cardStyles from '../../../components/record-cards.module.css';
import styles from './invoicing.module.css';
import { PayInvoiceDialog } from './pay-invoice-dialog';

/** What a card opens on the invoice read whole (its lines, snapshots): a list entry has none. */
type WholeAction = 'edit' | 'details' | 'credit';

type Dialog =
  | { kind: 'create' }
  | { kind: WholeAction; invoice: InvoiceWithRefs }
  | { kind: 'pay'; invoice: InvoicesListItem }
  | { kind: 'send'; invoice: InvoicesListItem }
  | { kind: 'resend'; invoice: InvoicesListItem }
  | { kind: 'profile'; message: string | undefined; missing: { path: string; message: string }[] };

interface InvoicingPageProps extends PageTitles {
  /**
   * Shown above the figures: room for what the app layer puts there (the banner saying what the
   * company profile still lacks before anything can be issued).
   */
  notice?: ReactNode;
}

/**
 * Spec section 2 "Facturation": four summary cards (TTC owed, HT cashed), the invoices in tabs by
 * status (overdue derived when read), the cancelled ones and the credit notes, a real creation
 * dialog with lines, and the invoice's life: send (takes its number), pay, credit (avoir).
 */
export function InvoicingPage({ notice, ...titles }: InvoicingPageProps) {
  const listParams = useListParams('invoices');
  // The tabs show the invoices the search and sort give, a screen a page; the summary cards are the
  // server's figures of every invoice (`GET /api/finances/summary`, the cache Finances reads too,
  // refreshed by every invoice write), whatever the pages loaded or the search typed.
  const invoices = useInvoicesPages(listParams);
  const summary = useFinancesSummary();
  const send = useSendInvoice();
  const resend = useEmailInvoice();
  // Until the person picks a tab (or a write moves them), the page opens on the first non-empty
  // one, « Envoyées » when every tab is empty: never an empty « Envoyées » next to drafts.
  const [chosenTab, setTab] = useState<InvoiceTab | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // Read with the page, so the editor's first line already has the company's default rate.
  useCompanyVatSettings();
  const whole = useOpenRecord<WholeAction>();
  // 'Voir détails', 'Modifier' and 'Établir un avoir' open on the invoice as it is now, lines included.
  const openWhole = (kind: WholeAction, invoice: InvoicesListItem) =>
    void whole.open(
      { id: invoice.id, action: kind },
      (client) => client.fetchQuery(getInvoiceQueryOptions(invoice.id)),
      (read) => setDialog({ kind, invoice: read }),
      'Erreur lors du chargement de la facture',
    );

  const list = invoices.data === undefined ? undefined : withStatusesOn(invoices.data);
  const counts = countByTab(list ?? []);
  const tab: InvoiceTab = chosenTab ?? invoiceTabs.find(({ key }) => counts[key] > 0)?.key ?? 'sent';

  // After a write the tab follows the record, so the person sees what they just did.
  const follow = (invoice: InvoicesListItem) => {
    const [read] = withStatusesOn([invoice]);
    const next = read === undefined ? undefined : tabOf(read);
    if (next !== undefined) setTab(next);
  };

  // 409 with one entry per missing field: the company profile is incomplete (its own dialog).
  const profileRefusal = (error: unknown): boolean => {
    if (error instanceof ApiError && error.status === 409 && (error.details?.length ?? 0) > 0) {
      setDialog({ kind: 'profile', message: error.serverMessage, missing: error.details ?? [] });
      return true;
    }
    return false;
  };

  const confirmDelete = useConfirmDelete<InvoicesListItem>(useDeleteInvoice(), {
    title: 'Supprimer le brouillon ?',
    content: (invoice) => `Le brouillon « ${invoice.title} » sera définitivement supprimé.`,
    success: 'Facture supprimée avec succès',
    failure: 'Erreur lors de la suppression de la facture',
  });

  const tabList = (key: InvoiceTab, empty: string) => (
    <QueryList
      query={invoices}
      errorTitle="Erreur lors du chargement des factures"
      select={(all) => withStatusesOn(all).filter((invoice) => tabOf(invoice) === key)}
      empty={
        listParams.q !== undefined ? (
          <NoSearchResult query={listParams.q} />
        ) : key === 'sent' || key === 'draft' ? (
          // Where a new invoice would go (and the tab shown when there is none at all): its action.
          <EmptyCard description={empty}>
            <CreateButton onClick={() => setDialog({ kind: 'create' })}>Créer une facture</CreateButton>
          </EmptyCard>
        ) : (
          <p className={cardStyles.state}>{empty}</p>
        )
      }
      className={cardStyles.cards}
    >
      {(invoice) => (
        <InvoiceCard
          invoice={invoice}
          sending={send.isPending && send.variables?.id === invoice.id}
          opening={whole.openingOf(invoice.id)}
          onDetails={() => openWhole('details', invoice)}
          onEdit={() => openWhole('edit', invoice)}
          onDelete={() => confirmDelete(invoice)}
          onSend={() => setDialog({ kind: 'send', invoice })}
          onResend={() => setDialog({ kind: 'resend', invoice })}
          onPay={() => setDialog({ kind: 'pay', invoice })}
          onCredit={() => openWhole('credit', invoice)}
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
        {notice}
        <InvoiceSummaryCards summary={summary.data} failed={summary.isError} />
        <ListToolbar entity="invoices" label="les factures" />
        {invoices.data?.some((invoice) => invoice.einvoicing !== undefined) && (
          <div className={styles.networkBar}>
            <SyncPlatformButton />
          </div>
        )}
        <Tabs
          className={styles.tabs}
          activeKey={tab}
          onChange={(key) => setTab(key as InvoiceTab)}
          items={invoiceTabs.map(({ key, label, empty }) => ({
            key,
            // Counted on the pages read: « 12+ » while the server holds more ('Charger plus').
            label: `${label} (${counts[key]}${invoices.hasMore ? '+' : ''})`,
            children: tabList(key, empty),
          }))}
        />
      </PageBody>
      {dialog?.kind === 'create' && <InvoiceDialog onClose={close} onSaved={follow} />}
      {dialog?.kind === 'edit' && <InvoiceDialog invoice={dialog.invoice} onClose={close} onSaved={follow} />}
      {dialog?.kind === 'details' && (
        <InvoiceDetailsDialog
          invoice={dialog.invoice}
          onClose={close}
          onCredit={() => setDialog({ kind: 'credit', invoice: dialog.invoice })}
        />
      )}
      {dialog?.kind === 'pay' && (
        <PayInvoiceDialog invoice={dialog.invoice} onClose={close} onPaid={follow} />
      )}
      {dialog?.kind === 'credit' && (
        <CreditNoteDialog invoice={dialog.invoice} onClose={close} onCreated={follow} />
      )}
      {(dialog?.kind === 'send' || dialog?.kind === 'resend') && (
        <SendDialog
          key={dialog.invoice.id}
          kind={isCreditNote(dialog.invoice) ? 'credit_note' : 'invoice'}
          number={dialog.invoice.number}
          clientId={dialog.invoice.clientId}
          resend={dialog.kind === 'resend'}
          notice={
            dialog.kind === 'resend'
              ? undefined
              : isCreditNote(dialog.invoice)
                ? `« ${dialog.invoice.title} » recevra le prochain numéro d'avoir et ne pourra plus être modifié ni supprimé ; il est envoyé au client par e-mail avec son PDF.`
                : `« ${dialog.invoice.title} » recevra le prochain numéro de facture et ne pourra plus être modifiée ni supprimée ; elle est envoyée au client par e-mail avec son PDF (Factur-X).`
          }
          send={(values) =>
            dialog.kind === 'send'
              ? send.mutateAsync({ id: dialog.invoice.id, version: dialog.invoice.version, ...values })
              : resend.mutateAsync({ id: dialog.invoice.id, ...values })
          }
          onRefused={profileRefusal}
          onSent={follow}
          onClose={close}
        />
      )}
      {dialog?.kind === 'profile' && (
        <IncompleteProfileDialog message={dialog.message} missing={dialog.missing} onClose={close} />
      )}
    </>
  );
}
