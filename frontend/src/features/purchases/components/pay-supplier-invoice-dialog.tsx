import { supplierInvoicePayInput, type SupplierInvoicePayData } from '@btp/shared/entities/supplier-invoice';
import { centsOf } from '@btp/shared/finance';
import { Form, Input, Typography } from 'antd';
import dayjs from 'dayjs';

import type { SupplierInvoicesListItem } from '../../../api/supplier-invoices/list-supplier-invoices';
import { usePaySupplierInvoice } from '../../../api/supplier-invoices/pay-supplier-invoice';
import { useActionToasts } from '../../../components/action-toasts';
import { DateField } from '../../../components/date-field';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useZodForm, validateWith } from '../../../lib/zod-form';
import {
  paymentFormValues,
  paymentInstant,
  type PayFormValues,
} from '../../invoicing/components/pay-invoice-dialog';
import { amountText } from './supplier-invoice-figures';

interface PaySupplierInvoiceDialogProps {
  invoice: SupplierInvoicesListItem;
  onClose: () => void;
}

/**
 * 'Enregistrer un paiement' of a supplier invoice (TTC paid, by default what remains: what the
 * supplier asks less what was paid and what its credit notes take back; less is a partial
 * payment), or 'Enregistrer un remboursement' of a credit note crediting no invoice.
 */
export function PaySupplierInvoiceDialog({ invoice, onClose }: PaySupplierInvoiceDialogProps) {
  const notify = useActionToasts();
  const pay = usePaySupplierInvoice();
  const note = invoice.kind === 'credit_note';
  const remaining = centsOf(invoice.remainingAmount);
  const money = (value: string | undefined) => amountText(value, invoice.currency);
  const { form, handleFinish, handleValuesChange, showServerErrors } = useZodForm<
    PayFormValues,
    SupplierInvoicePayData
  >(['paidAmount', 'paidAt'], (values) =>
    validateWith(supplierInvoicePayInput, {
      paidAmount: values.paidAmount,
      paidAt: values.paidAt === null ? undefined : paymentInstant(values.paidAt),
      version: invoice.version,
    }),
  );

  const submit = (data: SupplierInvoicePayData) =>
    notify(() => pay.mutateAsync({ id: invoice.id, data }), {
      success: (updated) =>
        updated.status === 'paid'
          ? `${note ? 'Avoir' : 'Facture'} ${invoice.number} ${note ? 'remboursé' : 'payée'}`
          : `Paiement enregistré : reste ${money(updated.remainingAmount)} sur ${invoice.number}`,
      failure: "Erreur lors de l'enregistrement du paiement",
    }).then(onClose, showServerErrors);

  return (
    <ResponsiveModal
      open
      title={note ? 'Enregistrer un remboursement' : 'Enregistrer un paiement'}
      okText="Enregistrer"
      cancelText="Annuler"
      okButtonProps={{ size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
      confirmLoading={pay.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        <Typography.Text strong>{invoice.number}</Typography.Text>
        {invoice.supplier !== undefined && (
          <>
            <br />
            <Typography.Text type="secondary">{invoice.supplier.name}</Typography.Text>
          </>
        )}
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
          label={note ? 'Montant remboursé (€)' : 'Montant payé (€)'}
          extra={`Montant TTC. ${note ? 'Reste à déduire' : 'Reste à payer'} : ${money(invoice.remainingAmount)}.`}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="paidAt" label="Date" style={{ marginBottom: 0 }}>
          <DateField allowClear={false} disabledDate={(day) => day.isAfter(dayjs(), 'day')} />
        </Form.Item>
      </Form>
    </ResponsiveModal>
  );
}
