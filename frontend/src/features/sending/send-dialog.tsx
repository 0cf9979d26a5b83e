import { emailField, boundedText, optionalField } from '@btp/shared/fields';
import { noClientEmailMessage, SEND_MESSAGE_MAX_LENGTH, type EmailStatus } from '@btp/shared/sending';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import * as z from 'zod';

import { listClientsQueryOptions } from '../../api/clients/list-clients';
import { ResponsiveModal } from '../../components/responsive-modal';
import { useToast } from '../../components/toast';
import { serverMessage } from '../../lib/api';
import { useZodForm, validateWith } from '../../lib/zod-form';

/** What is sent: a devis, a facture (deposit, situation…) or an avoir. */
export type SentKind = 'quote' | 'invoice' | 'credit_note';

/** What the dialog hands to `send`. */
export interface SendValues {
  email: string;
  message?: string;
  /** Made once when the dialog opens: sending twice from it never sends two e-mails. */
  idempotencyKey: string;
}

/** What `send` answers: the record as written, with its e-mail's outcome. */
export interface SentRecord {
  number?: string | undefined;
  emailStatus?: EmailStatus | undefined;
}

export interface SendDialogProps<R extends SentRecord> {
  kind: SentKind;
  /** The record's number; absent for a draft invoice (numbered when sent). */
  number?: string | undefined;
  clientId: string;
  /** « Renvoyer l'e-mail » of a document already sent, rather than its first sending. */
  resend?: boolean;
  /** What sending changes, shown above the form (e.g. the number it takes). */
  notice?: ReactNode;
  send: (values: SendValues) => Promise<R>;
  /** A refusal the caller shows its own way (an incomplete company profile): true when it did. */
  onRefused?: (error: unknown) => boolean;
  onSent?: (record: R) => void;
  onClose: () => void;
}

const EMAIL_REQUIRED = "L'adresse e-mail du destinataire est requise";

const sendFormSchema = z.object({
  email: emailField(),
  message: optionalField(boundedText(SEND_MESSAGE_MAX_LENGTH)),
});

interface SendFormValues {
  email: string;
  message: string;
}

/** The schema's messages, and « requise » rather than « valide » for an empty address. */
function validateSendForm(values: SendFormValues) {
  const validation = validateWith(sendFormSchema, values);
  if (values.email.trim() !== '') return validation;
  return { data: undefined, messages: { ...validation.messages, email: EMAIL_REQUIRED } };
}

const labels: Record<SentKind, { noun: string; the: string; sent: string }> = {
  quote: { noun: 'Devis', the: 'le devis', sent: 'envoyé' },
  invoice: { noun: 'Facture', the: 'la facture', sent: 'envoyée' },
  credit_note: { noun: 'Avoir', the: "l'avoir", sent: 'envoyé' },
};

/** "Devis DEV-2026-0001.pdf", or for a draft invoice the name it will have. */
export function attachmentName(kind: SentKind, number: string | undefined): string {
  if (number !== undefined) return `${labels[kind].noun} ${number}.pdf`;
  return kind === 'credit_note' ? "Avoir (numéroté à l'envoi).pdf" : "Facture (numérotée à l'envoi).pdf";
}

/** The toast of a sending: "Devis envoyé à x@y", "Facture FAC-2026-0001 envoyée à x@y". */
export function sentMessage(kind: SentKind, number: string | undefined, to: string): string {
  const { noun, sent } = labels[kind];
  return kind === 'quote' || number === undefined
    ? `${noun} ${sent} à ${to}`
    : `${noun} ${number} ${sent} à ${to}`;
}

