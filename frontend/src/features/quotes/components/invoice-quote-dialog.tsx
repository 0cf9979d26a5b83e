import { quoteInvoiceInput, type QuoteInvoiceData } from '@btp/shared/entities/quote';
import { formatEuro, MONEY_SCALE, parseMoney, tryParseDecimal } from '@btp/shared/money';
import type { DocumentTotalsInUnits } from '@btp/shared/vat';
import { Button, Form, Radio, Typography } from 'antd';
import { Fragment } from 'react';
import { useNavigate } from 'react-router';

import { useInvoiceQuote } from '../../../api/quotes/invoice-quote';
import type { QuoteListItem } from '../../../api/quotes/list-quotes';
import { DecimalInput } from '../../../components/decimal-input';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { useZodForm, validateWith, type FieldMessages } from '../../../lib/zod-form';
import { depositFigures, wholeQuoteFigures, type DepositMode } from './quote-deposit';
import { vatRateText } from './quote-lines';
import styles from './quotes.module.css';

interface InvoiceFormValues {
  kind: 'standard' | 'deposit';
  mode: DepositMode;
  percentage?: string | null;
  amount?: string | null;
}

const PERCENTAGE_REQUIRED = "Indiquez le pourcentage de l'acompte";
const AMOUNT_REQUIRED = "Indiquez le montant HT de l'acompte";

function blank(value: string | null | undefined): boolean {
  return value === undefined || value === null || value.trim() === '';
}

/** The request body for what is chosen, checked with the shared schema and against the quote's HT. */
function validateInvoice(values: InvoiceFormValues, quote: QuoteListItem) {
  if (values.kind !== 'deposit') return validateWith(quoteInvoiceInput, { kind: 'standard' });
  if (values.mode === 'percentage') {
    if (blank(values.percentage)) return { data: undefined, messages: { percentage: PERCENTAGE_REQUIRED } };
    return validateWith(quoteInvoiceInput, { kind: 'deposit', percentage: values.percentage });
  }
  if (blank(values.amount)) return { data: undefined, messages: { amount: AMOUNT_REQUIRED } };
  const extra: FieldMessages = {};
  const amount = tryParseDecimal(values.amount, MONEY_SCALE);
  if (amount.ok && amount.units > parseMoney(quote.totalAmount)) {
    extra.amount = `L'acompte ne peut pas dépasser le total HT du devis (${formatEuro(parseMoney(quote.totalAmount))})`;
  }
  return validateWith(quoteInvoiceInput, { kind: 'deposit', amount: values.amount }, extra);
}

interface InvoiceQuoteDialogProps {
  /** A validated quote. */
  quote: QuoteListItem;
  onClose: () => void;
}

/**
 * "Facturer" on a validated quote: the whole quote, or a deposit (facture d'acompte) by percentage or
 * amount HT, with its split per VAT rate following what is typed (`vat.ts`, the server's rule). The
 * draft invoice is then in Facturation; a refusal (deposit above what remains, quote not validated)
 * is the server's message in a toast, and the dialog stays open.
 */
