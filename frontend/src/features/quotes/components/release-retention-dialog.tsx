import type { QuoteBilling } from '@btp/shared/entities/quote-billing';
import { Alert, Form, Typography } from 'antd';
import { useState } from 'react';

import { useReleaseRetention } from '../../../api/invoices/release-retention';
import { DateField, InvalidDate, type DateFieldValue } from '../../../components/date-field';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { localToday } from './accept-quote-dialog';
import { euros } from './quote-lines';
import { heldRetentions } from './situation-rules';

const DATE_REQUIRED = 'Indiquez la date de la libération';
const DATE_INVALID = 'Date invalide (JJ/MM/AAAA)';
const DATE_IN_FUTURE = "La date de la libération ne peut pas être postérieure à aujourd'hui";

interface ReleaseRetentionDialogProps {
  billing: QuoteBilling;
  onClose: () => void;
}

/**
 * "Libérer la retenue": the retenue de garantie held on the quote's situations was paid to the company
 * on a day (today by default, never in the future); each situation whose retention is held and not released is released
 * on that day (`POST /api/invoices/{id}/retention/release`).
 */
export function ReleaseRetentionDialog({ billing, onClose }: ReleaseRetentionDialogProps) {
  const { toast } = useToast();
  const release = useReleaseRetention();
  const [day, setDay] = useState<DateFieldValue>(localToday());
  const [message, setMessage] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const held = heldRetentions(billing);
  const releasableOn = billing.retentionReleasableOn;

  const submit = async () => {
    if (day instanceof InvalidDate) return setMessage(DATE_INVALID);
    if (typeof day !== 'string' || day === '') return setMessage(DATE_REQUIRED);
    if (day > localToday()) return setMessage(DATE_IN_FUTURE);
    setBusy(true);
    try {
      // One call per situation, in order: a refusal stops there and says why.
      for (const invoice of held) {
        await release.mutateAsync({ id: invoice.id, data: { releasedAt: day, version: invoice.version } });
      }
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? 'Erreur lors de la libération de la retenue de garantie',
        error,
      });
      return;
    } finally {
      setBusy(false);
    }
    toast({ title: 'Succès', description: 'Retenue de garantie libérée' });
    onClose();
  };

  return (
    <ResponsiveModal
      open
      title="Libérer la retenue de garantie"
      okText="Libérer"
      cancelText="Annuler"
      okButtonProps={{ size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {`La retenue de garantie de ${euros(billing.retentionOutstanding)} TTC retenue sur ${
          held.length >= 2 ? `${held.length} situations` : 'la situation'
        } du devis ${billing.quoteNumber} a été payée par le client.`}
      </Typography.Paragraph>
      {releasableOn !== undefined && releasableOn > localToday() && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`La retenue est normalement libérable à partir du ${formatDate(releasableOn)}, un an après la réception des travaux.`}
        />
      )}
      <Form layout="vertical" size="large" onFinish={() => void submit()}>
        <Form.Item
          label="Date de la libération"
          htmlFor="retention-release-date"
          required
          validateStatus={message === undefined ? undefined : 'error'}
          help={message}
          style={{ marginBottom: 0 }}
        >
          <DateField
            id="retention-release-date"
            iso
            disabledDate={(date) => date.format('YYYY-MM-DD') > localToday()}
            value={day}
            onChange={(value) => {
              setDay(value);
              setMessage(undefined);
            }}
          />
        </Form.Item>
      </Form>
    </ResponsiveModal>
  );
}
