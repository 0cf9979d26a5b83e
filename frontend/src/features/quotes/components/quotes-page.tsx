import { labelOf, quoteStatusLabels } from '@btp/shared/enums';
import { canDeleteQuote, canSendQuote, isQuoteEditable } from '@btp/shared/quote-status';
import { Button, Card, Tag } from 'antd';
import { useState } from 'react';

import { useDocumentDownloadUrl } from '../../../api/documents/get-document-download-url';
import { useDeleteQuote } from '../../../api/quotes/delete-quote';
import { getQuoteQueryOptions, type QuoteDetail } from '../../../api/quotes/get-quote';
import { useQuotePdfUrl } from '../../../api/quotes/get-quote-pdf-url';
import { useQuotesPages, type QuoteListItem } from '../../../api/quotes/list-quotes';
import { useEmailQuote, useSendQuote } from '../../../api/quotes/send-quote';
import { CompanyProfileBanner } from '../../../components/company-profile-banner';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button';
import { PageBody, PageHeader, type PageTitles } from '../../../components/page-header';
import { PdfButtons } from '../../../components/pdf-buttons';
import { ListToolbar, NoSearchResult, useListParams } from '../../../components/list-toolbar';
import { EmptyCard, QueryList } from '../../../components/query-list';
import { useOpenRecord } from '../../../components/open-record';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { CreateButton } from '../../../components/record-buttons';
import { openPendingTab } from '../../../lib/file-links';
import { formatDate } from '../../../lib/format';
import { EmailStatusLine } from '../../sending/email-status-line';
import { SendDialog } from '../../sending/send-dialog';
import { AcceptQuoteDialog } from './accept-quote-dialog';
import { InvoiceQuoteDialog } from './invoice-quote-dialog';
import { QuoteBillingDialog } from './quote-billing-dialog';
import { QuoteDialog } from './quote-dialog';
import { euros } from './quote-lines';
import styles from './quotes.module.css';

/** Badge colour per quote status. */
export const quoteStatusColors: Record<string, string> = {
  draft: 'default',
  sent: 'blue',
  validated: 'green',
  rejected: 'red',
  expired: 'orange',
};

type DialogState =
  | { kind: 'closed' }
  | { kind: 'create' }
  | { kind: 'edit'; quote: QuoteDetail }
  | { kind: 'accept'; quote: QuoteListItem }
  | { kind: 'invoice'; quote: QuoteListItem }
  | { kind: 'billing'; quote: QuoteListItem }
  | { kind: 'send'; quote: QuoteListItem }
  | { kind: 'resend'; quote: QuoteListItem };

/**
 * Spec section 2 "Devis": the company's quotes as cards; create, edit, send, delete; a sent quote's
 * "Bon pour accord", a validated quote's invoicing (whole or deposit) and its "Facturation du marché"
 * (situations de travaux, deposits, retention); each quote's PDF (saved or previewed).
 */
