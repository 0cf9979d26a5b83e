import { fileAgeLabel, fileKindOf, formatFileSize, type FileKind } from '@btp/shared/file-display';
import { FileExcelOutlined, FileImageOutlined, FileOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import type { ReactNode } from 'react';

import { useDocumentsList } from '../../../api/documents/list-documents';
import { ButtonLink } from '../../../components/button-link';
import styles from './dashboard.module.css';
import { EmptyText, WidgetState } from './widget-state';

/** Spec section 9: the dashboard lists 4 documents, as the API returns them. */
export const RECENT_DOCUMENTS = 4;

/** An icon and its colours per family of MIME type (spec section 2). */
const kinds: Record<FileKind, { icon: ReactNode; colour: string; background: string; label: string }> = {
  pdf: { icon: <FilePdfOutlined />, colour: '#cf1322', background: '#fff1f0', label: 'PDF' },
  spreadsheet: { icon: <FileExcelOutlined />, colour: '#389e0d', background: '#f6ffed', label: 'Tableur' },
  image: { icon: <FileImageOutlined />, colour: '#531dab', background: '#f9f0ff', label: 'Image' },
  other: { icon: <FileOutlined />, colour: '#595959', background: '#f5f5f5', label: 'Fichier' },
};

/** 'Documents Récents': the first 4 documents, with their icon, name, size and age (spec section 9). */
export function RecentDocuments({ now = new Date() }: { now?: Date }) {
  const documents = useDocumentsList();
  const shown = (documents.data ?? []).slice(0, RECENT_DOCUMENTS);

  return (
    <Card title="Documents Récents" className={styles.widget} role="region" aria-label="Documents Récents">
      <WidgetState query={documents} errorText="Erreur lors du chargement des documents">
        {shown.length === 0 ? (
          <EmptyText>Aucun document récent</EmptyText>
        ) : (
          <ul className={styles.list}>
            {shown.map((document) => {
              const kind = kinds[fileKindOf(document.mimeType)];
              return (
                <li key={document.id} className={styles.item}>
                  <div className={styles.itemMain}>
                    <span
                      className={styles.fileIcon}
                      style={{ color: kind.colour, background: kind.background }}
                      role="img"
                      aria-label={kind.label}
                    >
                      {kind.icon}
                    </span>
                    <div className={styles.itemText}>
                      <span className={styles.itemTitle}>{document.name}</span>
                      <span className={styles.itemSecondary}>
                        {formatFileSize(document.size)} · {fileAgeLabel(document.createdAt, now)}
                      </span>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </WidgetState>
      <div className={styles.footer}>
        <ButtonLink to="/documents" size="large">
          Accéder à la GED
        </ButtonLink>
      </div>
    </Card>
  );
}
