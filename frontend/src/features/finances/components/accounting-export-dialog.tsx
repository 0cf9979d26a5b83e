import {
  periodKindLabels,
  periodKinds,
  periodOf,
  recentPeriods,
  type ExportJob,
  type PeriodKind,
} from '@btp/shared/accounting/export';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { formatEuro, parseMoney } from '@btp/shared/money';
import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Progress, Radio, Select, Space } from 'antd';
import { useState } from 'react';

import {
  getAccountingExport,
  useAccountingExport,
  useStartAccountingExport,
} from '../../../api/accounting/accounting-exports';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { serverMessage } from '../../../lib/api';
import { saveFromLink } from '../../../lib/file-links';
import styles from './accounting-export.module.css';

/** How many periods of each kind the list offers, the latest first. */
const PERIODS_OFFERED: Record<PeriodKind, number> = { month: 24, quarter: 8, year: 3 };

const journalFileLabels: Record<string, string> = { VE: 'CSV Ventes', HA: 'CSV Achats', BQ: 'CSV Banque' };

function euros(value: string): string {
  return formatEuro(parseMoney(value));
}

/** The summary of a finished export: each journal's entries and totals, and the HT beside Finances'. */
function Summary({ job }: { job: ExportJob }) {
  const summary = job.summary;
  if (!summary) return null;
  return (
    <div className={styles.summary}>
      <ul className={styles.journals} aria-label="Résumé par journal">
        {summary.journals.map((journal) => (
          <li key={journal.journal} className={styles.journal}>
            <strong>
              {journal.journal} · {journal.label}
            </strong>
            <span>
              {journal.entries} écriture{journal.entries > 1 ? 's' : ''}
            </span>
            <span>Débit {euros(journal.debit)}</span>
            <span>Crédit {euros(journal.credit)}</span>
          </li>
        ))}
      </ul>
      <dl className={styles.figures}>
        <dt>Total des écritures</dt>
        <dd>
          {summary.total.entries} · débit {euros(summary.total.debit)} = crédit {euros(summary.total.credit)}
        </dd>
        <dt>Travaux facturés HT (comptes de travaux, avoirs déduits)</dt>
        <dd>{euros(summary.invoicedHt)}</dd>
        <dt>Acomptes HT non encore déduits (419100)</dt>
        <dd>{euros(summary.depositsHt)}</dd>
        {summary.revenueHt !== null && (
          <>
            <dt>CA encaissé HT de la période (Finances)</dt>
            <dd>{euros(summary.revenueHt)}</dd>
          </>
        )}
      </dl>
      <p className={styles.note}>
        {summary.documents.booked} document{summary.documents.booked > 1 ? 's' : ''} dans la période sur{' '}
        {summary.documents.read} lus.
      </p>
    </div>
  );
}

/** The files of a finished export; each download asks for fresh links (they last 5 minutes). */
function Downloads({ job }: { job: ExportJob }) {
  const [busy, setBusy] = useState<string | undefined>();
  const download = async (name: string) => {
    setBusy(name);
    try {
      const fresh = await getAccountingExport(job.id);
      const url = fresh.files.find((file) => file.name === name)?.url;
      if (url) saveFromLink(url);
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Space wrap className={styles.downloads}>
      {job.files.map((file) => (
        <Button
          key={file.name}
          type={file.kind === 'fec' ? 'primary' : 'default'}
          icon={<DownloadOutlined />}
          loading={busy === file.name}
          onClick={() => void download(file.name)}
        >
          {file.kind === 'fec' ? 'Télécharger le FEC' : (journalFileLabels[file.journal ?? ''] ?? file.name)}
        </Button>
      ))}
    </Space>
  );
}

/**
 * « Export comptable » (issue 31): a month, a quarter or the financial year; the job runs on the
 * server while the dialog shows how many documents it read, then the summary per journal and the
 * FEC and CSV files to download.
 */
export function AccountingExportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const today = calendarDateInFrance();
  const [kind, setKind] = useState<PeriodKind>('month');
  const [value, setValue] = useState<string>(() => recentPeriods('month', today, 2)[1]!.value);
  const [jobId, setJobId] = useState<string | undefined>();
  const start = useStartAccountingExport();
  const job = useAccountingExport(jobId);
  const choices = recentPeriods(kind, today, PERIODS_OFFERED[kind]);
  const period = periodOf(kind, value);

  const launch = async () => {
    const started = await start.mutateAsync({ from: period.from, to: period.to }).catch(() => undefined);
    if (started) setJobId(started.id);
  };
  const running = start.isPending || job.data?.status === 'running' || (jobId !== undefined && job.isPending);

  return (
    <ResponsiveModal
      open={open}
      title="Export comptable"
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          Fermer
        </Button>,
        <Button
          key="start"
          type="primary"
          icon={<ExportOutlined />}
          loading={running}
          onClick={() => void launch()}
        >
          {job.data?.status === 'done' || job.data?.status === 'failed'
            ? "Relancer l'export"
            : "Lancer l'export"}
        </Button>,
      ]}
    >
      <Form layout="vertical">
        <Form.Item label="Période">
          <Radio.Group
            optionType="button"
            value={kind}
            disabled={running}
            onChange={(event) => {
              const next = event.target.value as PeriodKind;
              setKind(next);
              setValue(recentPeriods(next, today, next === 'month' ? 2 : 1).at(-1)!.value);
              setJobId(undefined);
            }}
            options={periodKinds.map((option) => ({ value: option, label: periodKindLabels[option] }))}
          />
        </Form.Item>
        <Form.Item label={periodKindLabels[kind]} htmlFor="export-period">
          <Select
            id="export-period"
            value={value}
            disabled={running}
            options={choices}
            onChange={(next) => {
              setValue(next);
              setJobId(undefined);
            }}
          />
        </Form.Item>
      </Form>
      <p className={styles.note}>
        Du {period.from.split('-').reverse().join('/')} au {period.to.split('-').reverse().join('/')} : le FEC
        (fichier des écritures comptables, format de l’administration fiscale) et un CSV par journal.
      </p>
      {start.isError && (
        <Alert type="error" showIcon title={serverMessage(start.error) ?? "L'export n'a pas pu démarrer."} />
      )}
      {job.data?.status === 'running' && (
        <div role="status" className={styles.progress}>
          <Progress percent={100} status="active" showInfo={false} />
          Export en cours : {job.data.read} document{job.data.read > 1 ? 's' : ''} lu
          {job.data.read > 1 ? 's' : ''}…
        </div>
      )}
      {job.data?.status === 'failed' && (
        <Alert type="error" showIcon title="L'export a échoué" description={job.data.message} />
      )}
      {job.data?.status === 'done' && (
        <>
          <Summary job={job.data} />
          <Downloads job={job.data} />
        </>
      )}
    </ResponsiveModal>
  );
}