export function QuotesPage(titles: PageTitles) {
  const listParams = useListParams('quotes');
  const quotes = useQuotesPages(listParams);
  const [dialog, setDialog] = useState<DialogState>({ kind: 'closed' });
  const send = useSendQuote();
  const resend = useEmailQuote();
  const openCreate = () => setDialog({ kind: 'create' });
  // The dialog opens on the quote as it is now, with its lines (a list entry has none).
  const whole = useOpenRecord<'edit'>();
  const openEdit = (id: string) =>
    void whole.open(
      { id, action: 'edit' },
      (client) => client.fetchQuery(getQuoteQueryOptions(id)),
      (quote) => setDialog({ kind: 'edit', quote }),
      'Erreur lors du chargement du devis',
    );

  return (
    <>
      <PageHeader {...titles} action={<CreateButton onClick={openCreate}>Nouveau Devis</CreateButton>} />
      <PageBody>
        <CompanyProfileBanner />
        <ListToolbar entity="quotes" label="les devis" />
        <QueryList
          query={quotes}
          errorTitle="Erreur lors du chargement des devis"
          empty={
            listParams.q !== undefined ? (
              <NoSearchResult query={listParams.q} />
            ) : (
              <EmptyCard description={<EmptyText />}>
                <CreateButton onClick={openCreate}>Nouveau Devis</CreateButton>
              </EmptyCard>
            )
          }
          label="Devis"
          className={styles.grid}
        >
          {(quote) => (
            <QuoteCard
              quote={quote}
              opening={whole.openingOf(quote.id) !== undefined}
              onEdit={() => openEdit(quote.id)}
              onAccept={() => setDialog({ kind: 'accept', quote })}
              onInvoice={() => setDialog({ kind: 'invoice', quote })}
              onBilling={() => setDialog({ kind: 'billing', quote })}
              onSend={() => setDialog({ kind: 'send', quote })}
              onResend={() => setDialog({ kind: 'resend', quote })}
            />
          )}
        </QueryList>
      </PageBody>
      {dialog.kind === 'accept' && (
        <AcceptQuoteDialog
          key={dialog.quote.id}
          quote={dialog.quote}
          onClose={() => setDialog({ kind: 'closed' })}
        />
      )}
      {dialog.kind === 'invoice' && (
        <InvoiceQuoteDialog
          key={dialog.quote.id}
          quote={dialog.quote}
          onClose={() => setDialog({ kind: 'closed' })}
        />
      )}
      {(dialog.kind === 'send' || dialog.kind === 'resend') && (
        <SendDialog
          key={dialog.quote.id}
          kind="quote"
          number={dialog.quote.number}
          clientId={dialog.quote.clientId}
          resend={dialog.kind === 'resend'}
          notice={
            dialog.kind === 'send'
              ? 'Le devis est envoyé par e-mail avec son PDF et un lien pour le signer en ligne. Une fois envoyé, son contenu ne pourra plus être modifié.'
              : 'Le devis est renvoyé avec son PDF et un nouveau lien pour le signer en ligne.'
          }
          send={(values) =>
            dialog.kind === 'send'
              ? send.mutateAsync({ id: dialog.quote.id, version: dialog.quote.version, ...values })
              : resend.mutateAsync({ id: dialog.quote.id, ...values })
          }
          onClose={() => setDialog({ kind: 'closed' })}
        />
      )}
      {dialog.kind === 'billing' && (
        <QuoteBillingDialog
          key={dialog.quote.id}
          quote={dialog.quote}
          onClose={() => setDialog({ kind: 'closed' })}
        />
      )}
      {(dialog.kind === 'create' || dialog.kind === 'edit') && (
        <QuoteDialog
          key={dialog.kind === 'edit' ? dialog.quote.id : 'new'}
          quote={dialog.kind === 'edit' ? dialog.quote : undefined}
          onClose={() => setDialog({ kind: 'closed' })}
        />
      )}
    </>
  );
}

function EmptyText() {
  return (
    <>
      <strong>Aucun devis</strong>
      <br />
      Commencez par créer votre premier devis
    </>
  );
}

interface QuoteCardProps {
  quote: QuoteListItem;
  /** While its lines load for 'Modifier' (a draft) or 'Voir' (a quote sent, which no longer changes). */
  opening: boolean;
  onEdit: () => void;
  /** 'Bon pour accord' on a sent quote. */
  onAccept: () => void;
  /** 'Facturer' on a validated quote. */
  onInvoice: () => void;
  /** 'Facturation du marché' on a validated quote: its situations, deposits and retention. */
  onBilling: () => void;
  /** 'Envoyer' on a draft: the send dialog (the e-mail to the client). */
  onSend: () => void;
  /** « Renvoyer l'e-mail » when the last e-mail of a sent quote failed. */
  onResend: () => void;
}

