import { DeleteOutlined, DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { documentTypeLabels, labelOf } from '@btp/shared/enums';
import { formatFileSize, opensInBrowser } from '@btp/shared/file-display';
import { Button, Card, Tag } from 'antd';

import type { DocumentsListItem } from '../../../api/documents/list-documents';
import { formatDate } from '../../../lib/format';
import { visibleTags } from './document-filters';
import styles from './documents.module.css';
import { FileIcon } from './file-icon';

/** What a card shows as the document's name: its name, else the file's. */
export function documentName(document: Pick<DocumentsListItem, 'name' | 'originalName'>): string {
  return document.name.trim() === '' ? document.originalName : document.name;
}

interface DocumentCardProps {
  document: DocumentsListItem;
  projectName: string | undefined;
  /** Which of the card's actions is waiting for its link, if any. */
  pending: 'download' | 'view' | null;
  onDownload: () => void;
  onView: () => void;
  onDelete: () => void;
}

/** Spec section 2, Documents: one document, its facts, and its actions. */
export function DocumentCard({
  document,
  projectName,
  pending,
  onDownload,
  onView,
  onDelete,
}: DocumentCardProps) {
  const name = documentName(document);
  const { tags, more } = visibleTags(document.tags);
  return (
    <Card className={styles.card} styles={{ body: { padding: 16 } }}>
      <article aria-label={name}>
        <div className={styles.cardHead}>
          <FileIcon mimeType={document.mimeType} />
          <div className={styles.cardTitle}>
            <span className={styles.name}>{name}</span>
            <span className={styles.secondary}>
              <Tag color="blue" style={{ marginInlineEnd: 8 }}>
                {labelOf(documentTypeLabels, document.type)}
              </Tag>
              {formatFileSize(document.size)} · {formatDate(document.createdAt)}
            </span>
            {projectName !== undefined && <div className={styles.secondary}>Projet : {projectName}</div>}
          </div>
          <Button
            type="text"
            danger
            className={styles.delete}
            icon={<DeleteOutlined />}
            onClick={onDelete}
            aria-label={`Supprimer ${name}`}
          />
        </div>
        {document.description !== undefined && document.description.trim() !== '' && (
          <p className={styles.description}>{document.description}</p>
        )}
        {(tags.length > 0 || more > 0) && (
          <div className={styles.tags} aria-label="Étiquettes">
            {tags.map((tag) => (
              <Tag key={tag}>{tag}</Tag>
            ))}
            {more > 0 && <Tag title={(document.tags ?? []).slice(2).join(', ')}>+{more}</Tag>}
          </div>
        )}
        <div className={styles.actions}>
          <Button
            size="large"
            icon={<DownloadOutlined />}
            loading={pending === 'download'}
            onClick={onDownload}
            aria-label={`Télécharger ${name}`}
          >
            Télécharger
          </Button>
          {opensInBrowser(document.mimeType) && (
            <Button
              size="large"
              icon={<EyeOutlined />}
              loading={pending === 'view'}
              onClick={onView}
              aria-label={`Voir ${name}`}
            >
              Voir
            </Button>
          )}
        </div>
      </article>
    </Card>
  );
}
