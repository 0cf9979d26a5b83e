import type { CompanyProfile } from '@btp/shared/entities/company';
import {
  DEFAULT_REMINDER_SUBJECT,
  DEFAULT_REMINDER_TEXT,
  REMINDER_SUBJECT_MAX_LENGTH,
  reminderSettingsInput,
} from '@btp/shared/reminders';
import { LONG_TEXT_MAX_LENGTH } from '@btp/shared/fields';
import { Button, Card, Form, Input, Space, Switch } from 'antd';
import { useState } from 'react';

import { useUpdateReminderSettings } from '../../../api/company/update-reminder-settings';
import { useActionToasts } from '../../../components/action-toasts';
import { ApiError } from '../../../lib/api';

type Errors = Partial<Record<'reminderSubject' | 'reminderText', string>>;

/** The server's field messages of a 400, by field. */
function fieldErrors(error: unknown): Errors {
  if (!(error instanceof ApiError)) return {};
  const errors: Errors = {};
  for (const detail of error.details ?? []) {
    if (detail.path === 'reminderSubject' || detail.path === 'reminderText')
      errors[detail.path] = detail.message;
  }
  return errors;
}

/**
 * "Relances" on Paramètres (issue 17, company administrators): automatic payment reminders on or
 * off (off until turned on), and the subject and text of every reminder, with the placeholders the
 * e-mail fills in. Saved with the company's version (a change made meanwhile: 409, read again).
 */
export function ReminderSettingsCard({ profile }: { profile: CompanyProfile }) {
  const [enabled, setEnabled] = useState(profile.remindersEnabled);
  const [subject, setSubject] = useState(profile.reminderSubject);
  const [text, setText] = useState(profile.reminderText);
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateReminderSettings();
  const withToasts = useActionToasts();

  const save = async () => {
    const parsed = reminderSettingsInput.safeParse({
      remindersEnabled: enabled,
      reminderSubject: subject,
      reminderText: text,
      version: profile.version,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'reminderSubject' || field === 'reminderText') found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await withToasts(() => update.mutateAsync(parsed.data), {
        success: 'Relances enregistrées avec succès',
        failure: "Erreur lors de l'enregistrement des relances",
      });
    } catch (error) {
      setErrors(fieldErrors(error));
    }
  };

  return (
    <Card title="Relances" style={{ marginTop: 16 }}>
      <Form layout="vertical" onFinish={() => void save()}>
        <Form.Item
          label="Relances automatiques"
          extra="Une relance par e-mail, la facture en pièce jointe, 7, 15 puis 30 jours après l'échéance d'une facture impayée."
        >
          {/* The state is written beside the switch: inside it, white on antd's grey fails contrast. */}
          <Space>
            <Switch checked={enabled} onChange={setEnabled} aria-label="Relances automatiques" />
            <span>{enabled ? 'Activées' : 'Désactivées'}</span>
          </Space>
        </Form.Item>
        <Form.Item
          label="Objet"
          htmlFor="reminder-subject"
          validateStatus={errors.reminderSubject ? 'error' : undefined}
          help={errors.reminderSubject}
        >
          <Input
            id="reminder-subject"
            value={subject}
            maxLength={REMINDER_SUBJECT_MAX_LENGTH}
            onChange={(event) => setSubject(event.target.value)}
          />
        </Form.Item>
        <Form.Item
          label="Texte"
          htmlFor="reminder-text"
          validateStatus={errors.reminderText ? 'error' : undefined}
          help={errors.reminderText}
          extra="Remplacés dans l'e-mail : {numero} (numéro de la facture), {montant} (reste à payer), {echeance} (date d'échéance), {entreprise} (votre entreprise)."
        >
          <Input.TextArea
            id="reminder-text"
            value={text}
            autoSize={{ minRows: 6, maxRows: 16 }}
            maxLength={LONG_TEXT_MAX_LENGTH}
            onChange={(event) => setText(event.target.value)}
          />
        </Form.Item>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            Enregistrer les relances
          </Button>
          <Button
            onClick={() => {
              setSubject(DEFAULT_REMINDER_SUBJECT);
              setText(DEFAULT_REMINDER_TEXT);
            }}
          >
            Rétablir les textes par défaut
          </Button>
        </div>
      </Form>
    </Card>
  );
}
