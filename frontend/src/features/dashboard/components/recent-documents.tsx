import type { DashboardWidgets } from '@btp/shared/dashboard-widgets';
import { fileAgeLabel, fileKindOf, formatFileSize, type FileKind } from '@btp/shared/file-display';
import { FileExcelOutlined, FileImageOutlined, FileOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useState, type ReactNode } from 'react';

import { ButtonLink } from '../../../components/button-link';
import styles from './dashboard.module.css';
import { WidgetFrame } from './widget-frame';
import { EmptyText, WidgetState } from './widget-state';

/** An icon and its colours per family of MIME type (spec section 2). */
const kinds: Record<FileKind, { icon: ReactNode; colour: string; background: string; label: string }> = {
  pdf: { icon: <FilePdfOutlined />, colour: '#cf1322', background: '#fff1f0', label: 'PDF' },
  spreadsheet: { icon: <FileExcelOutlined />, colour: '#389e0d', background: '#f6ffed', label: 'Tableur' },
  image: { icon: <FileImageOutlined />, colour: '#531dab', background: '#f9f0ff', label: 'Image' },
  other: { icon: <FileOutlined />, colour: '#595959', background: '#f5f5f5', label: 'Fichier' },
};

interface RecentDocumentsProps {
  documents: DashboardWidgets['recentDocuments'] | undefined;
  now?: Date;
}

/** 'Documents Récents': the 4 most recent documents, with their icon, name, size and age (spec section 9). */
export function RecentDocuments({ documents, now }: RecentDocumentsProps) {
  // The clock is read once, when the widget mounts: never during a render (React's purity rule).
  const [mountedAt] = useState(() => new Date());
  const at = now ?? mountedAt;
  return (
    <WidgetFrame title="Documents Récents">
      <WidgetState data={documents}>
        {documents === undefined || documents.length === 0 ? (
          <EmptyText>Aucun document récent</EmptyText>
        ) : (
          <ul className={styles.list}>
            {documents.map((document) => {
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
                        {formatFileSize(document.size)} · {fileAgeLabel(document.createdAt, at)}
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
    </WidgetFrame>
  );
}
