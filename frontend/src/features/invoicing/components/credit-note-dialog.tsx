import type { InvoiceCreditNoteData, InvoiceWithRefs } from '@btp/shared/entities/invoice';
import { centsOf } from '@btp/shared/finance';
import { formatEuro } from '@btp/shared/money';
import { Alert, Checkbox, Input, Radio, Typography } from 'antd';
import { useId, useState } from 'react';

import { useCreditInvoice } from '../../../api/invoices/credit-invoice';
import type { InvoicesListItem } from '../../../api/invoices/list-invoices';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import {
  creditNoteTotals,
  initialChoices,
  partialAllowed,
  validateCreditNote,
  type CreditLineChoice,
  type CreditMode,
} from './credit-note-rules';
import { euros, InvoiceFigures } from './invoice-figures';
import { decimalForInput, vatRateText } from './invoice-lines';
import styles from './invoicing.module.css';

interface CreditNoteDialogProps {
  /** The issued invoice to credit. */
  /** The invoice read whole (`GET /api/invoices/{id}`): its lines are what may be credited. */
  invoice: InvoiceWithRefs;
  onClose: () => void;
  /** The draft credit note the server made. */
  onCreated: (creditNote: InvoicesListItem) => void;
}

/**
 * 'Établir un avoir' (DOCUMENTS.md § 3): the whole invoice, or chosen lines (a smaller quantity for
 * part of a line), with the credit note's totals following the choice and an optional reason. The
 * server makes a draft credit note; sent like an invoice, it takes its number `AV-<year>-<nnnn>`.
 */
export function CreditNoteDialog({ invoice, onClose, onCreated }: CreditNoteDialogProps) {
  const { toast } = useToast();
  const credit = useCreditInvoice();
  const baseId = useId();
  const [mode, setMode] = useState<CreditMode>('whole');
  const [choices, setChoices] = useState<CreditLineChoice[]>(() => initialChoices(invoice.lines));
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const validation = validateCreditNote(invoice.lines, mode, choices, reason);
  const totals = creditNoteTotals(invoice, mode, choices);
  const creditedCents = centsOf(invoice.creditedAmount);
  const named = invoice.number ?? invoice.title;

  const choose = (index: number, changes: Partial<CreditLineChoice>) =>
    setChoices((current) => current.map((choice, at) => (at === index ? { ...choice, ...changes } : choice)));

  const submit = async (data: InvoiceCreditNoteData) => {
    try {
      const creditNote = await credit.mutateAsync({ id: invoice.id, data });
      toast({
        title: 'Succès',
        description: `Avoir sur la facture ${named} créé : envoyez-le pour lui donner son numéro`,
      });
      onCreated(creditNote);
      onClose();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? "Erreur lors de la création de l'avoir",
        error,
      });
    }
  };

  return (
    <ResponsiveModal
      open
      title="Établir un avoir"
      width={760}
      okText="Créer l'avoir"
      cancelText="Annuler"
      okButtonProps={{ size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
      confirmLoading={credit.isPending}
      onOk={() => {
        setChecked(true);
        if (validation.data !== undefined) void submit(validation.data);
      }}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
    >
      <Typography.Paragraph>
        Avoir sur la facture <strong>{named}</strong>
        {invoice.issueDate !== undefined && ` du ${formatDate(invoice.issueDate)}`} (
        {invoice.client?.name ?? 'Client supprimé'}), d&apos;un montant de {euros(invoice.totalWithVat)} TTC.
      </Typography.Paragraph>
      {creditedCents > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`Des avoirs émis ont déjà crédité ${formatEuro(creditedCents)} TTC de cette facture : un avoir ne peut créditer que ce qui reste.`}
        />
      )}
      <Radio.Group
        className={styles.creditModes}
        aria-label="Que créditer ?"
        value={mode}
        onChange={(event) => setMode(event.target.value as CreditMode)}
        options={[
          { value: 'whole', label: 'Toute la facture' },
          { value: 'lines', label: 'Certaines lignes' },
        ]}
      />
      {mode === 'lines' && (
        <section aria-label="Lignes à créditer">
          <ol className={styles.creditLines}>
            {invoice.lines.map((line, index) => {
              const choice = choices[index];
              const message = checked ? validation.lineMessages[index] : undefined;
              const quantityId = `${baseId}-quantity-${index}`;
              const lineTotal = totals.lineTotals[index];
              return (
                // Lines have no id; their position is what the request names them by.
                <li key={index} className={styles.creditLine} aria-label={`Ligne ${index + 1}`}>
                  <Checkbox
                    className={styles.creditChoice}
                    checked={choice?.chosen === true}
                    onChange={(event) => choose(index, { chosen: event.target.checked })}
                  >
                    {line.description}
                  </Checkbox>
                  <span className={styles.creditFacts}>
                    {`Facturé : ${decimalForInput(line.quantity)}${line.unit ? ` ${line.unit}` : ''} × ${euros(line.unitPrice)} HT · TVA ${vatRateText(line.vatRate)} · ${euros(line.total)} HT`}
                  </span>
                  {choice?.chosen === true && partialAllowed(line) && (
                    <div className={styles.creditQuantity}>
                      <label htmlFor={quantityId} className={styles.lineLabel}>
                        Quantité à créditer
                      </label>
                      <Input
                        size="large"
                        id={quantityId}
                        inputMode="decimal"
                        value={choice.quantity}
                        suffix={line.unit || undefined}
                        onChange={(event) => choose(index, { quantity: event.target.value })}
                        {...(message === undefined
                          ? {}
                          : {
                              status: 'error' as const,
                              'aria-invalid': true,
                              'aria-describedby': `${quantityId}-error`,
                            })}
                      />
                      {message !== undefined && (
                        <div className={styles.lineError} id={`${quantityId}-error`} role="alert">
                          {message}
                        </div>
                      )}
                    </div>
                  )}
                  {choice?.chosen === true && (
                    <span className={styles.creditLineTotal}>
                      Crédité : {lineTotal === undefined ? '—' : `${euros(lineTotal)} HT`}
                    </span>
                  )}
                </li>
              );
            })}
          </ol>
          {checked && validation.listMessage !== undefined && (
            <div className={styles.lineError} role="alert" style={{ marginBottom: 12 }}>
              {validation.listMessage}
            </div>
          )}
        </section>
      )}
      <div className={styles.creditReason}>
        <label htmlFor={`${baseId}-reason`} className={styles.lineLabel}>
          Motif (facultatif)
        </label>
        <Input.TextArea
          id={`${baseId}-reason`}
          value={reason}
          maxLength={2_000}
          autoSize={{ minRows: 2, maxRows: 4 }}
          placeholder="Ex. : Erreur de quantité, travaux non réalisés"
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <InvoiceFigures
        figures={totals.figures}
        label="Totaux de l'avoir"
        reverseCharge={invoice.reverseCharge}
      />
    </ResponsiveModal>
  );
}
