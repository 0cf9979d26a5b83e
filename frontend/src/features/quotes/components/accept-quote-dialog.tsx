import { quoteAcceptInput, type QuoteAcceptData } from '@btp/shared/entities/quote';
import { Form, Input, Typography } from 'antd';

import { useAcceptQuote } from '../../../api/quotes/accept-quote';
import type { QuoteListItem } from '../../../api/quotes/list-quotes';
import { DateField } from '../../../components/date-field';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { useZodForm, validateWith, type FieldMessages } from '../../../lib/zod-form';
import { euros } from './quote-lines';

interface AcceptFormValues {
  signerName: string;
  /** The day of the agreement, "2026-11-22" (the date field's value). */
  acceptedAt: string;
}

const DATE_REQUIRED = "La date de l'accord est requise";
const DATE_IN_FUTURE = "La date de l'accord ne peut pas être postérieure à aujourd'hui";

/** Today in the person's time zone, "2026-11-22". */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The instant sent for a day of agreement: now when it is today (the server refuses none in the
 * future), else noon of that day in the person's time zone, which stays on that calendar day in UTC.
 */
function acceptedInstant(day: string, now = new Date()): string {
  if (day === localToday(now)) return now.toISOString();
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, date ?? 1, 12).toISOString();
}

function validateAccept(values: AcceptFormValues, version: number) {
  const day = values.acceptedAt.trim();
  const extra: FieldMessages = {};
  if (day === '') extra.acceptedAt = DATE_REQUIRED;
  else if (day > localToday()) extra.acceptedAt = DATE_IN_FUTURE;
  return validateWith(
    quoteAcceptInput,
    {
      signerName: values.signerName,
      ...(day === '' ? {} : { acceptedAt: acceptedInstant(day) }),
      version,
    },
    extra,
  );
}

interface AcceptQuoteDialogProps {
  /** A sent quote. */
  quote: QuoteListItem;
  onClose: () => void;
}

/**
 * "Bon pour accord": records the client's agreement to a sent quote (who signed, on which day, today
 * by default), sent with the version read; the quote becomes « Validé ». A refusal (a quote changed
 * meanwhile, not sent) is told by a toast and the dialog stays open.
 */
export function AcceptQuoteDialog({ quote, onClose }: AcceptQuoteDialogProps) {
  const { toast } = useToast();
  const accept = useAcceptQuote();
  const { form, handleFinish, handleValuesChange, showServerErrors } = useZodForm<
    AcceptFormValues,
    QuoteAcceptData
  >(['signerName', 'acceptedAt'], (values) => validateAccept(values, quote.version));

  const submit = async (data: QuoteAcceptData) => {
    try {
      await accept.mutateAsync({ id: quote.id, data });
    } catch (error) {
      showServerErrors(error);
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? "Une erreur est survenue lors de l'enregistrement de l'accord.",
        error,
      });
      return;
    }
    toast({ title: 'Succès', description: `Le devis ${quote.number} est accepté : il passe à « Validé ».` });
    onClose();
  };

  return (
    <ResponsiveModal
      open
      title={`Bon pour accord : devis ${quote.number}`}
      okText="Enregistrer l'accord"
      cancelText="Annuler"
      okButtonProps={{ size: 'large', htmlType: 'submit', form: 'accept-quote-form' }}
      cancelButtonProps={{ size: 'large' }}
      confirmLoading={accept.isPending}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Typography.Paragraph>
        Le client accepte le devis <Typography.Text strong>« {quote.title} »</Typography.Text> de{' '}
        {euros(quote.totalAmount)} HT, soit {euros(quote.totalWithVat)} TTC. Le devis passera au statut «
        Validé » et pourra être facturé.
      </Typography.Paragraph>
      <Form<AcceptFormValues>
        id="accept-quote-form"
        form={form}
        layout="vertical"
        size="large"
        initialValues={{ signerName: '', acceptedAt: localToday() }}
        // The messages are ours, in French: the browser's own check of `max` would block the submit.
        noValidate
        onFinish={handleFinish((data) => void submit(data))}
        onValuesChange={handleValuesChange}
      >
        <Form.Item name="signerName" label="Nom du signataire" required>
          <Input autoComplete="name" maxLength={2_000} autoFocus />
        </Form.Item>
        <Form.Item name="acceptedAt" label="Date de l'accord" required style={{ marginBottom: 0 }}>
          <DateField iso disabledDate={(day) => day.format('YYYY-MM-DD') > localToday()} />
        </Form.Item>
      </Form>
    </ResponsiveModal>
  );
}
