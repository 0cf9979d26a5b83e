import {
  answerReasons,
  supplierInvoiceStatusInput,
  type SupplierInvoiceLifecycle,
} from '@btp/shared/einvoicing-network';
import { lifecycleReasonLabel, type BuyerAnswerStatus } from '@btp/shared/einvoicing-lifecycle';
import { Button, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';

import { useAnswerSupplierInvoice, useSupplierInvoiceLifecycle } from '../../api/einvoicing/lifecycles';
import { useActionToasts } from '../../components/action-toasts';
import { ResponsiveModal } from '../../components/responsive-modal';
import { formatDateTime } from '../../lib/format';
import styles from './einvoicing.module.css';
import { LifecycleEvents } from './lifecycle-views';

/** What Achats reads of a supplier invoice to show its network part. */
export interface ReceivedInvoice {
  id: string;
  number: string;
  receivedVia?: 'platform' | undefined;
  einvoicing?: SupplierInvoiceLifecycle | undefined;
}

/** The answers, as their buttons say them. */
const answers: { status: BuyerAnswerStatus; label: string; verb: string; success: string }[] = [
  {
    status: '204',
    label: 'Prise en charge',
    verb: 'Prendre en charge',
    success: 'Prise en charge transmise au fournisseur',
  },
  { status: '205', label: 'Approuver', verb: 'Approuver', success: 'Approbation transmise au fournisseur' },
  { status: '207', label: 'Contester', verb: 'Contester', success: 'Litige transmis au fournisseur' },
  { status: '210', label: 'Refuser', verb: 'Refuser', success: 'Refus transmis au fournisseur' },
];

type Dialog = { kind: 'closed' } | { kind: 'reason'; status: '207' | '210' } | { kind: 'statuses' };

/** The answer that needs a reason: its dialog (a reason among those its status allows, a comment). */
function ReasonDialog({
  invoice,
  status,
  onClose,
}: {
  invoice: ReceivedInvoice;
  status: '207' | '210';
  onClose: () => void;
}) {
  const [reasonCode, setReasonCode] = useState<string | undefined>();
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ reasonCode?: string; comment?: string }>({});
  const answer = useAnswerSupplierInvoice();
  const withToasts = useActionToasts();
  const refusal = status === '210';
  const submit = async () => {
    const parsed = supplierInvoiceStatusInput.safeParse({ status, reasonCode, comment });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'reasonCode' || field === 'comment') found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    try {
      await withToasts(() => answer.mutateAsync({ id: invoice.id, data: parsed.data }), {
        success: refusal ? 'Refus transmis au fournisseur' : 'Litige transmis au fournisseur',
        failure: "Erreur lors de l'envoi du statut",
      });
      onClose();
    } catch {
      // The toast said why; the dialog stays open.
    }
  };
  return (
    <ResponsiveModal
      open
      title={refusal ? `Refuser la facture ${invoice.number}` : `Contester la facture ${invoice.number}`}
      onCancel={onClose}
      okText={refusal ? 'Refuser la facture' : 'Transmettre le litige'}
      okButtonProps={{ danger: refusal, loading: answer.isPending, size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
      cancelText="Annuler"
      onOk={() => void submit()}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {refusal
          ? 'Le refus est transmis au fournisseur par la plateforme : une facture refusée ne peut plus changer de statut, le fournisseur la corrige par un avoir.'
          : 'Le litige est transmis au fournisseur par la plateforme : il peut y répondre ou corriger sa facture.'}
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item
          label="Motif"
          htmlFor="answer-reason"
          required
          validateStatus={errors.reasonCode ? 'error' : undefined}
          help={errors.reasonCode}
        >
          <Select
            id="answer-reason"
            size="large"
            value={reasonCode}
            onChange={setReasonCode}
            placeholder="Choisissez un motif"
            options={answerReasons(status).map((code) => ({
              value: code,
              label: lifecycleReasonLabel(code),
            }))}
          />
        </Form.Item>
        <Form.Item
          label="Commentaire (facultatif)"
          htmlFor="answer-comment"
          validateStatus={errors.comment ? 'error' : undefined}
          help={errors.comment}
        >
          <Input.TextArea
            id="answer-comment"
            value={comment}
            maxLength={1000}
            autoSize={{ minRows: 3, maxRows: 8 }}
            onChange={(event) => setComment(event.target.value)}
          />
        </Form.Item>
      </Form>
    </ResponsiveModal>
  );
}

function StatusesDialog({ invoice, onClose }: { invoice: ReceivedInvoice; onClose: () => void }) {
  const lifecycle = useSupplierInvoiceLifecycle(invoice.id);
  return (
    <ResponsiveModal
      open
      title={`Statuts de la facture ${invoice.number}`}
      onCancel={onClose}
      footer={
        <Button size="large" onClick={onClose}>
          Fermer
        </Button>
      }
      destroyOnHidden
    >
      {lifecycle.isPending ? (
        <Typography.Paragraph type="secondary">Chargement…</Typography.Paragraph>
      ) : (
        <LifecycleEvents events={lifecycle.data?.events ?? []} empty="Aucun statut pour l'instant." />
      )}
    </ResponsiveModal>
  );
}

/**
 * On a supplier invoice's card of Achats (issue 30): « Reçue via la plateforme », its latest status,
 * and the company's answers to the supplier — Prise en charge, Approuver, Contester (a reason),
 * Refuser (a reason) — each a status message sent through the platform.
 */
export function ReceivedInvoicePanel({ invoice }: { invoice: ReceivedInvoice }) {
  const [dialog, setDialog] = useState<Dialog>({ kind: 'closed' });
  const answer = useAnswerSupplierInvoice();
  const withToasts = useActionToasts();
  if (invoice.receivedVia !== 'platform') return null;
  const latest = invoice.einvoicing?.events.at(-1);
  const refused = latest?.direction === 'out' && latest.status === '210';
  const close = () => setDialog({ kind: 'closed' });
  return (
    <section className={styles.received} aria-label="Plateforme agréée">
      <Typography.Text strong>Reçue via la plateforme agréée</Typography.Text>
      <Typography.Paragraph type="secondary" className={styles.statusLine}>
        {latest === undefined
          ? 'Aucun statut transmis au fournisseur.'
          : `Dernier statut : ${latest.label} (${latest.direction === 'in' ? 'reçu' : 'envoyé'} le ${formatDateTime(latest.at)})${latest.state === 'pending' ? ', en attente de transmission' : ''}`}
      </Typography.Paragraph>
      <div className={styles.answers}>
        {!refused &&
          answers.map(({ status, label, verb, success }) => (
            <Button
              key={status}
              size="large"
              danger={status === '210'}
              loading={answer.isPending && answer.variables?.data.status === status}
              aria-label={`${verb} la facture ${invoice.number}`}
              onClick={() => {
                if (status === '207' || status === '210') setDialog({ kind: 'reason', status });
                else
                  void withToasts(() => answer.mutateAsync({ id: invoice.id, data: { status } }), {
                    success,
                    failure: "Erreur lors de l'envoi du statut",
                  }).catch(() => undefined);
              }}
            >
              {label}
            </Button>
          ))}
        <Button size="large" onClick={() => setDialog({ kind: 'statuses' })}>
          Statuts
        </Button>
      </div>
      {dialog.kind === 'reason' && <ReasonDialog invoice={invoice} status={dialog.status} onClose={close} />}
      {dialog.kind === 'statuses' && <StatusesDialog invoice={invoice} onClose={close} />}
    </section>
  );
}