export function InvoiceQuoteDialog({ quote, onClose }: InvoiceQuoteDialogProps) {
  const { toast, dismiss } = useToast();
  const navigate = useNavigate();
  const invoice = useInvoiceQuote();
  const { form, handleFinish, handleValuesChange, showServerErrors } = useZodForm<
    InvoiceFormValues,
    QuoteInvoiceData
  >(['kind', 'percentage', 'amount'], (values) => validateInvoice(values, quote));
  const kind = (Form.useWatch('kind', form) as InvoiceFormValues['kind'] | undefined) ?? 'standard';
  const mode = (Form.useWatch('mode', form) as DepositMode | undefined) ?? 'percentage';
  const percentage = Form.useWatch('percentage', form) as string | null | undefined;
  const amount = Form.useWatch('amount', form) as string | null | undefined;

  const figures =
    kind === 'standard'
      ? wholeQuoteFigures(quote.vatBreakdown)
      : depositFigures(quote.vatBreakdown, mode, mode === 'percentage' ? percentage : amount);

  const submit = async (data: QuoteInvoiceData) => {
    try {
      await invoice.mutateAsync({ id: quote.id, data });
    } catch (error) {
      showServerErrors(error);
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? 'Une erreur est survenue lors de la création de la facture.',
        error,
      });
      return;
    }
    // The toasts live outside the router: the button navigates with this screen's `navigate`, and
    // closes the toast (one is shown at a time).
    toast({
      title: 'Succès',
      description: (
        <>
          {data.kind === 'deposit'
            ? `La facture d'acompte du devis ${quote.number} a été créée en brouillon.`
            : `La facture du devis ${quote.number} a été créée en brouillon.`}
          <br />
          <Button
            type="link"
            style={{ height: 44, padding: 0 }}
            onClick={() => {
              dismiss();
              void navigate('/invoicing');
            }}
          >
            Voir dans Facturation
          </Button>
        </>
      ),
    });
    onClose();
  };

  return (
    <ResponsiveModal
      open
      title={`Facturer le devis ${quote.number}`}
      okText="Créer la facture"
      cancelText="Annuler"
      okButtonProps={{ size: 'large', htmlType: 'submit', form: 'invoice-quote-form' }}
      cancelButtonProps={{ size: 'large' }}
      confirmLoading={invoice.isPending}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Typography.Paragraph>
        <Typography.Text strong>{quote.title}</Typography.Text>
        {quote.client !== undefined && ` · ${quote.client.name}`}
      </Typography.Paragraph>
      <Form<InvoiceFormValues>
        id="invoice-quote-form"
        form={form}
        layout="vertical"
        size="large"
        initialValues={{ kind: 'standard', mode: 'percentage', percentage: null, amount: null }}
        onFinish={handleFinish((data) => void submit(data))}
        onValuesChange={handleValuesChange}
      >
        <Form.Item name="kind" label="Que facturer ?">
          <Radio.Group className={styles.choices}>
            <Radio value="standard">Facturer la totalité</Radio>
            <Radio value="deposit">Facture d'acompte</Radio>
          </Radio.Group>
        </Form.Item>
        {kind === 'deposit' && (
          <>
            <Form.Item name="mode" label="Acompte">
              <Radio.Group className={styles.choices}>
                <Radio value="percentage">En pourcentage du total HT</Radio>
                <Radio value="amount">En montant HT</Radio>
              </Radio.Group>
            </Form.Item>
            {mode === 'percentage' ? (
              <Form.Item name="percentage" label="Pourcentage de l'acompte (%)" required>
                <DecimalInput step="1" autoFocus />
              </Form.Item>
            ) : (
              <Form.Item name="amount" label="Montant HT de l'acompte (€)" required>
                <DecimalInput step="0.01" autoFocus />
              </Form.Item>
            )}
          </>
        )}
      </Form>
      <InvoiceFigures
        label={kind === 'deposit' ? "Montants de la facture d'acompte" : 'Montants de la facture'}
        figures={figures}
      />
    </ResponsiveModal>
  );
}

/** HT, VAT per rate ("TVA 20 % sur 300,00 €") and TTC of the invoice to be made. */
function InvoiceFigures({ label, figures }: { label: string; figures: DocumentTotalsInUnits | undefined }) {
  if (figures === undefined) {
    return (
      <Typography.Paragraph type="secondary">
        La répartition par taux de TVA s'affiche dès que l'acompte est indiqué.
      </Typography.Paragraph>
    );
  }
  return (
    <dl className={styles.totals} aria-label={label}>
      <dt className={styles.totalRow}>Total HT</dt>
      <dd className={styles.totalRow}>{formatEuro(figures.totalCents)}</dd>
      {figures.vatBreakdown.map((entry) => (
        <Fragment key={entry.rateHundredths}>
          <dt>{`TVA ${vatRateText(entry.rateHundredths)} sur ${formatEuro(entry.baseCents)}`}</dt>
          <dd>{formatEuro(entry.amountCents)}</dd>
        </Fragment>
      ))}
      <dt className={styles.totalRow}>Total TTC</dt>
      <dd className={styles.totalRow}>{formatEuro(figures.totalWithVatCents)}</dd>
    </dl>
  );
}
