import {
  accountUseRules,
  accountUses,
  chartOfAccountsInput,
  defaultChartOfAccounts,
  MAX_ACCOUNT_LABEL_LENGTH,
  type AccountUse,
  type ChartOfAccounts,
} from '@btp/shared/accounting/chart';
import { vatRateLabels, vatRates, type VatRate } from '@btp/shared/enums';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';

import { useChartOfAccounts, useUpdateChartOfAccounts } from '../../../api/accounting/chart-of-accounts';
import { useActionToasts } from '../../../components/action-toasts';
import { LoadingState } from '../../../components/query-list';
import { ApiError, serverMessage } from '../../../lib/api';
import styles from './chart-of-accounts.module.css';

type Errors = Record<string, string>;

/** The chart as the form holds it: every account, a works account per rate (blank: « Travaux »). */
interface Draft {
  accounts: ChartOfAccounts['accounts'];
  salesByRate: Record<VatRate, { number: string; label: string }>;
  clientAuxPrefix: string;
  supplierAuxPrefix: string;
}

function draftOf(chart: ChartOfAccounts): Draft {
  const salesByRate = Object.fromEntries(
    vatRates.map((rate) => {
      const own = chart.salesByRate.find((entry) => entry.rate === rate);
      return [rate, { number: own?.number ?? '', label: own?.label ?? '' }];
    }),
  ) as Draft['salesByRate'];
  return {
    accounts: chart.accounts,
    salesByRate,
    clientAuxPrefix: chart.clientAuxPrefix,
    supplierAuxPrefix: chart.supplierAuxPrefix,
  };
}

/** The body of `PUT /api/company/accounts`: the rates whose works account was typed. */
function bodyOf(draft: Draft, version: number) {
  return {
    accounts: draft.accounts,
    salesByRate: vatRates
      .filter((rate) => draft.salesByRate[rate].number.trim() !== '')
      .map((rate) => ({
        rate,
        number: draft.salesByRate[rate].number,
        label: draft.salesByRate[rate].label.trim() || `Travaux TVA ${vatRateLabels[rate]}`,
      })),
    clientAuxPrefix: draft.clientAuxPrefix,
    supplierAuxPrefix: draft.supplierAuxPrefix,
    version,
  };
}

/** `salesByRate.<index>.number` of the body → the rate's field in the form. */
function formPath(path: string, draft: Draft): string {
  const match = /^salesByRate\.(\d+)\.(\w+)$/.exec(path);
  if (!match) return path;
  const typed = vatRates.filter((rate) => draft.salesByRate[rate].number.trim() !== '');
  const rate = typed[Number(match[1])];
  return rate ? `salesByRate.${rate}.${match[2] === 'rate' ? 'number' : match[2]}` : path;
}

function AccountFields({
  id,
  title,
  value,
  errors,
  onChange,
  numberPlaceholder,
}: {
  id: string;
  title: string;
  value: { number: string; label: string };
  errors: Errors;
  onChange: (value: { number: string; label: string }) => void;
  numberPlaceholder?: string;
}) {
  const numberError = errors[`${id}.number`];
  const labelError = errors[`${id}.label`];
  return (
    <fieldset className={styles.account}>
      <legend className={styles.legend}>{title}</legend>
      <Form.Item
        className={styles.number}
        label="Numéro"
        htmlFor={`${id}-number`}
        validateStatus={numberError ? 'error' : undefined}
        help={numberError}
      >
        <Input
          id={`${id}-number`}
          inputMode="numeric"
          maxLength={10}
          value={value.number}
          placeholder={numberPlaceholder}
          onChange={(event) => onChange({ ...value, number: event.target.value })}
        />
      </Form.Item>
      <Form.Item
        className={styles.label}
        label="Libellé"
        htmlFor={`${id}-label`}
        validateStatus={labelError ? 'error' : undefined}
        help={labelError}
      >
        <Input
          id={`${id}-label`}
          maxLength={MAX_ACCOUNT_LABEL_LENGTH}
          value={value.label}
          onChange={(event) => onChange({ ...value, label: event.target.value })}
        />
      </Form.Item>
    </fieldset>
  );
}

