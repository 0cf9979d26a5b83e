import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { CostSheetFormat } from '@btp/shared/cost-sheet';
import { Button, Card } from 'antd';
import { useState } from 'react';

import { costSheetLink } from '../../../api/job-costing/profitability';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { saveFromLink } from '../../../lib/file-links';
import styles from './profitability.module.css';

/** « Fiche de coûts »: the chantier's cost sheet as a PDF or a CSV (made by the server, saved by the browser). */
export function CostSheetButtons({ projectId }: { projectId: string }) {
  const { toast } = useToast();
  const [pending, setPending] = useState<CostSheetFormat | null>(null);
  const download = async (format: CostSheetFormat) => {
    setPending(format);
    try {
      saveFromLink(await costSheetLink(projectId, format));
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? 'Erreur lors de la préparation de la fiche de coûts',
        error,
      });
    } finally {
      setPending(null);
    }
  };
  return (
    <Card title="Fiche de coûts" className={styles.card}>
      <div className={styles.estimate}>
        <Button
          size="large"
          icon={<FilePdfOutlined aria-hidden />}
          loading={pending === 'pdf'}
          disabled={pending === 'csv'}
          onClick={() => void download('pdf')}
        >
          Télécharger la fiche (PDF)
        </Button>
        <Button
          size="large"
          icon={<FileExcelOutlined aria-hidden />}
          loading={pending === 'csv'}
          disabled={pending === 'pdf'}
          onClick={() => void download('csv')}
        >
          Télécharger la fiche (CSV)
        </Button>
      </div>
    </Card>
  );
}
