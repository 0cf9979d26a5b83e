import { einvoicingSettingsInput, type EinvoicingSettings } from '@btp/shared/einvoicing-network';
import { Alert, Button, Card, Form, Input, Space, Switch } from 'antd';
import { useState } from 'react';

import {
  useEinvoicingSettings,
  useSaveEinvoicingSettings,
  useTestEinvoicingConnection,
} from '../../api/einvoicing/einvoicing-settings';
import { useActionToasts } from '../../components/action-toasts';
import { LoadingState } from '../../components/query-list';
import { ApiError, serverMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';

type Field = 'platformUrl' | 'clientId' | 'clientSecret';
type Errors = Partial<Record<Field, string>>;

const fields: readonly Field[] = ['platformUrl', 'clientId', 'clientSecret'];
const isField = (value: unknown): value is Field => fields.includes(value as Field);

/** The server's field messages of a 400, by field. */
function fieldErrors(error: unknown): Errors {
  if (!(error instanceof ApiError)) return {};
  const errors: Errors = {};
  for (const detail of error.details ?? []) if (isField(detail.path)) errors[detail.path] ??= detail.message;
  return errors;
}

/** The last exchange with the platform, as the settings show it. */
function CallStatus({ settings }: { settings: EinvoicingSettings }) {
  const { status } = settings;
  if (status === undefined) return null;
  return (
    <Alert
      type={status.state === 'ok' ? 'success' : 'error'}
      showIcon
      style={{ marginBottom: 16 }}
      title={status.state === 'ok' ? 'Dernier échange réussi' : 'Dernier échange en erreur'}
      description={`${formatDateTime(status.at)} : ${status.message}`}
    />
  );
}

/** The form, started from what the server answered (a new answer starts it afresh: `key`). */
function SettingsForm({ settings }: { settings: EinvoicingSettings }) {
  const [platformUrl, setPlatformUrl] = useState(settings.platformUrl ?? '');
  const [clientId, setClientId] = useState(settings.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [enabled, setEnabled] = useState(settings.enabled || settings.prefilled);
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveEinvoicingSettings();
  const test = useTestEinvoicingConnection();
  const withToasts = useActionToasts();
  const saved = !settings.prefilled && settings.platformUrl !== undefined;

  const submit = async () => {
    const parsed = einvoicingSettingsInput.safeParse({ platformUrl, clientId, clientSecret, enabled });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isField(field)) found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await withToasts(() => save.mutateAsync(parsed.data), {
        success: 'Facturation électronique enregistrée avec succès',
        failure: "Erreur lors de l'enregistrement de la facturation électronique",
      });
    } catch (error) {
      setErrors(fieldErrors(error));
    }
  };

  const testConnection = async () => {
    const answer = await withToasts(() => test.mutateAsync(undefined), {
      success: 'Test de connexion effectué',
      failure: 'Le test de connexion a échoué',
    }).catch(() => undefined);
    return answer;
  };

  const fieldProps = (field: Field) => ({
    validateStatus: errors[field] ? ('error' as const) : undefined,
    help: errors[field],
  });

  return (
    <Form layout="vertical" onFinish={() => void submit()}>
      {settings.prefilled && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Plateforme locale de développement"
          description="Les champs sont préremplis avec le compte de votre entreprise sur la plateforme agréée locale (npm start). Enregistrez pour l'utiliser."
        />
      )}
      <CallStatus settings={settings} />
      <Form.Item
        label="Adresse de la plateforme"
        htmlFor="einvoicing-url"
        required
        {...fieldProps('platformUrl')}
        extra="L'adresse de l'API de votre plateforme agréée (norme AFNOR XP Z12-013), en https://."
      >
        <Input
          id="einvoicing-url"
          value={platformUrl}
          inputMode="url"
          autoComplete="off"
          onChange={(event) => setPlatformUrl(event.target.value)}
        />
      </Form.Item>
      <Form.Item label="Identifiant client" htmlFor="einvoicing-client" required {...fieldProps('clientId')}>
        <Input
          id="einvoicing-client"
          value={clientId}
          autoComplete="off"
          onChange={(event) => setClientId(event.target.value)}
        />
      </Form.Item>
      <Form.Item
        label="Secret client"
        htmlFor="einvoicing-secret"
        {...fieldProps('clientSecret')}
        extra={
          settings.hasSecret
            ? 'Un secret est enregistré : laissez vide pour le garder. Il n’est jamais affiché.'
            : settings.prefilled
              ? 'Laissez vide : le secret du compte local est pris automatiquement.'
              : 'Donné par votre plateforme. Il est conservé chiffré et n’est jamais affiché.'
        }
      >
        <Input.Password
          id="einvoicing-secret"
          value={clientSecret}
          autoComplete="new-password"
          placeholder={settings.hasSecret ? '•••••••• (enregistré)' : undefined}
          onChange={(event) => setClientSecret(event.target.value)}
        />
      </Form.Item>
      <Form.Item
        label="Transmission via la plateforme"
        extra="Activée : les factures émises à une entreprise de l'annuaire lui sont transmises par la plateforme, ses statuts sont suivis, les paiements reçus déclarés « Encaissée », et les factures de vos fournisseurs arrivent dans Achats."
      >
        <Space>
          <Switch checked={enabled} onChange={setEnabled} aria-label="Transmission via la plateforme" />
          <span>{enabled ? 'Activée' : 'Désactivée'}</span>
        </Space>
      </Form.Item>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        <Button type="primary" size="large" htmlType="submit" loading={save.isPending}>
          Enregistrer
        </Button>
        <Button
          size="large"
          onClick={() => void testConnection()}
          loading={test.isPending}
          disabled={!saved}
          title={saved ? undefined : "Enregistrez d'abord les réglages"}
        >
          Tester la connexion
        </Button>
      </div>
    </Form>
  );
}

/**
 * Paramètres › Facturation électronique (issue 30, company administrators): the company's
 * plateforme agréée — its address, client id and secret (write-only), transmission on or off —,
 * « Tester la connexion », and the outcome of the last exchange with it.
 */
export function EinvoicingSettingsCard() {
  const settings = useEinvoicingSettings();
  let content;
  if (settings.isPending) content = <LoadingState />;
  else if (settings.isError) {
    content = (
      <Alert
        type="error"
        showIcon
        title="Erreur lors du chargement de la facturation électronique"
        description={serverMessage(settings.error)}
      />
    );
  } else {
    const key = `${settings.data.platformUrl ?? ''}|${settings.data.clientId ?? ''}|${String(settings.data.enabled)}|${settings.data.status?.at ?? ''}`;
    content = <SettingsForm key={key} settings={settings.data} />;
  }
  return <Card title="Plateforme agréée">{content}</Card>;
}