function ChartForm({ chart }: { chart: ChartOfAccounts }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(chart));
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateChartOfAccounts();
  const withToasts = useActionToasts();

  const setAccount = (use: AccountUse, value: { number: string; label: string }) =>
    setDraft((current) => ({ ...current, accounts: { ...current.accounts, [use]: value } }));

  const save = async () => {
    const parsed = chartOfAccountsInput.safeParse(bodyOf(draft, chart.version));
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[formPath(issue.path.join('.'), draft)] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await withToasts(() => update.mutateAsync(parsed.data), {
        success: 'Plan comptable enregistré avec succès',
        failure: "Erreur lors de l'enregistrement du plan comptable",
      });
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(
          Object.fromEntries(
            (error.details ?? []).map((detail) => [formPath(detail.path, draft), detail.message]),
          ),
        );
      }
    }
  };

  const prefixError = (field: 'clientAuxPrefix' | 'supplierAuxPrefix') => errors[field];

  return (
    <Form layout="vertical" onFinish={() => void save()}>
      <p className={styles.intro}>
        Les comptes du plan comptable général utilisés pour les écritures des ventes, des achats et de la
        banque (export FEC). Remplacez-les par ceux de votre expert-comptable.
      </p>
      <div className={styles.grid}>
        {accountUses.map((use) => (
          <AccountFields
            key={use}
            id={`accounts.${use}`}
            title={accountUseRules[use].title}
            value={draft.accounts[use]}
            errors={errors}
            onChange={(value) => setAccount(use, value)}
          />
        ))}
      </div>
      <h3 className={styles.subtitle}>Un compte de travaux par taux de TVA (facultatif)</h3>
      <p className={styles.intro}>Laissé vide, le taux utilise le compte « Travaux vendus ».</p>
      <div className={styles.grid}>
        {vatRates.map((rate) => (
          <AccountFields
            key={rate}
            id={`salesByRate.${rate}`}
            title={`Travaux vendus à ${vatRateLabels[rate]}`}
            value={draft.salesByRate[rate]}
            numberPlaceholder={draft.accounts.sales.number}
            errors={errors}
            onChange={(value) =>
              setDraft((current) => ({ ...current, salesByRate: { ...current.salesByRate, [rate]: value } }))
            }
          />
        ))}
      </div>
      <h3 className={styles.subtitle}>Comptes auxiliaires</h3>
      <div className={styles.grid}>
        {(
          [
            ['clientAuxPrefix', 'Préfixe des clients (C00042)'],
            ['supplierAuxPrefix', 'Préfixe des fournisseurs (F00017)'],
          ] as const
        ).map(([field, title]) => (
          <Form.Item
            key={field}
            label={title}
            htmlFor={field}
            validateStatus={prefixError(field) ? 'error' : undefined}
            help={prefixError(field)}
          >
            <Input
              id={field}
              maxLength={3}
              value={draft[field]}
              onChange={(event) =>
                setDraft((current) => ({ ...current, [field]: event.target.value.toUpperCase() }))
              }
            />
          </Form.Item>
        ))}
      </div>
      <div className={styles.actions}>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          Enregistrer le plan comptable
        </Button>
        <Button
          onClick={() => {
            setDraft(draftOf({ ...defaultChartOfAccounts(), version: chart.version }));
            setErrors({});
          }}
        >
          Rétablir les comptes par défaut
        </Button>
      </div>
    </Form>
  );
}

/**
 * « Plan comptable » on Paramètres (issue 31, company administrators): the accounts of the entries
 * and of the FEC export, the guide's defaults until saved, each number checked against its use's
 * PCG root (the server says the same).
 */
export function ChartOfAccountsCard() {
  const chart = useChartOfAccounts();
  let content;
  if (chart.isPending) content = <LoadingState />;
  else if (chart.isError)
    content = (
      <Alert
        type="error"
        showIcon
        title="Erreur lors du chargement du plan comptable"
        description={serverMessage(chart.error)}
        action={
          <Button onClick={() => void chart.refetch()} loading={chart.isFetching}>
            Réessayer
          </Button>
        }
      />
    );
  // A new version (saved here, or read again after a conflict) starts the form afresh.
  else content = <ChartForm key={chart.data.version} chart={chart.data} />;
  return (
    <Card title="Plan comptable" className={styles.card}>
      {content}
    </Card>
  );
}
