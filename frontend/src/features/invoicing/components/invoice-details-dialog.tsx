import type {
  BuyerSnapshot,
  InvoicePayment,
  InvoiceWithRefs,
  SellerSnapshot,
  Situation,
} from '@btp/shared/entities/invoice';
import { invoiceKindLabels, labelOf, legalFormLabels, paymentMethodLabels } from '@btp/shared/enums';
import { centsOf } from '@btp/shared/finance';
import { formatEuro } from '@btp/shared/money';
import { Alert, Button, Tag, Typography } from 'antd';

import { useInvoicePdfUrl } from '../../../api/invoices/get-invoice-pdf-url';
import { PdfButtons } from '../../../components/pdf-buttons';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { formatDate, formatDateTime } from '../../../lib/format';
import { InvoiceNetworkSection } from '../../einvoicing/lifecycle-views';
import { statusLabel } from './invoice-card';
import { euros, InvoiceFigures } from './invoice-figures';
import { decimalForInput, vatRateText } from './invoice-lines';
import {
  creditedInvoiceText,
  invoiceActions,
  invoiceStatusColors,
  isCreditNote,
  pdfNameOf,
  remainingCents,
  situationText,
} from './invoice-rules';
import cardStyles from '../../../components/record-cards.module.css';
import styles from './invoicing.module.css';

/** "12 rue des Lilas, 69003 Lyon, France": the parts of an address that are there. */
function addressText(party: {
  address?: string | undefined;
  postalCode?: string | undefined;
  city?: string | undefined;
  country?: string | undefined;
}): string | undefined {
  const town = [party.postalCode, party.city].filter(Boolean).join(' ');
  const text = [party.address, town, party.country === 'France' ? undefined : party.country]
    .filter(Boolean)
    .join(', ');
  return text === '' ? undefined : text;
}

