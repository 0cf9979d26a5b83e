import {
  importStatusLabels,
  MAX_PRICE_LIST_BYTES,
  priceListFieldLabels,
  priceListMappingSchema,
  type PriceListImport,
  type PriceListMappingInput,
  type PriceListPreview,
} from '@btp/shared/entities/library';
import { Alert, Button, Form, Progress, Select } from 'antd';
import { useId, useState } from 'react';

import {
  previewPriceList,
  startPriceListImport,
  uploadPriceList,
  usePriceListImport,
} from '../../../api/library/price-list-imports';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { serverMessage } from '../../../lib/api';
import { SupplierSelect } from './library-fields';
import styles from './import-dialog.module.css';

/** The fields a column may be mapped to, in the order the dialog asks them. */
const mappedFields = [
  'reference',
  'designation',
  'price',
  'unit',
  'discount',
  'resourceType',
  'vatRate',
] as const;
type MappedField = (typeof mappedFields)[number];
const requiredFields: readonly MappedField[] = ['reference', 'designation', 'price'];

/** The columns chosen per field, as the selects hold them. */
export interface ColumnChoice {
  single: Partial<Record<MappedField, number>>;
  family: number[];
  decimal: ',' | '.' | undefined;
}

/** The dialog's choices for a preview's starting mapping. */
export function choiceOf(mapping: PriceListMappingInput): ColumnChoice {
  const columns = (mapping.columns ?? {}) as Partial<Record<MappedField | 'family', unknown>>;
  const single: Partial<Record<MappedField, number>> = {};
  for (const field of mappedFields) {
    const value = columns[field];
    if (typeof value === 'number' || (typeof value === 'string' && value !== ''))
      single[field] = Number(value);
  }
  const family = Array.isArray(columns.family) ? columns.family.map(Number) : [];
  return { single, family, decimal: mapping.decimal };
}

/** The mapping sent: the preview's (header row, encoding, delimiter, defaults) with the columns chosen. */
export function mappingOf(preview: PriceListPreview, choice: ColumnChoice): PriceListMappingInput {
  const { columns: _columns, decimal: _decimal, ...rest } = preview.mapping;
  return {
    ...rest,
    columns: {
      ...choice.single,
      ...(choice.family.length > 0 ? { family: choice.family } : {}),
    } as PriceListMappingInput['columns'],
    ...(choice.decimal === undefined ? {} : { decimal: choice.decimal }),
  };
}

type Step =
  | { kind: 'file' }
  | { kind: 'reading' }
  | { kind: 'mapping'; uploadId: string; preview: PriceListPreview }
  | { kind: 'running'; jobId: string };

