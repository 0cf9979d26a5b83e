import {
  invoicePayInput,
  PAYMENT_REFERENCE_MAX_LENGTH,
  type InvoicePayData,
} from '@btp/shared/entities/invoice';
import { paymentMethodLabels, paymentMethods, type PaymentMethod } from '@btp/shared/enums';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { formatEuro, formatMoney } from '@btp/shared/money';
import { Form, Input, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

import type { InvoicesListItem } from '../../../api/invoices/list-invoices';
import { usePayInvoice } from '../../../api/invoices/pay-invoice';
import { DateField } from '../../../components/date-field';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { useZodForm, validateWith } from '../../../lib/zod-form';
import { decimalForInput } from './invoice-lines';
import { remainingCents } from './invoice-rules';

export interface PayFormValues {
  paidAmount: string;
  paidAt: Dayjs | null;
  method?: PaymentMethod | null | undefined;
  reference?: string | undefined;
}

/** The choices of 'Moyen de paiement': Virement, Chèque, Espèces, Carte bancaire. */
export const paymentMethodOptions = paymentMethods.map((method) => ({
  value: method,
  label: paymentMethodLabels[method],
}));

/**
 * The payment instant sent for the chosen day: now when it is today (France), else noon of that day
 * in the browser's zone, which stays on that calendar day in France.
 */
export function paymentInstant(day: Dayjs, now: Date = new Date()): string {
  if (day.format('YYYY-MM-DD') === calendarDateInFrance(now)) return now.toISOString();
  return day.hour(12).minute(0).second(0).millisecond(0).format();
}

/** The form's first values: what remains to pay (cents), paid today. */
export function paymentFormValues(remaining: number): PayFormValues {
  return { paidAmount: decimalForInput(formatMoney(remaining), 2), paidAt: dayjs() };
}

export function validatePayment(values: PayFormValues, version: number) {
  return validateWith(invoicePayInput, {
    paidAmount: values.paidAmount,
    paidAt: values.paidAt === null ? undefined : paymentInstant(values.paidAt),
    method: values.method ?? undefined,
    reference: values.reference,
    version,
  });
}

interface PayInvoiceDialogProps {
  invoice: InvoicesListItem;
  onClose: () => void;
  onPaid: (invoice: InvoicesListItem) => void;
}

/**
 * 'Enregistrer un paiement': one payment of the invoice: the amount received, TTC (by default what
 * remains to pay: the amount due less what was paid and credited; less is a partial payment), the
 * day it was received (today), how (optional) and its reference (n° de chèque, libellé du virement).
 */
export function PayInvoiceDialog({ invoice, onClose, onPaid }: PayInvoiceDialogProps) {
  const { toast } = useToast();
  const pay = usePayInvoice();
  const { form, handleFinish, handleValuesChange, showServerErrors } = useZodForm<
    PayFormValues,
    InvoicePayData
  >(['paidAmount', 'paidAt', 'method', 'reference'], (values) => validatePayment(values, invoice.version));
  const remaining = remainingCents(invoice);

  const submit = async (data: InvoicePayData) => {
    try {
      const updated = await pay.mutateAsync({ id: invoice.id, data });
      onPaid(updated);
      const number = invoice.number === undefined ? '' : ` ${invoice.number}`;
      toast({
        title: 'Succès',
        description:
          updated.status === 'paid'
            ? `Facture${number} marquée payée avec succès`
            : `Paiement enregistré : reste à payer ${formatEuro(remainingCents(updated))} sur la facture${number}`,
      });
      onClose();
    } catch (error) {
      showServerErrors(error);
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? "Erreur lors de l'enregistrement du paiement",
        error,
      });
    }
  };

  return (
    <ResponsiveModal
      open
      title="Enregistrer un paiement"
      okText="Enregistrer le paiement"
      cancelText="Annuler"
      okButtonProps={{ size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
      confirmLoading={pay.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        <Typography.Text strong>{invoice.number ?? 'Brouillon'}</Typography.Text>
        <br />
        <Typography.Text type="secondary">{invoice.title}</Typography.Text>
      </Typography.Paragraph>
      <Form<PayFormValues>
        form={form}
        layout="vertical"
        size="large"
        initialValues={paymentFormValues(remaining)}
        onFinish={handleFinish((data) => void submit(data))}
        onValuesChange={handleValuesChange}
      >
        <Form.Item
          name="paidAmount"
          label="Montant payé (€)"
          extra={`Montant TTC reçu. Reste à payer : ${formatEuro(remaining)} TTC.`}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="paidAt" label="Date de paiement">
          <DateField allowClear={false} disabledDate={(day) => day.isAfter(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item name="method" label="Moyen de paiement">
          <Select<PaymentMethod>
            options={paymentMethodOptions}
            allowClear
            placeholder="Non précisé"
            popupMatchSelectWidth
          />
        </Form.Item>
        <Form.Item
          name="reference"
          label="Référence"
          extra="N° de chèque, libellé du virement… (facultatif)"
          style={{ marginBottom: 0 }}
        >
          <Input maxLength={PAYMENT_REFERENCE_MAX_LENGTH} autoComplete="off" />
        </Form.Item>
      </Form>
    </ResponsiveModal>
  );
}
