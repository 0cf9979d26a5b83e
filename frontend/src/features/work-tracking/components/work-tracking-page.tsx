import type { ProgressReportStatus } from '@btp/shared/enums';
import { Tabs } from 'antd';
import { useState } from 'react';

import {
  useProgressReportsPages,
  type ProgressReportsListItem,
} from '../../../api/progress-reports/list-progress-reports';
import { useValidateProgressReport } from '../../../api/progress-reports/validate-progress-report';
import { PageBody, PageHeader } from '../../../components/page-header';
import { EmptyCard, QueryList } from '../../../components/query-list';
import { CreateButton } from '../../../components/record-buttons';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { ProgressReportCard } from './progress-report-card';
import { ProgressReportDialog } from './progress-report-dialog';
import { countByStatus, emptyStateAction, reportTabs } from './progress-report-rules';
import { SignReportDialog } from './sign-report-dialog';
import styles from '../../../components/record-cards.module.css';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; report: ProgressReportsListItem }
  | { kind: 'sign'; report: ProgressReportsListItem };

interface WorkTrackingPageProps {
  title: string;
  subtitle: string;
}

/**
 * Spec section 2 "Suivi Travaux": progress reports in three tabs by status, each with its count;
 * create, edit, validate (pending only) and sign (validated only, with the signer's name). An empty
 * tab says what is missing and offers to create a report.
 */
export function WorkTrackingPage({ title, subtitle }: WorkTrackingPageProps) {
  const reports = useProgressReportsPages();
  const validate = useValidateProgressReport();
  const { toast } = useToast();
  const [tab, setTab] = useState<ProgressReportStatus>('pending');
  const [dialog, setDialog] = useState<Dialog | null>(null);

  // After a write the tab follows the report, so the person sees what they just did.
  const follow = (report: ProgressReportsListItem) => setTab(report.status);

  const validateReport = async (report: ProgressReportsListItem) => {
    try {
      follow(await validate.mutateAsync(report.id));
      toast({ title: 'Succès', description: 'État validé avec succès' });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? 'Erreur lors de la validation',
        error,
      });
    }
  };

  const counts = countByStatus(reports.data ?? []);
  const create = () => setDialog({ kind: 'create' });

  const content = ({ status, label, empty, hint }: (typeof reportTabs)[number]) => (
    <QueryList
      query={reports}
      errorTitle="Erreur lors du chargement des états d'avancement"
      select={(list) => list.filter((report) => report.status === status)}
      empty={
        <EmptyCard
          description={
            <>
              <strong>{empty}</strong>
              <br />
              {hint}
            </>
          }
        >
          <CreateButton onClick={create}>{emptyStateAction}</CreateButton>
        </EmptyCard>
      }
      label={`États ${label.toLowerCase()}`}
      className={styles.cards}
    >
      {(report) => (
        <ProgressReportCard
          report={report}
          validating={validate.isPending && validate.variables === report.id}
          onEdit={() => setDialog({ kind: 'edit', report })}
          onValidate={() => void validateReport(report)}
          onSign={() => setDialog({ kind: 'sign', report })}
        />
      )}
    </QueryList>
  );

  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        action={<CreateButton onClick={create}>Nouvel État</CreateButton>}
      />
      <PageBody>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as ProgressReportStatus)}
          items={reportTabs.map((reportTab) => ({
            key: reportTab.status,
            // Counted on the pages read: « 12+ » while the server holds more ('Charger plus').
            label: `${reportTab.label} (${counts[reportTab.status]}${reports.hasMore ? '+' : ''})`,
            children: content(reportTab),
          }))}
        />
      </PageBody>
      {dialog?.kind === 'create' && <ProgressReportDialog onClose={() => setDialog(null)} onSaved={follow} />}
      {dialog?.kind === 'edit' && (
        <ProgressReportDialog report={dialog.report} onClose={() => setDialog(null)} onSaved={follow} />
      )}
      {dialog?.kind === 'sign' && (
        <SignReportDialog report={dialog.report} onClose={() => setDialog(null)} onSigned={follow} />
      )}
    </>
  );
}
