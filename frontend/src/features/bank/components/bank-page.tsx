import type { BankLine, CsvMapping, StatementImport } from '@btp/shared/accounting/bank';
import { formatEuro, parseMoney } from '@btp/shared/money';
import { CheckOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Select, Space, Tabs, Tag } from 'antd';
import { useRef, useState } from 'react';

import {
  uploadStatement,
  useBankLines,
  useImportStatement,
  useMatchBankLine,
} from '../../../api/bank/bank-lines';
import { useActionToasts } from '../../../components/action-toasts';
import { PageBody, PageHeader } from '../../../components/page-header';
import { LoadingState } from '../../../components/query-list';
import { useToast } from '../../../components/toast';
import { ApiError, serverMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { CsvMappingDialog, readCsvHeaders } from './csv-mapping-dialog';
import styles from './bank-page.module.css';

const confidenceLabels = { certain: 'Certain', probable: 'Probable', possible: 'Possible' } as const;
const confidenceColours = { certain: 'green', probable: 'blue', possible: 'default' } as const;

function amountText(line: BankLine): string {
  return formatEuro(parseMoney(line.amount));
}

/** One line to match: its movement, the chosen suggestion and what can be done. */
function LineToMatch({ line }: { line: BankLine }) {
  const [chosen, setChosen] = useState(line.suggestions[0]?.id);
  const match = useMatchBankLine();
  const withToasts = useActionToasts();
  const suggestion = line.suggestions.find((entry) => entry.id === chosen) ?? line.suggestions[0];
  const credit = parseMoney(line.amount) > 0;

  const confirm = () =>
    suggestion &&
    void withToasts(
      () => match.mutateAsync({ id: line.id, body: { kind: suggestion.kind, id: suggestion.id } }),
      {
        success: `Paiement enregistré sur ${suggestion.number}`,
        failure: 'Erreur lors du rapprochement',
      },
    ).catch(() => undefined);

  return (
    <li className={styles.line} aria-label={`${formatDate(line.date)} ${line.label} ${amountText(line)}`}>
      <div className={styles.movement}>
        <span className={styles.date}>{formatDate(line.date)}</span>
        <span className={styles.label}>{line.label}</span>
        <strong className={credit ? styles.credit : styles.debit}>{amountText(line)}</strong>
      </div>
      {suggestion ? (
        <div className={styles.suggestion}>
          {line.suggestions.length > 1 ? (
            <Select
              aria-label={`Document à rapprocher de ${line.label}`}
              className={styles.select}
              value={suggestion.id}
              onChange={setChosen}
              options={line.suggestions.map((entry) => ({
                value: entry.id,
                label: `${entry.number} · ${entry.partyName} · reste ${formatEuro(parseMoney(entry.remaining))}`,
              }))}
            />
          ) : (
            <span>
              {suggestion.number} · {suggestion.partyName} · reste{' '}
              {formatEuro(parseMoney(suggestion.remaining))}
            </span>
          )}
          <span className={styles.reason}>
            <Tag color={confidenceColours[suggestion.confidence]}>
              {confidenceLabels[suggestion.confidence]}
            </Tag>
            {suggestion.reason}
          </span>
        </div>
      ) : (
        <p className={styles.reason}>Aucune facture ouverte ne correspond.</p>
      )}
      <Space wrap className={styles.actions}>
        {suggestion && (
          <Button type="primary" icon={<CheckOutlined />} loading={match.isPending} onClick={confirm}>
            Valider
          </Button>
        )}
        <Button
          disabled={match.isPending}
          onClick={() =>
            void withToasts(() => match.mutateAsync({ id: line.id, body: { ignore: true } }), {
              success: 'Ligne ignorée',
              failure: "Erreur lors de l'enregistrement",
            }).catch(() => undefined)
          }
        >
          Ignorer
        </Button>
      </Space>
    </li>
  );
}

function MatchedLine({ line }: { line: BankLine }) {
  return (
    <li className={styles.line}>
      <div className={styles.movement}>
        <span className={styles.date}>{formatDate(line.date)}</span>
        <span className={styles.label}>{line.label}</span>
        <strong className={parseMoney(line.amount) > 0 ? styles.credit : styles.debit}>
          {amountText(line)}
        </strong>
      </div>
      <p className={styles.reason}>
        {line.match
          ? `Rapprochée de ${line.match.number} (${formatEuro(parseMoney(line.match.amount))})`
          : 'Ignorée'}
      </p>
    </li>
  );
}

/** The lines to match, in three groups: certain (« Tout valider »), suggested, without match. */
function ToMatch() {
  const lines = useBankLines('unmatched');
  const match = useMatchBankLine();
  const { toast } = useToast();
  const [validating, setValidating] = useState(false);
  if (lines.isPending) return <LoadingState />;
  if (lines.isError)
    return <Alert type="error" showIcon title={serverMessage(lines.error) ?? 'Erreur de chargement'} />;
  const certain = lines.data.filter((line) => line.suggestions[0]?.confidence === 'certain');
  const suggested = lines.data.filter(
    (line) => line.suggestions.length > 0 && line.suggestions[0]?.confidence !== 'certain',
  );
  const left = lines.data.filter((line) => line.suggestions.length === 0);
  if (lines.data.length === 0) {
    return <Empty description="Aucune ligne à rapprocher : importez un relevé de compte." />;
  }

  const validateAll = async () => {
    setValidating(true);
    let done = 0;
    try {
      for (const line of certain) {
        const best = line.suggestions[0];
        if (!best) continue;
        await match.mutateAsync({ id: line.id, body: { kind: best.kind, id: best.id } });
        done += 1;
      }
      toast({
        title: 'Succès',
        description: `${done} paiement${done > 1 ? 's' : ''} enregistré${done > 1 ? 's' : ''}`,
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: `${done} paiement(s) enregistré(s), puis : ${serverMessage(error) ?? 'erreur lors du rapprochement'}`,
        error,
      });
    } finally {
      setValidating(false);
    }
  };

  return (
    <>
      <section aria-labelledby="bank-certain" className={styles.group}>
        <div className={styles.groupHeader}>
          <h2 id="bank-certain" className={styles.groupTitle}>
            Correspondances certaines ({certain.length})
          </h2>
          {certain.length > 0 && (
            <Button type="primary" loading={validating} onClick={() => void validateAll()}>
              Tout valider
            </Button>
          )}
        </div>
        <ul className={styles.lines}>
          {certain.map((line) => (
            <LineToMatch key={line.id} line={line} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="bank-suggested" className={styles.group}>
        <h2 id="bank-suggested" className={styles.groupTitle}>
          Suggestions à vérifier ({suggested.length})
        </h2>
        <ul className={styles.lines}>
          {suggested.map((line) => (
            <LineToMatch key={line.id} line={line} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="bank-left" className={styles.group}>
        <h2 id="bank-left" className={styles.groupTitle}>
          Sans correspondance ({left.length})
        </h2>
        <ul className={styles.lines}>
          {left.map((line) => (
            <LineToMatch key={line.id} line={line} />
          ))}
        </ul>
      </section>
    </>
  );
}

function Matched() {
  const matched = useBankLines('matched');
  if (matched.isPending) return <LoadingState />;
  if (matched.isError)
    return <Alert type="error" showIcon title={serverMessage(matched.error) ?? 'Erreur de chargement'} />;
  if (matched.data.length === 0) return <Empty description="Aucune ligne rapprochée pour l'instant." />;
  return (
    <ul className={styles.lines}>
      {matched.data.map((line) => (
        <MatchedLine key={line.id} line={line} />
      ))}
    </ul>
  );
}

/** What the last import did. */
function ImportReport({ report }: { report: StatementImport }) {
  const count = report.lines.length;
  return (
    <div className={styles.report}>
      <Alert
        type="success"
        showIcon
        title={`${count} ligne${count > 1 ? 's' : ''} importée${count > 1 ? 's' : ''}${
          report.duplicates > 0
            ? `, ${report.duplicates} déjà importée${report.duplicates > 1 ? 's' : ''} par un relevé précédent`
            : ''
        }`}
      />
      {report.warnings.map((warning) => (
        <Alert key={warning} type="warning" showIcon title={warning} />
      ))}
    </div>
  );
}

/**
 * « Rapprochement bancaire » (issue 31): import a statement (CAMT.053, OFX or CSV), then confirm
 * each line's invoice (one click, or « Tout valider » for the certain ones): the payment is recorded
 * as « Marquer payée » does.
 */
export function BankPage({ title, subtitle }: { title: string; subtitle: string }) {
  const input = useRef<HTMLInputElement>(null);
  const importing = useImportStatement();
  const [uploading, setUploading] = useState(false);
  const [report, setReport] = useState<StatementImport | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [mapping, setMapping] = useState<{ uploadId: string; headers: string[] } | undefined>();

  const run = async (uploadId: string, chosen?: CsvMapping, headers: string[] = []) => {
    try {
      setReport(await importing.mutateAsync({ uploadId, mapping: chosen }));
      setMapping(undefined);
    } catch (failure) {
      if (
        failure instanceof ApiError &&
        failure.details?.some((detail) => detail.path.startsWith('mapping'))
      ) {
        setMapping({ uploadId, headers });
        return;
      }
      setError(serverMessage(failure) ?? "Le relevé n'a pas pu être importé.");
    }
  };

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    setReport(undefined);
    setUploading(true);
    try {
      const headers = /\.csv$/i.test(file.name) ? await readCsvHeaders(file) : [];
      const uploadId = await uploadStatement(file);
      await run(uploadId, undefined, headers);
    } catch (failure) {
      setError(
        serverMessage(failure) ??
          (failure instanceof Error ? failure.message : "Le relevé n'a pas pu être envoyé."),
      );
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        action={
          <Button
            type="primary"
            icon={<UploadOutlined />}
            loading={uploading || importing.isPending}
            onClick={() => input.current?.click()}
          >
            Importer un relevé
          </Button>
        }
      />
      <PageBody>
        <input
          ref={input}
          type="file"
          accept=".xml,.ofx,.qfx,.csv,.txt"
          aria-label="Relevé de compte (CAMT.053, OFX ou CSV)"
          className={styles.file}
          onChange={(event) => void chooseFile(event.target.files?.[0])}
        />
        {error && <Alert className={styles.report} type="error" showIcon title={error} />}
        {report && <ImportReport report={report} />}
        <Tabs
          items={[
            { key: 'open', label: 'À rapprocher', children: <ToMatch /> },
            { key: 'matched', label: 'Rapprochées', children: <Matched /> },
          ]}
        />
      </PageBody>
      {mapping && (
        <CsvMappingDialog
          headers={mapping.headers}
          saving={importing.isPending}
          onCancel={() => setMapping(undefined)}
          onSubmit={(chosen) => void run(mapping.uploadId, chosen, mapping.headers)}
        />
      )}
    </>
  );
}