/** "1 234 Ko" / "20 Mo": a size as the messages write it. */
function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} Mo`;
}

/**
 * « Importer un tarif fournisseur » (LIBRARY.md "Supplier price lists"): a supplier and a file
 * (CSV or XLSX, up to 20 Mo), sent straight to storage; its first rows with the columns detected
 * and the mapping to check (the supplier's remembered one when it fits the file); then the import,
 * its progress, and its report: created, updated, unchanged, retired (« hors catalogue ») and
 * refused rows, each with its number and reason.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const baseId = useId();
  const [supplierId, setSupplierId] = useState<string | undefined>();
  const [file, setFile] = useState<File | undefined>();
  const [step, setStep] = useState<Step>({ kind: 'file' });
  const [error, setError] = useState<string | undefined>();
  const [choice, setChoice] = useState<ColumnChoice>({ single: {}, family: [], decimal: undefined });
  const [starting, setStarting] = useState(false);
  const [uploaded, setUploaded] = useState(0);

  const read = async () => {
    setError(undefined);
    if (supplierId === undefined) return setError('Choisissez le fournisseur de ce tarif.');
    if (file === undefined) return setError('Choisissez le fichier du tarif (CSV ou XLSX).');
    if (file.size > MAX_PRICE_LIST_BYTES) {
      return setError(
        `Le fichier dépasse ${megabytes(MAX_PRICE_LIST_BYTES)} : découpez-le ou exportez-le sans mise en forme.`,
      );
    }
    setStep({ kind: 'reading' });
    try {
      const uploadId = await uploadPriceList(file, { onProgress: setUploaded });
      const preview = await previewPriceList(uploadId, supplierId);
      setChoice(choiceOf(preview.mapping));
      setStep({ kind: 'mapping', uploadId, preview });
    } catch (failure) {
      setError(serverMessage(failure) ?? "Le fichier n'a pas pu être lu. Réessayez.");
      setStep({ kind: 'file' });
    }
  };

  const start = async () => {
    if (step.kind !== 'mapping' || supplierId === undefined) return;
    const missing = requiredFields.filter((field) => choice.single[field] === undefined);
    if (missing.length > 0) {
      return setError(
        `Choisissez la colonne : ${missing.map((field) => priceListFieldLabels[field]).join(', ')}.`,
      );
    }
    const mapping = mappingOf(step.preview, choice);
    const parsed = priceListMappingSchema.safeParse(mapping);
    if (!parsed.success)
      return setError(parsed.error.issues[0]?.message ?? 'Correspondance des colonnes invalide.');
    setError(undefined);
    setStarting(true);
    try {
      const job = await startPriceListImport({ uploadId: step.uploadId, supplierId, mapping });
      setStep({ kind: 'running', jobId: job.id });
    } catch (failure) {
      setError(serverMessage(failure) ?? "L'import n'a pas pu démarrer. Réessayez.");
    } finally {
      setStarting(false);
    }
  };

  const footer =
    step.kind === 'running' ? (
      <Button size="large" type="primary" onClick={onClose}>
        Fermer
      </Button>
    ) : (
      <div className={styles.footer}>
        <Button size="large" onClick={onClose}>
          Annuler
        </Button>
        {step.kind === 'mapping' ? (
          <Button size="large" type="primary" loading={starting} onClick={() => void start()}>
            Lancer l'import
          </Button>
        ) : (
          <Button size="large" type="primary" loading={step.kind === 'reading'} onClick={() => void read()}>
            Lire le fichier
          </Button>
        )}
      </div>
    );

  return (
    <ResponsiveModal
      open
      title="Importer un tarif fournisseur"
      width={960}
      footer={footer}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {error !== undefined && (
        <Alert type="error" showIcon title={error} role="alert" className={styles.alert} />
      )}
      {(step.kind === 'file' || step.kind === 'reading') && (
        <Form layout="vertical" size="large" component="div">
          <Form.Item label="Fournisseur" htmlFor={`${baseId}-supplier`} required>
            <SupplierSelect
              id={`${baseId}-supplier`}
              value={supplierId}
              onChange={(value) => setSupplierId(value ?? undefined)}
              placeholder="Choisir un fournisseur"
              allowClear={false}
              disabled={step.kind === 'reading'}
            />
          </Form.Item>
          <Form.Item
            label="Fichier du tarif"
            htmlFor={`${baseId}-file`}
            required
            extra={`CSV (séparateur ; ou ,, UTF-8 ou Windows-1252) ou XLSX, jusqu'à ${megabytes(MAX_PRICE_LIST_BYTES)}. Les catalogues FAB-DIS sont reconnus.`}
          >
            <input
              id={`${baseId}-file`}
              className={styles.file}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={step.kind === 'reading'}
              onChange={(event) => setFile(event.target.files?.[0])}
            />
          </Form.Item>
          {step.kind === 'reading' && (
            <div role="status">
              <Progress percent={Math.round(uploaded * 100)} aria-label="Envoi du fichier" />
              Lecture du fichier…
            </div>
          )}
        </Form>
      )}
      {step.kind === 'mapping' && (
        <MappingStep preview={step.preview} choice={choice} onChange={setChoice} baseId={baseId} />
      )}
      {step.kind === 'running' && <ImportProgress jobId={step.jobId} />}
    </ResponsiveModal>
  );
}

const NONE = -1;