/** Facts of a snapshot, only those it holds. */
function PartyFacts({ facts }: { facts: [string, string | undefined][] }) {
  return (
    <dl className={cardStyles.facts} style={{ fontSize: 14, marginTop: 4 }}>
      {facts
        .filter((fact): fact is [string, string] => fact[1] !== undefined && fact[1] !== '')
        .map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function SellerBlock({ seller }: { seller: SellerSnapshot }) {
  return (
    <section aria-label="Émetteur" className={styles.party}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        Émetteur
      </Typography.Title>
      <PartyFacts
        facts={[
          ['Raison sociale', seller.name],
          [
            'Forme juridique',
            seller.legalForm === undefined
              ? undefined
              : labelOf(legalFormLabels, seller.legalForm, seller.legalForm),
          ],
          ['Capital', seller.shareCapital === undefined ? undefined : euros(seller.shareCapital)],
          ['Adresse', addressText(seller)],
          ['SIRET', seller.siret],
          ['Immatriculation', seller.registration],
          ['N° TVA', seller.vatNumber],
          ['IBAN', seller.iban],
        ]}
      />
    </section>
  );
}

function BuyerBlock({ buyer }: { buyer: BuyerSnapshot }) {
  return (
    <section aria-label="Client à l'émission" className={styles.party}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        Client à l&apos;émission
      </Typography.Title>
      <PartyFacts
        facts={[
          ['Nom', buyer.name],
          ['Adresse', addressText(buyer)],
          ['SIREN', buyer.siren],
          ['N° TVA', buyer.vatNumber],
        ]}
      />
    </section>
  );
}

/**
 * A situation's lines (DOCUMENTS.md § 4): per quote line its contract amount, the cumulative percent
 * before and to date, and what this situation bills of it.
 */
function SituationProgress({ situation }: { situation: Situation }) {
  return (
    <section aria-label="Avancement de la situation">
      <Typography.Title level={5}>Avancement de la situation</Typography.Title>
      <ol className={styles.readLines}>
        {situation.lines.map((line) => (
          <li key={line.itemId} className={styles.readLine} aria-label={line.description}>
            <span className={styles.readLineTitle}>{line.description}</span>
            <span className={cardStyles.secondary}>
              {`Marché ${euros(line.saleTotal)} HT · % précédent ${vatRateText(line.previousPercent)} · % cumulé ${vatRateText(line.cumulativePercent)}`}
            </span>
            <strong className={styles.readLineTotal}>{euros(line.amount)} HT</strong>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The payments received, in the order recorded: date, means, reference and amount TTC. */
function PaymentsList({ payments }: { payments: readonly InvoicePayment[] }) {
  return (
    <section aria-label="Paiements reçus">
      <Typography.Title level={5}>Paiements reçus</Typography.Title>
      {payments.length === 0 ? (
        <Typography.Paragraph type="secondary">Aucun paiement enregistré</Typography.Paragraph>
      ) : (
        <ol className={styles.readLines}>
          {payments.map((payment) => (
            <li
              key={payment.id}
              className={styles.readLine}
              aria-label={`Paiement du ${formatDate(payment.paidAt)}`}
            >
              <span className={styles.readLineTitle}>
                {`${formatDate(payment.paidAt)} · ${labelOf(paymentMethodLabels, payment.method, 'Moyen non précisé')}`}
              </span>
              <span className={cardStyles.secondary}>
                {payment.reference === undefined ? 'Sans référence' : `Réf. ${payment.reference}`}
              </span>
              <strong className={styles.readLineTotal}>{euros(payment.amount)}</strong>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

interface InvoiceDetailsDialogProps {
  /** The invoice read whole (`GET /api/invoices/{id}`): lines, snapshots, a situation's figures. */
  invoice: InvoiceWithRefs;
  onClose: () => void;
  /** 'Établir un avoir' on an issued invoice. */
  onCredit: () => void;
}

/**
 * 'Voir détails': everything the invoice or credit note says, read-only: its lines, the VAT per
 * rate, the totals and the net to pay, what was paid and credited, the seller and buyer as they were
 * at issue, and for a credit note the invoice it cancels; its PDF. An issued invoice is never edited:
 * the way to correct it, a credit note, is offered here.
 */
export function InvoiceDetailsDialog({ invoice, onClose, onCredit }: InvoiceDetailsDialogProps) {
  const creditNote = isCreditNote(invoice);
  const owed = remainingCents(invoice);
  const creditedCents = centsOf(invoice.creditedAmount);
  const canCredit = invoiceActions(invoice).credit;
  const pdf = useInvoicePdfUrl();
  const situation = situationText(invoice);
  const retentionCents = centsOf(invoice.retentionAmount);
  return (
    <ResponsiveModal
      open
      title={creditNote ? "Détails de l'avoir" : 'Détails de la facture'}
      width={760}
      onCancel={onClose}
      footer={
        <Button size="large" onClick={onClose}>
          Fermer
        </Button>
      }
      destroyOnHidden
    >
      <dl className={cardStyles.facts} style={{ fontSize: 14 }}>
        <dt>Type</dt>
        <dd>{labelOf(invoiceKindLabels, invoice.kind)}</dd>
        {situation !== undefined && (
          <>
            <dt>Situation</dt>
            <dd>{situation}</dd>
          </>
        )}
        <dt>Numéro</dt>
        <dd>{invoice.number ?? 'Brouillon'}</dd>
        <dt>Statut</dt>
        <dd>
          <Tag color={invoiceStatusColors[invoice.status]}>{statusLabel(invoice)}</Tag>
        </dd>
        {creditNote && (
          <>
            <dt>Facture créditée</dt>
            <dd>{creditedInvoiceText(invoice)}</dd>
          </>
        )}
        <dt>Titre</dt>
        <dd>{invoice.title}</dd>
        <dt>Montant total</dt>
        <dd>
          {euros(invoice.totalWithVat)} TTC · {euros(invoice.totalAmount)} HT
        </dd>
        <dt>Client</dt>
        <dd>{invoice.client?.name ?? 'Client supprimé'}</dd>
        <dt>Projet</dt>
        <dd>{invoice.project?.name ?? 'Aucun projet'}</dd>
        {invoice.issueDate !== undefined && (
          <>
            <dt>Date d&apos;émission</dt>
            <dd>{formatDate(invoice.issueDate)}</dd>
          </>
        )}
        {!creditNote && (
          <>
            <dt>Échéance:</dt>
            <dd>{invoice.dueDate ? formatDate(invoice.dueDate) : 'Non définie'}</dd>
          </>
        )}
        <dt>Créée le</dt>
        <dd>{formatDate(invoice.createdAt)}</dd>
        {invoice.sentAt !== undefined && (
          <>
            <dt>Envoyée le</dt>
            <dd>{formatDateTime(invoice.sentAt)}</dd>
          </>
        )}
        {invoice.paidAt !== undefined && invoice.status === 'paid' && (
          <>
            <dt>Payée le</dt>
            <dd>{formatDate(invoice.paidAt)}</dd>
          </>
        )}
        {invoice.reverseCharge && (
          <>
            <dt>Autoliquidation</dt>
            <dd>Oui</dd>
          </>
        )}
        {invoice.description !== undefined && (
          <>
            <dt>Description</dt>
            <dd>{invoice.description}</dd>
          </>
        )}
      </dl>
      <PdfButtons
        className={styles.detailsPdf}
        of={pdfNameOf(invoice)}
        link={(disposition) => pdf.mutateAsync({ id: invoice.id, disposition })}
      />

      <Typography.Title level={5}>Lignes</Typography.Title>
      <ol className={styles.readLines} aria-label="Lignes">
        {invoice.lines.map((line, index) => (
          // Lines have no id; their position is what a credit note names them by.
          <li key={index} className={styles.readLine}>
            <span className={styles.readLineTitle}>{line.description}</span>
            <span className={cardStyles.secondary}>
              {`${decimalForInput(line.quantity)}${line.unit ? ` ${line.unit}` : ''} × ${euros(line.unitPrice)} HT · TVA ${vatRateText(line.vatRate)}`}
            </span>
            <strong className={styles.readLineTotal}>{euros(line.total)} HT</strong>
          </li>
        ))}
      </ol>
      {invoice.situation !== undefined && <SituationProgress situation={invoice.situation} />}
      <InvoiceFigures
        figures={invoice}
        label={creditNote ? "Totaux de l'avoir" : 'Totaux de la facture'}
        reverseCharge={invoice.reverseCharge}
      />
      {retentionCents !== 0 && (
        <dl className={cardStyles.facts} style={{ fontSize: 14 }} aria-label="Retenue de garantie">
          <dt>{`Retenue de garantie (${vatRateText(invoice.retentionRate)})`}</dt>
          <dd>{formatEuro(retentionCents)} TTC</dd>
          <dt>Retenue libérée</dt>
          <dd>
            {invoice.retentionReleasedAt === undefined
              ? 'Non, pas encore'
              : `Le ${formatDate(invoice.retentionReleasedAt)}`}
          </dd>
        </dl>
      )}

      {!creditNote && invoice.status !== 'draft' && <PaymentsList payments={invoice.payments} />}
      {!creditNote && (
        <dl className={cardStyles.facts} style={{ fontSize: 14 }}>
          <dt>Montant payé</dt>
          <dd>{formatEuro(centsOf(invoice.paidAmount))}</dd>
          {creditedCents > 0 && (
            <>
              <dt>Crédité par avoir</dt>
              <dd>{formatEuro(creditedCents)} TTC</dd>
            </>
          )}
          {owed > 0 && (
            <>
              <dt>Reste à payer</dt>
              <dd>{formatEuro(owed)}</dd>
            </>
          )}
        </dl>
      )}

      {invoice.number !== undefined && <InvoiceNetworkSection invoiceId={invoice.id} />}

      {invoice.seller !== undefined && <SellerBlock seller={invoice.seller} />}
      {invoice.buyer !== undefined && <BuyerBlock buyer={invoice.buyer} />}

      {canCredit && (
        <div className={styles.creditHint}>
          <Alert
            type="info"
            showIcon
            title="Une facture émise ne peut plus être modifiée ni supprimée : pour l'annuler ou la corriger, établissez un avoir."
          />
          <Button size="large" onClick={onCredit}>
            Établir un avoir
          </Button>
        </div>
      )}
    </ResponsiveModal>
  );
}