function QuoteCard({
  quote,
  opening,
  onEdit,
  onAccept,
  onInvoice,
  onBilling,
  onSend,
  onResend,
}: QuoteCardProps) {
  const remove = useDeleteQuote();
  const pdf = useQuotePdfUrl();

  return (
    <Card className={styles.card} styles={{ body: { padding: 16 } }}>
      <article aria-label={`Devis ${quote.number}`}>
        <div className={styles.cardHead}>
          <span className={styles.number}>{quote.number}</span>
          <Tag color={quoteStatusColors[quote.status]}>{labelOf(quoteStatusLabels, quote.status)}</Tag>
        </div>
        <h2 className={styles.cardTitle}>{quote.title}</h2>
        {quote.description !== undefined && <p className={styles.description}>{quote.description}</p>}
        <dl className={styles.facts}>
          <dt>Client</dt>
          <dd>{quote.client?.name ?? '—'}</dd>
          <dt>Projet</dt>
          <dd>{quote.project?.name ?? 'Aucun projet'}</dd>
          <dt>Total HT</dt>
          <dd className={styles.amount}>{euros(quote.totalAmount)}</dd>
          <dt>Total TTC</dt>
          <dd className={styles.amount}>
            {euros(quote.totalWithVat)}
            {quote.reverseCharge && ' (autoliquidation)'}
          </dd>
          <dt>Valide jusqu'au</dt>
          <dd>{quote.validUntil !== undefined ? formatDate(quote.validUntil) : 'Non définie'}</dd>
          {quote.sentAt !== undefined && (
            <>
              <dt>Envoyé le</dt>
              <dd>{formatDate(quote.sentAt)}</dd>
            </>
          )}
        </dl>
        {quote.emailStatus !== undefined && <EmailStatusLine status={quote.emailStatus} />}
        {quote.acceptedAt !== undefined && (
          <p className={styles.accepted}>
            {`Accepté le ${formatDate(quote.acceptedAt)}`}
            {quote.signerName !== undefined && ` par ${quote.signerName}`}
            {quote.signedPdfDocumentId !== undefined && ' (signé en ligne)'}
          </p>
        )}
        {quote.signedPdfDocumentId !== undefined && (
          <SignedPdfButton documentId={quote.signedPdfDocumentId} number={quote.number} />
        )}
        <div className={styles.actions}>
          {isQuoteEditable(quote.status) ? (
            <Button size="large" loading={opening} onClick={onEdit}>
              Modifier
            </Button>
          ) : (
            <Button
              size="large"
              loading={opening}
              onClick={onEdit}
              aria-label={`Voir le devis ${quote.number}`}
            >
              Voir
            </Button>
          )}
          {canSendQuote(quote.status) && (
            <Button type="primary" size="large" onClick={onSend}>
              Envoyer
            </Button>
          )}
          {quote.status === 'sent' && quote.emailStatus?.state === 'failed' && (
            <Button size="large" onClick={onResend}>
              Renvoyer l'e-mail
            </Button>
          )}
          {quote.status === 'sent' && (
            <Button type="primary" size="large" onClick={onAccept}>
              Bon pour accord
            </Button>
          )}
          {quote.status === 'validated' && (
            <Button type="primary" size="large" onClick={onInvoice}>
              Facturer
            </Button>
          )}
          {quote.status === 'validated' && (
            <Button size="large" onClick={onBilling}>
              Facturation du marché
            </Button>
          )}
          {canDeleteQuote(quote.status) && (
            <ConfirmDeleteButton
              id={quote.id}
              mutation={remove}
              question="Supprimer ce devis ?"
              description="Le devis et ses lignes seront supprimés."
              aria-label={`Supprimer le devis ${quote.number}`}
              success="Le devis a été supprimé."
              failure="Une erreur est survenue lors de la suppression du devis."
            />
          )}
        </div>
        <PdfButtons
          className={styles.pdf}
          of={`du devis ${quote.number}`}
          link={(disposition) => pdf.mutateAsync({ id: quote.id, disposition })}
        />
      </article>
    </Card>
  );
}

/**
 * 'Devis signé' on a quote the client accepted online: its signed PDF (the archive in Documents,
 * docs/online-acceptance.md) in a new tab, opened during the click so no popup blocker stops it.
 */
function SignedPdfButton({ documentId, number }: { documentId: string; number: string }) {
  const { toast } = useToast();
  const link = useDocumentDownloadUrl();
  const open = async () => {
    const tab = openPendingTab();
    try {
      tab.show(await link.mutateAsync({ id: documentId, inline: true }));
    } catch (error) {
      tab.close();
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? "Erreur lors de l'ouverture du devis signé",
        error,
      });
    }
  };
  return (
    <Button
      size="large"
      className={styles.signedPdf}
      loading={link.isPending}
      onClick={() => void open()}
      aria-label={`Devis signé ${number} (PDF)`}
    >
      Devis signé (PDF)
    </Button>
  );
}
