import type { InvoiceWithRefs, SituationData } from '@btp/shared/entities/invoice';
import type { QuoteBilling } from '@btp/shared/entities/quote-billing';
import { formatEuro, formatPercent, parseMoney } from '@btp/shared/money';
import { computeSituation, situationProblems } from '@btp/shared/situations';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Radio, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';

import { getInvoiceQueryOptions } from '../../../api/invoices/get-invoice';
import { useUpdateSituation } from '../../../api/invoices/update-situation';
import { useProgressReportsList } from '../../../api/progress-reports/list-progress-reports';
import { useCreateSituation } from '../../../api/quotes/create-situation';
import { DecimalInput } from '../../../components/decimal-input';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useToast } from '../../../components/toast';
import { ApiError, serverMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import {
  percentText,
  problemText,
  REPORT_REQUIRED,
  situationBasisOf,
  typedPercent,
  type SituationMode,
} from './situation-rules';
import styles from './quotes.module.css';

interface SituationDialogProps {
  billing: QuoteBilling;
  /** The draft situation of the quote, edited instead of a new one. */
  draftId?: string | undefined;
  onClose: () => void;
}

/**
 * "Nouvelle situation" (or "Modifier la situation" while a draft exists) of an accepted quote: the
 * cumulative percent per line, one percent for every line, or a signed progress report of the
 * quote's project, with the situation's figures following what is chosen, to the cent the server
 * will store (`computeSituation`, DOCUMENTS.md § 4).
 */
export function SituationDialog({ billing, draftId, onClose }: SituationDialogProps) {
  const draft = useQuery({
    ...getInvoiceQueryOptions(draftId ?? ''),
    enabled: draftId !== undefined,
    refetchOnMount: 'always',
  });
  if (draftId === undefined) return <SituationForm billing={billing} onClose={onClose} />;
  if (draft.data !== undefined)
    return <SituationForm billing={billing} draft={draft.data} onClose={onClose} />;
  return (
    <ResponsiveModal open title="Modifier la situation" footer={null} onCancel={onClose} destroyOnHidden>
      {draft.isError ? (
        <Alert
          type="error"
          showIcon
          title="Erreur lors du chargement de la situation"
          description={serverMessage(draft.error)}
        />
      ) : (
        <Skeleton active />
      )}
    </ResponsiveModal>
  );
}

interface SituationFormProps {
  billing: QuoteBilling;
  draft?: InvoiceWithRefs;
  onClose: () => void;
}

function SituationForm({ billing, draft, onClose }: SituationFormProps) {
  const { toast } = useToast();
  const create = useCreateSituation();
  const update = useUpdateSituation();
  const reports = useProgressReportsList({ fresh: true });
  const basis = situationBasisOf(billing);
  const draftLines = draft?.situation?.lines ?? [];
  const [mode, setMode] = useState<SituationMode>(
    draft?.situation?.progressReportId !== undefined ? 'report' : 'lines',
  );
  // Each line starts where it is: the draft's percent, else what issued situations reached.
  const [linePercents, setLinePercents] = useState<Record<string, string | null>>(() =>
    Object.fromEntries(
      billing.lines.map((line) => [
        line.itemId,
        draftLines.find((entry) => entry.itemId === line.itemId)?.cumulativePercent ?? line.cumulativePercent,
      ]),
    ),
  );
  const [allPercent, setAllPercent] = useState<string | null>(null);
  const [reportId, setReportId] = useState<string | undefined>(draft?.situation?.progressReportId);
  const [serverError, setServerError] = useState<string[]>([]);

  const signedReports = (reports.data ?? []).filter(
    (report) =>
      report.status === 'signed' && billing.projectId !== undefined && report.projectId === billing.projectId,
  );

  // The percent of each line as chosen, and why a choice cannot be read.
  const cumulative = new Map<string, number>();
  const lineMessages: Record<string, string> = {};
  let choiceMessage: string | undefined;
  if (mode === 'lines') {
    for (const line of billing.lines) {
      const typed = typedPercent(linePercents[line.itemId]);
      if ('message' in typed) lineMessages[line.itemId] = typed.message;
      else cumulative.set(line.itemId, typed.hundredths);
    }
  } else if (mode === 'all') {
    const typed = typedPercent(allPercent);
    if ('message' in typed) choiceMessage = typed.message;
    else for (const line of billing.lines) cumulative.set(line.itemId, typed.hundredths);
  } else {
    const report = signedReports.find((entry) => entry.id === reportId);
    if (report === undefined) choiceMessage = REPORT_REQUIRED;
    else for (const line of billing.lines) cumulative.set(line.itemId, report.progressPercentage * 100);
  }
  const readable = choiceMessage === undefined && Object.keys(lineMessages).length === 0;
  const problems = readable ? situationProblems(basis, cumulative) : [];
  const figures = computeSituation(basis, cumulative);
  const problemLines = new Set(problems.flatMap((problem) => ('itemId' in problem ? [problem.itemId] : [])));
  const busy = create.isPending || update.isPending;
  const canSubmit = readable && problems.length === 0 && !busy;

  const body = (): SituationData => {
    if (mode === 'report') return { progressReportId: reportId };
    if (mode === 'all') {
      return { cumulativePercent: formatPercent(cumulative.get(billing.lines[0]?.itemId ?? '') ?? 0) };
    }
    return {
      lines: billing.lines.map((line) => ({
        itemId: line.itemId,
        cumulativePercent: formatPercent(cumulative.get(line.itemId) ?? 0),
      })),
    };
  };

  const submit = async () => {
    if (!canSubmit) return;
    setServerError([]);
    try {
      if (draft === undefined) {
        const invoice = await create.mutateAsync({ id: billing.quoteId, data: body() });
        const index = invoice.situation?.index;
        toast({
          title: 'Succès',
          description: `Situation${index === undefined ? '' : ` n° ${index}`} créée (brouillon)`,
        });
      } else {
        const invoice = await update.mutateAsync({
          id: draft.id,
          data: {
            clientId: draft.clientId,
            projectId: draft.projectId,
            quoteId: draft.quoteId,
            title: draft.title,
            description: draft.description,
            dueDate: draft.dueDate,
            reverseCharge: draft.reverseCharge,
            situation: body(),
            version: draft.version,
          },
        });
        const index = invoice.situation?.index ?? draft.situation?.index;
        toast({
          title: 'Succès',
          description: `Situation${index === undefined ? '' : ` n° ${index}`} modifiée (brouillon)`,
        });
      }
      onClose();
    } catch (error) {
      const message = serverMessage(error) ?? 'Erreur lors de l’enregistrement de la situation';
      const details = error instanceof ApiError ? (error.details ?? []).map((detail) => detail.message) : [];
      setServerError([message, ...details.filter((detail) => detail !== message)]);
      toast({ variant: 'destructive', title: 'Erreur', description: message, error });
    }
  };

  const title = draft === undefined ? 'Nouvelle situation' : 'Modifier la situation';
  return (
    <ResponsiveModal
      open
      title={`${title} : devis ${billing.quoteNumber}`}
      width={960}
      okText={draft === undefined ? 'Créer la situation' : 'Enregistrer'}
      cancelText="Annuler"
      okButtonProps={{ size: 'large', disabled: !canSubmit }}
      cancelButtonProps={{ size: 'large' }}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form layout="vertical" size="large" component="div">
        <Form.Item label="Pourcentages cumulés" style={{ marginBottom: 12 }}>
          <Radio.Group
            className={styles.choices}
            value={mode}
            onChange={(event) => setMode(event.target.value as SituationMode)}
          >
            <Radio value="lines">Par ligne</Radio>
            <Radio value="all">Même % pour toutes les lignes</Radio>
            <Radio value="report">Depuis un état d&apos;avancement signé</Radio>
          </Radio.Group>
        </Form.Item>
        {mode === 'all' && (
          <Form.Item
            label="Pourcentage cumulé de toutes les lignes (%)"
            htmlFor="situation-all-percent"
            required
          >
            <DecimalInput
              id="situation-all-percent"
              min="0"
              step="1"
              value={allPercent}
              onChange={(value) => setAllPercent(value)}
            />
          </Form.Item>
        )}
        {mode === 'report' &&
          (signedReports.length === 0 ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={
                billing.projectId === undefined
                  ? "Ce devis n'est rattaché à aucun projet : aucun état d'avancement ne peut être repris."
                  : reports.isPending
                    ? "Chargement des états d'avancement..."
                    : "Aucun état d'avancement signé pour le projet de ce devis : faites signer un état d'avancement dans Suivi Travaux, ou saisissez les pourcentages."
              }
            />
          ) : (
            <Form.Item label="État d'avancement signé" htmlFor="situation-report" required>
              <Select
                id="situation-report"
                style={{ width: '100%' }}
                placeholder="Choisissez un état d'avancement"
                value={reportId}
                onChange={(value: string) => setReportId(value)}
                options={signedReports.map((report) => ({
                  value: report.id,
                  label: `${report.title} : ${report.progressPercentage} %${
                    report.signedAt === undefined ? '' : ` (signé le ${formatDateTime(report.signedAt)})`
                  }`,
                }))}
              />
            </Form.Item>
          ))}
      </Form>

      <ol className={styles.situationLines} aria-label="Lignes de la situation">
        {figures.lines.map((line) => (
          <li key={line.itemId} className={styles.situationLine} aria-label={line.description}>
            <span className={styles.billingLineTitle}>{line.description}</span>
            <span className={styles.lineSecondary}>Marché HT : {formatEuro(line.saleTotalCents)}</span>
            {mode === 'lines' && (
              <div className={styles.situationInput}>
                <label className={styles.lineLabel} htmlFor={`situation-${line.itemId}`}>
                  % cumulé
                </label>
                <DecimalInput
                  id={`situation-${line.itemId}`}
                  aria-label={`% cumulé ${line.description}`}
                  min="0"
                  step="1"
                  size="large"
                  status={
                    lineMessages[line.itemId] !== undefined || problemLines.has(line.itemId) ? 'error' : ''
                  }
                  value={linePercents[line.itemId] ?? null}
                  onChange={(value) => setLinePercents((current) => ({ ...current, [line.itemId]: value }))}
                />
                {lineMessages[line.itemId] !== undefined && (
                  <div className={styles.lineError}>{lineMessages[line.itemId]}</div>
                )}
              </div>
            )}
            <dl className={styles.lineFigures}>
              <div>
                <dt>% précédent</dt>
                <dd>{percentText(line.previousPercentHundredths)}</dd>
              </div>
              <div>
                <dt>% cumulé</dt>
                <dd>{percentText(line.cumulativePercentHundredths)}</dd>
              </div>
              <div>
                <dt>Cette situation HT</dt>
                <dd className={styles.lineSale}>{formatEuro(line.amountCents)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ol>

      {(choiceMessage !== undefined || problems.length > 0) && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            <ul className={styles.problems} aria-label="Problèmes de la situation">
              {choiceMessage !== undefined && <li>{choiceMessage}</li>}
              {problems.map((problem, index) => (
                <li key={index}>{problemText(problem)}</li>
              ))}
            </ul>
          }
        />
      )}
      {serverError.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={serverError[0]}
          description={
            serverError.length > 1 ? (
              <ul className={styles.problems}>
                {serverError.slice(1).map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      )}

      <dl className={styles.totals} aria-label="Montants de la situation">
        <dt>Travaux HT</dt>
        <dd>{formatEuro(figures.worksCents)}</dd>
        <dt>Déduction des acomptes HT</dt>
        <dd>{minus(figures.deductionCents)}</dd>
        <dt className={styles.totalRow}>Total HT</dt>
        <dd className={styles.totalRow}>{formatEuro(parseMoney(figures.totals.totalAmount))}</dd>
        <dt>TVA</dt>
        <dd>{formatEuro(parseMoney(figures.totals.vatAmount))}</dd>
        <dt className={styles.totalRow}>Total TTC</dt>
        <dd className={styles.totalRow}>{formatEuro(parseMoney(figures.totals.totalWithVat))}</dd>
        <dt>{`Retenue de garantie (${percentText(figures.retentionRateHundredths)})`}</dt>
        <dd>{minus(figures.retentionCents)}</dd>
        <dt className={styles.totalRow}>Net à payer</dt>
        <dd className={styles.totalRow}>{formatEuro(figures.amountDueCents)}</dd>
      </dl>
      {billing.noVat && (
        <Typography.Paragraph type="secondary" className={styles.vatNote}>
          Autoliquidation ou franchise : la situation ne porte pas de TVA.
        </Typography.Paragraph>
      )}
    </ResponsiveModal>
  );
}

/** An amount taken off: "− 1 200,00 €" (nothing taken: "0,00 €"). */
function minus(cents: number): string {
  return cents === 0 ? formatEuro(0) : `− ${formatEuro(cents)}`;
}