function MappingStep({
  preview,
  choice,
  onChange,
  baseId,
}: {
  preview: PriceListPreview;
  choice: ColumnChoice;
  onChange: (choice: ColumnChoice) => void;
  baseId: string;
}) {
  const header = (index: number) =>
    preview.columns.find((column) => column.index === index)?.header || `Colonne ${index + 1}`;
  const columnOptions = preview.columns.map((column) => ({
    value: column.index,
    label: header(column.index),
  }));
  const details = [
    preview.format === 'xlsx'
      ? `Classeur XLSX${preview.sheet ? `, feuille « ${preview.sheet} »` : ''}`
      : 'Fichier CSV',
    preview.layout === 'fabdis' ? 'catalogue FAB-DIS reconnu' : undefined,
    preview.encoding === 'windows-1252'
      ? 'encodage Windows-1252'
      : preview.encoding === 'utf-8'
        ? 'encodage UTF-8'
        : undefined,
    preview.delimiter
      ? `séparateur « ${preview.delimiter === '\t' ? 'tabulation' : preview.delimiter} »`
      : undefined,
  ].filter(Boolean);

  return (
    <>
      <p className={styles.detected}>{details.join(' · ')}</p>
      <Alert
        type={preview.remembered ? 'success' : 'info'}
        showIcon
        className={styles.alert}
        title={
          preview.remembered
            ? 'Correspondance des colonnes reprise du dernier import de ce fournisseur.'
            : 'Colonnes reconnues d’après leurs titres : vérifiez-les avant de lancer l’import.'
        }
      />
      <h3 className={styles.stepTitle}>Premières lignes du fichier</h3>
      <div className={styles.tableScroll} role="region" aria-label="Premières lignes du fichier" tabIndex={0}>
        <table className={styles.table}>
          <thead>
            <tr>
              {preview.columns.map((column) => (
                <th key={column.index} scope="col">
                  {header(column.index)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {preview.columns.map((column) => (
                  <td key={column.index}>{row[column.index] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className={styles.stepTitle}>Correspondance des colonnes</h3>
      <div className={styles.mapping}>
        {mappedFields.map((field) => (
          <div key={field} className={styles.mappingField}>
            <label htmlFor={`${baseId}-${field}`}>
              {priceListFieldLabels[field]}
              {requiredFields.includes(field) ? ' *' : ''}
            </label>
            <Select<number>
              id={`${baseId}-${field}`}
              size="large"
              value={choice.single[field] ?? NONE}
              options={[{ value: NONE, label: 'Aucune colonne' }, ...columnOptions]}
              onChange={(value) => {
                const single = { ...choice.single };
                if (value === NONE) delete single[field];
                else single[field] = value;
                onChange({ ...choice, single });
              }}
            />
          </div>
        ))}
        <div className={styles.mappingField}>
          <label htmlFor={`${baseId}-family`}>{priceListFieldLabels.family}</label>
          <Select<number[]>
            id={`${baseId}-family`}
            size="large"
            mode="multiple"
            value={choice.family}
            options={columnOptions}
            placeholder="Aucune colonne (une par niveau)"
            onChange={(family) => onChange({ ...choice, family })}
          />
        </div>
        <div className={styles.mappingField}>
          <label htmlFor={`${baseId}-decimal`}>Séparateur décimal</label>
          <Select<string>
            id={`${baseId}-decimal`}
            size="large"
            value={choice.decimal ?? 'auto'}
            options={[
              { value: 'auto', label: 'Selon chaque valeur' },
              { value: ',', label: 'Virgule (12,50)' },
              { value: '.', label: 'Point (12.50)' },
            ]}
            onChange={(value) =>
              onChange({ ...choice, decimal: value === ',' || value === '.' ? value : undefined })
            }
          />
        </div>
      </div>
    </>
  );
}

/** The job's progress while it runs, then its report. */
function ImportProgress({ jobId }: { jobId: string }) {
  const job = usePriceListImport(jobId);
  if (job.isError) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title="Impossible de suivre l'import"
        description={serverMessage(job.error) ?? 'Vérifiez votre connexion, puis réessayez.'}
        action={
          <Button onClick={() => void job.refetch()} loading={job.isFetching}>
            Réessayer
          </Button>
        }
      />
    );
  }
  const data = job.data;
  if (data === undefined || (data.status !== 'done' && data.status !== 'failed')) {
    const percent = data && data.total > 0 ? Math.floor((data.processed / data.total) * 100) : 0;
    return (
      <div role="status" className={styles.progress}>
        <Progress percent={percent} aria-label="Avancement de l'import" />
        <span>
          {data ? importStatusLabels[data.status] : 'Import en cours'}
          {data && data.total > 0
            ? ` : ${data.processed.toLocaleString('fr-FR')} sur ${data.total.toLocaleString('fr-FR')} lignes`
            : '…'}
        </span>
      </div>
    );
  }
  return <ImportReport job={data} />;
}

/** An import's report, as the person reads it once it is over. */
export function ImportReport({ job }: { job: PriceListImport }) {
  const { report } = job;
  const figures: [string, number][] = [
    ['Créés', report.created],
    ['Mis à jour', report.updated],
    ['Inchangés', report.unchanged],
    ['Hors catalogue', report.retired],
    ['Refusés', report.refusedCount],
  ];
  return (
    <div className={styles.report}>
      {job.status === 'failed' ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="L'import a échoué"
          description={job.error ?? "Aucun article n'a été modifié."}
        />
      ) : (
        <Alert type="success" showIcon title={`Import de « ${job.fileName} » terminé`} />
      )}
      <dl className={styles.figures} aria-label="Bilan de l'import">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value.toLocaleString('fr-FR')}</dd>
          </div>
        ))}
      </dl>
      {report.refused.length > 0 && (
        <>
          <h3 className={styles.stepTitle}>Lignes refusées</h3>
          <div className={styles.refused} role="region" aria-label="Lignes refusées" tabIndex={0}>
            <ul>
              {report.refused.map((refusal) => (
                <li key={refusal.row}>
                  <strong>Ligne {refusal.row}</strong> : {refusal.message}
                </li>
              ))}
            </ul>
          </div>
          {report.refusedCount > report.refused.length && (
            <p>
              … et {(report.refusedCount - report.refused.length).toLocaleString('fr-FR')} autres lignes
              refusées.
            </p>
          )}
        </>
      )}
    </div>
  );
}
