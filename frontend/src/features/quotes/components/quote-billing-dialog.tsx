import type { QuoteBilling, QuoteBillingInvoice, QuoteBillingLine } from '@btp/shared/entities/quote-billing';
import { invoiceStatusLabels, labelOf } from '@btp/shared/enums';
import { parseMoney } from '@btp/shared/money';
import { Alert, Button, Card, Popconfirm, Skeleton, Table, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { useDeleteInvoice } from '../../../api/invoices/delete-invoice';
import { useInvoicePdfUrl } from '../../../api/invoices/get-invoice-pdf-url';
import { useSendInvoice } from '../../../api/invoices/send-invoice';
import { useQuoteBilling } from '../../../api/quotes/get-quote-billing';
import { invalidateQuoteBilling } from '../../../api/quotes/invalidate-quote-billing';
import type { QuoteListItem } from '../../../api/quotes/list-quotes';
import { useToastedAction } from '../../../components/action-toasts';
import { PdfButtons } from '../../../components/pdf-buttons';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { serverMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useIsDesktop } from '../../../lib/use-media-query';
import { SendDialog } from '../../sending/send-dialog';
import { euros } from './quote-lines';
import { ReleaseRetentionDialog } from './release-retention-dialog';
import { SituationDialog } from './situation-dialog';
import { apiPercentText, billingInvoiceLabel } from './situation-rules';
import styles from './quotes.module.css';

/** Tag colours of the invoice statuses (those of Facturation). */
const statusColors: Partial<Record<string, string>> = {
  draft: 'default',
  sent: 'blue',
  overdue: 'red',
  paid: 'green',
  cancelled: 'default',
};

type Dialog =
  | { kind: 'situation'; draftId: string | undefined }
  | { kind: 'release' }
  | { kind: 'send'; invoice: QuoteBillingInvoice }
  | null;

interface QuoteBillingDialogProps {
  /** A validated quote. */
  quote: Pick<QuoteListItem, 'id' | 'number' | 'title' | 'clientId'>;
  onClose: () => void;
}

/**
 * "Facturation du marché" of a validated quote (DOCUMENTS.md § 3–4): the contract, what its situations
 * invoiced line by line, its deposits and their deduction, the retenue de garantie, every invoice of
 * the quote with what can be done with it; a new situation (or the draft's edit) and the release of
 * the retention.
 */
export function QuoteBillingDialog({ quote, onClose }: QuoteBillingDialogProps) {
  const billing = useQuoteBilling(quote.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const data = billing.data;
  const queryClient = useQueryClient();
  const send = useSendInvoice();

  return (
    <ResponsiveModal
      open
      title={`Facturation du marché : devis ${quote.number}`}
      width={1100}
      onCancel={onClose}
      footer={
        <Button size="large" onClick={onClose}>
          Fermer
        </Button>
      }
      destroyOnHidden
    >
      <Typography.Paragraph>
        <Typography.Text strong>{quote.title}</Typography.Text>
      </Typography.Paragraph>
      {billing.isPending && <Skeleton active />}
      {billing.isError && (
        <Alert
          type="error"
          showIcon
          title="Erreur lors du chargement de la facturation du marché"
          description={serverMessage(billing.error)}
        />
      )}
      {data !== undefined && (
        <BillingContent
          billing={data}
          onSituation={() => setDialog({ kind: 'situation', draftId: data.draftSituationId })}
          onRelease={() => setDialog({ kind: 'release' })}
          onSend={(invoice) => setDialog({ kind: 'send', invoice })}
        />
      )}
      {dialog?.kind === 'send' && (
        <SendDialog
          kind={dialog.invoice.kind === 'credit_note' ? 'credit_note' : 'invoice'}
          number={dialog.invoice.number}
          clientId={quote.clientId}
          notice={`« ${dialog.invoice.title} » recevra le prochain numéro de facture et ne pourra plus être modifiée ni supprimée ; elle est envoyée au client par e-mail avec son PDF (Factur-X).`}
          send={(values) =>
            send
              .mutateAsync({ id: dialog.invoice.id, version: dialog.invoice.version, ...values })
              // The hooks refresh Facturation's list; the billing reads the quote's invoices again as well.
              // finally() waits for the promise its callback returns (the rule reads its type as void).
              // oxlint-disable-next-line typescript/no-misused-promises
              .finally(() => invalidateQuoteBilling(queryClient))
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'situation' && data !== undefined && (
        <SituationDialog billing={data} draftId={dialog.draftId} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'release' && data !== undefined && (
        <ReleaseRetentionDialog billing={data} onClose={() => setDialog(null)} />
      )}
    </ResponsiveModal>
  );
}

interface BillingContentProps {
  billing: QuoteBilling;
  onSituation: () => void;
  onRelease: () => void;
  /** 'Envoyer' on a draft invoice of the quote: the send dialog. */
  onSend: (invoice: QuoteBillingInvoice) => void;
}

function BillingContent({ billing, onSituation, onRelease, onSend }: BillingContentProps) {
  const draft = billing.draftSituationId !== undefined;
  const blocked = !draft && billing.situationBlockedReason !== undefined;
  const outstanding = parseMoney(billing.retentionOutstanding) > 0;
  return (
    <>
      <dl className={styles.facts} aria-label="Marché">
        <dt>Marché HT</dt>
        <dd className={styles.amount}>{euros(billing.contractAmount)}</dd>
        <dt>Marché TTC</dt>
        <dd className={styles.amount}>{euros(billing.contractWithVat)}</dd>
        <dt>Facturé à date HT</dt>
        <dd>{euros(billing.invoicedAmount)}</dd>
        <dt>Reste à facturer HT</dt>
        <dd>{euros(billing.remainingHT)}</dd>
      </dl>

      <div className={styles.actions}>
        <Button
          type="primary"
          size="large"
          disabled={blocked}
          onClick={onSituation}
          aria-describedby={blocked ? 'situation-blocked' : undefined}
        >
          {draft ? 'Modifier la situation' : 'Nouvelle situation'}
        </Button>
        {outstanding && (
          <Button size="large" onClick={onRelease}>
            Libérer la retenue
          </Button>
        )}
      </div>
      {blocked && (
        <Typography.Paragraph id="situation-blocked" type="secondary" className={styles.blocked}>
          {billing.situationBlockedReason}
        </Typography.Paragraph>
      )}
      {draft && (
        <Typography.Paragraph type="secondary" className={styles.blocked}>
          {billing.situationBlockedReason ??
            "Une situation est en brouillon : modifiez-la, envoyez-la ou supprimez-la avant d'en établir une autre."}
        </Typography.Paragraph>
      )}

      <Typography.Title level={5}>Avancement par ligne</Typography.Title>
      <BillingLines lines={billing.lines} />

      <div className={styles.billingBlocks}>
        <section aria-label="Acomptes">
          <Typography.Title level={5}>Acomptes</Typography.Title>
          <dl className={styles.facts}>
            <dt>Acomptes facturés HT</dt>
            <dd>{euros(billing.depositsAmount)}</dd>
            <dt>Déduits par les situations HT</dt>
            <dd>{euros(billing.depositsDeducted)}</dd>
          </dl>
        </section>
        <section aria-label="Retenue de garantie">
          <Typography.Title level={5}>Retenue de garantie</Typography.Title>
          <dl className={styles.facts}>
            <dt>Taux</dt>
            <dd>
              {billing.retentionBankGuarantee
                ? 'Caution bancaire (pas de retenue)'
                : apiPercentText(billing.retentionRate)}
            </dd>
            <dt>Retenue TTC</dt>
            <dd>{euros(billing.retentionHeld)}</dd>
            <dt>Libérée</dt>
            <dd>{euros(billing.retentionReleased)}</dd>
            <dt>Reste à libérer</dt>
            <dd className={styles.amount}>{euros(billing.retentionOutstanding)}</dd>
            {billing.retentionReleasableOn !== undefined && (
              <>
                <dt>Libérable à partir du</dt>
                <dd>{formatDate(billing.retentionReleasableOn)}</dd>
              </>
            )}
          </dl>
        </section>
      </div>

      <Typography.Title level={5}>Factures du devis</Typography.Title>
      {billing.invoices.length === 0 ? (
        <Typography.Paragraph type="secondary">Aucune facture pour ce devis.</Typography.Paragraph>
      ) : (
        <ul className={styles.billingInvoices} aria-label="Factures du devis">
          {billing.invoices.map((invoice) => (
            <li key={invoice.id}>
              <BillingInvoiceCard invoice={invoice} onSend={() => onSend(invoice)} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The contract's lines: a table on a desktop, a card per line on a phone. */
function BillingLines({ lines }: { lines: QuoteBillingLine[] }) {
  const desktop = useIsDesktop();
  if (desktop) {
    return (
      <Table<QuoteBillingLine>
        rowKey="itemId"
        size="small"
        pagination={false}
        dataSource={lines}
        aria-label="Lignes du marché"
        columns={[
          { title: 'Désignation', dataIndex: 'description' },
          {
            title: 'Marché HT',
            dataIndex: 'saleTotal',
            align: 'right',
            render: (value: string) => euros(value),
          },
          {
            title: '% cumulé',
            dataIndex: 'cumulativePercent',
            align: 'right',
            render: (value: string) => apiPercentText(value),
          },
          {
            title: 'Facturé à date HT',
            dataIndex: 'cumulativeAmount',
            align: 'right',
            render: (value: string) => euros(value),
          },
          {
            title: 'Reste HT',
            dataIndex: 'remainingAmount',
            align: 'right',
            render: (value: string) => euros(value),
          },
        ]}
      />
    );
  }
  return (
    <ul className={styles.billingLines} aria-label="Lignes du marché">
      {lines.map((line) => (
        <li key={line.itemId} className={styles.billingLine} aria-label={line.description}>
          <span className={styles.billingLineTitle}>{line.description}</span>
          <dl className={styles.lineFigures}>
            <div>
              <dt>Marché HT</dt>
              <dd>{euros(line.saleTotal)}</dd>
            </div>
            <div>
              <dt>% cumulé</dt>
              <dd>{apiPercentText(line.cumulativePercent)}</dd>
            </div>
            <div>
              <dt>Facturé à date HT</dt>
              <dd>{euros(line.cumulativeAmount)}</dd>
            </div>
            <div>
              <dt>Reste HT</dt>
              <dd>{euros(line.remainingAmount)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** An invoice of the quote: kind and number, status, amounts; its PDF; a draft is sent or deleted. */
function BillingInvoiceCard({ invoice, onSend }: { invoice: QuoteBillingInvoice; onSend: () => void }) {
  const queryClient = useQueryClient();
  const pdf = useInvoicePdfUrl();
  const remove = useDeleteInvoice();
  const label = billingInvoiceLabel(invoice);
  const name = `${label} ${invoice.number ?? '(brouillon)'}`;
  const creditNote = invoice.kind === 'credit_note';
  const retentionCents = parseMoney(invoice.retentionAmount);
  const deleteNow = useToastedAction(
    // finally() waits for the promise its callback returns (the rule reads its type as void).
    // oxlint-disable-next-line typescript/no-misused-promises
    () => remove.mutateAsync(invoice.id).finally(() => invalidateQuoteBilling(queryClient)),
    { success: 'Brouillon supprimé', failure: 'Erreur lors de la suppression de la facture' },
  );

  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      <article aria-label={name}>
        <div className={styles.cardHead}>
          <span className={styles.number}>
            {label} · {invoice.number ?? 'Brouillon'}
          </span>
          <Tag color={statusColors[invoice.status]} style={{ marginInlineEnd: 0 }}>
            {creditNote && invoice.status !== 'draft' ? 'Émis' : labelOf(invoiceStatusLabels, invoice.status)}
          </Tag>
        </div>
        <p className={styles.billingInvoiceTitle}>{invoice.title}</p>
        <dl className={styles.facts}>
          <dt>Total TTC</dt>
          <dd>{euros(invoice.totalWithVat)}</dd>
          {retentionCents !== 0 && (
            <>
              <dt>Retenue de garantie</dt>
              <dd>
                {euros(invoice.retentionAmount)}
                {invoice.retentionReleasedAt !== undefined &&
                  ` (libérée le ${formatDate(invoice.retentionReleasedAt)})`}
              </dd>
            </>
          )}
          {!creditNote && (
            <>
              <dt>Net à payer</dt>
              <dd className={styles.amount}>{euros(invoice.amountDue)}</dd>
              <dt>Payé</dt>
              <dd>{euros(invoice.paidAmount)}</dd>
            </>
          )}
          {invoice.issueDate !== undefined && (
            <>
              <dt>Émise le</dt>
              <dd>{formatDate(invoice.issueDate)}</dd>
            </>
          )}
        </dl>
        {invoice.status === 'draft' && (
          <div className={styles.actions}>
            <Button type="primary" size="large" aria-label={`Envoyer ${name}`} onClick={onSend}>
              Envoyer
            </Button>
            <Popconfirm
              title="Supprimer ce brouillon ?"
              okText="Supprimer"
              okButtonProps={{ danger: true }}
              cancelText="Annuler"
              // antd awaits the promise; it never rejects (the toast tells the failure).
              // oxlint-disable-next-line typescript/no-misused-promises
              onConfirm={() => deleteNow()}
            >
              <Button danger size="large" loading={remove.isPending} aria-label={`Supprimer ${name}`}>
                Supprimer
              </Button>
            </Popconfirm>
          </div>
        )}
        <PdfButtons
          className={styles.pdf}
          of={
            creditNote
              ? `de l'avoir ${invoice.number ?? invoice.title}`
              : `de la facture ${invoice.number ?? invoice.title}`
          }
          link={(disposition) => pdf.mutateAsync({ id: invoice.id, disposition })}
        />
      </article>
    </Card>
  );
}