function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * « Envoyer » a devis, a facture or an avoir by e-mail: the recipient (the client's address,
 * required and checked; asked for when the client has none), an optional message, the PDF attached
 * (named). One `Idempotency-Key` per opening, so a double click or a retry never sends twice. A
 * refusal keeps the dialog open with the server's message; an invoice issued whose e-mail failed
 * closes it with the failure told (the card offers « Renvoyer l'e-mail »).
 */
export function SendDialog<R extends SentRecord>({
  kind,
  number,
  clientId,
  resend = false,
  notice,
  send,
  onRefused,
  onSent,
  onClose,
}: SendDialogProps<R>) {
  const { toast } = useToast();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const clients = useQuery(listClientsQueryOptions());
  const client = clients.data?.find((candidate) => candidate.id === clientId);
  const clientEmail = client?.email;
  const { form, handleFinish, handleValuesChange, showServerErrors } = useZodForm<
    SendFormValues,
    z.output<typeof sendFormSchema>
  >(['email', 'message'], validateSendForm);

  // The client's address arrives with the clients list: it fills the field unless something was typed.
  useEffect(() => {
    if (clientEmail !== undefined && !form.isFieldTouched('email') && form.getFieldValue('email') === '') {
      form.setFieldValue('email', clientEmail);
    }
  }, [clientEmail, form]);

  const { noun, the } = labels[kind];
  const title = resend
    ? `Renvoyer l'e-mail : ${noun.toLowerCase()} ${number ?? ''}`.trim()
    : kind === 'quote'
      ? `Envoyer le devis${number === undefined ? '' : ` ${number}`} ?`
      : `Envoyer ${the} ?`;

  const submit = async (data: z.output<typeof sendFormSchema>) => {
    setPending(true);
    setError(undefined);
    let record: R;
    try {
      record = await send({
        email: data.email,
        ...(data.message === undefined ? {} : { message: data.message }),
        idempotencyKey,
      });
    } catch (failure) {
      setPending(false);
      if (onRefused?.(failure)) return;
      showServerErrors(failure);
      setError(serverMessage(failure) ?? `Une erreur est survenue lors de l'envoi : réessayez.`);
      return;
    }
    setPending(false);
    onSent?.(record);
    const status = record.emailStatus;
    const shownNumber = record.number ?? number;
    if (status?.state === 'failed') {
      toast({
        variant: 'destructive',
        title: 'E-mail non envoyé',
        description: `${noun}${shownNumber === undefined ? '' : ` ${shownNumber}`} : l'e-mail à ${status.to} n'a pas pu être envoyé. Utilisez « Renvoyer l'e-mail » sur sa carte.`,
      });
    } else {
      toast({ title: 'Succès', description: sentMessage(kind, shownNumber, status?.to ?? data.email) });
    }
    onClose();
  };

  return (
    <ResponsiveModal
      open
      title={title}
      okText={resend ? "Renvoyer l'e-mail" : 'Envoyer'}
      cancelText="Annuler"
      okButtonProps={{ size: 'large', htmlType: 'submit', form: 'send-document-form' }}
      cancelButtonProps={{ size: 'large' }}
      confirmLoading={pending}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {notice !== undefined && <Typography.Paragraph>{notice}</Typography.Paragraph>}
      {clients.isSuccess && clientEmail === undefined && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={noClientEmailMessage} />
      )}
      <Form<SendFormValues>
        id="send-document-form"
        form={form}
        layout="vertical"
        size="large"
        initialValues={{ email: clientEmail ?? '', message: '' }}
        noValidate
        onFinish={handleFinish((data) => void submit(data))}
        onValuesChange={handleValuesChange}
      >
        <Form.Item name="email" label="E-mail du destinataire" required>
          <Input type="email" inputMode="email" autoComplete="email" maxLength={254} />
        </Form.Item>
        <Form.Item name="message" label="Message (facultatif)">
          <Input.TextArea rows={4} maxLength={SEND_MESSAGE_MAX_LENGTH} />
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Pièce jointe : {attachmentName(kind, number)}
      </Typography.Paragraph>
      {error !== undefined && (
        <Alert type="error" showIcon role="alert" style={{ marginTop: 16 }} title={error} />
      )}
    </ResponsiveModal>
  );
}
