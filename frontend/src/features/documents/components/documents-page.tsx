import { SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { documentTypeLabels, documentTypes } from '@btp/shared/enums';
import { Alert, App, Button, Empty, Input, Select, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';

import { useDeleteDocument } from '../../../api/documents/delete-document';
import { useDocumentDownloadUrl } from '../../../api/documents/get-document-download-url';
import { useDocumentsPages, type DocumentsListItem } from '../../../api/documents/list-documents';
import { useProjectsList } from '../../../api/projects/list-projects';
import { PageBody, PageHeader } from '../../../components/page-header';
import { SEARCH_DEBOUNCE_MS } from '../../../components/list-toolbar';
import { MoreRecords } from '../../../components/query-list';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { openPendingTab, saveFromLink } from '../../../lib/file-links';
import { DocumentCard, documentName } from './document-card';
import { DocumentTabBar } from './document-tab-bar';
import {
  documentsOfTab,
  matchingDocuments,
  tabCounts,
  type DocumentTab,
  type TypeFilter,
} from './document-filters';
import styles from './documents.module.css';
import { UploadDialog } from './upload-dialog';

const LOAD_ERROR = 'Erreur lors du chargement des documents';
const UPLOAD_LABEL = 'Uploader un document';

const typeFilterOptions = [
  { value: 'all', label: 'Tous les types' },
  ...documentTypes.map((type) => ({ value: type, label: documentTypeLabels[type] })),
];

interface PendingAction {
  id: string;
  action: 'download' | 'view';
}

/** The Documents screen (GED, spec section 2): search, type filter, tabs, cards, upload, delete. */
export function DocumentsPage({ title, subtitle }: { title: string; subtitle: string }) {
  const [search, setSearch] = useState('');
  // The server searches every document once typing pauses (~300 ms); meanwhile, and for the type
  // filter, the loaded ones are filtered here.
  const [searched, setSearched] = useState('');
  useEffect(() => {
    const next = search.trim();
    const timer = setTimeout(() => setSearched(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const documents = useDocumentsPages(searched === '' ? undefined : { q: searched });
  const projects = useProjectsList();
  const link = useDocumentDownloadUrl();
  const remove = useDeleteDocument();
  const { modal } = App.useApp();
  const { toast } = useToast();
  const [type, setType] = useState<TypeFilter>('all');
  const [tab, setTab] = useState<DocumentTab>('all');
  const [uploading, setUploading] = useState(false);
  const [pending, setPending] = useState<PendingAction | null>(null);

  const failedAt = documents.isError ? documents.errorUpdatedAt : 0;
  const loadError = documents.error;
  useEffect(() => {
    if (failedAt !== 0)
      toast({ variant: 'destructive', title: 'Erreur', description: LOAD_ERROR, error: loadError });
  }, [failedAt, loadError, toast]);

  const projectNames = useMemo(
    () => new Map((projects.data ?? []).map((project) => [project.id, project.name])),
    [projects.data],
  );

  const download = async (document: DocumentsListItem) => {
    setPending({ id: document.id, action: 'download' });
    try {
      // Its answer says `attachment` with the original name.
      saveFromLink(await link.mutateAsync({ id: document.id, inline: false }));
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? 'Erreur lors du téléchargement du document',
        error,
      });
    } finally {
      setPending(null);
    }
  };

  const view = async (document: DocumentsListItem) => {
    // Opened during the click, so that no popup blocker stops it; it gets its address once known.
    const tab = openPendingTab();
    setPending({ id: document.id, action: 'view' });
    try {
      tab.show(await link.mutateAsync({ id: document.id, inline: true }));
    } catch (error) {
      tab.close();
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? "Erreur lors de l'ouverture du document",
        error,
      });
    } finally {
      setPending(null);
    }
  };

  const confirmDelete = (document: DocumentsListItem) => {
    const name = documentName(document);
    modal.confirm({
      title: 'Supprimer le document',
      content: `Voulez-vous vraiment supprimer « ${name} » ? Le fichier ne sera plus disponible.`,
      okText: 'Supprimer',
      okButtonProps: { danger: true, size: 'large' },
      cancelButtonProps: { size: 'large' },
      cancelText: 'Annuler',
      onOk: async () => {
        try {
          await remove.mutateAsync(document.id);
          toast({ title: 'Succès', description: 'Document supprimé avec succès' });
        } catch (error) {
          toast({
            variant: 'destructive',
            title: 'Erreur',
            description: serverMessage(error) ?? 'Erreur lors de la suppression du document',
            error,
          });
        }
      },
    });
  };

  const uploadButton = (
    <Button
      type="primary"
      size="large"
      icon={<UploadOutlined />}
      aria-label={UPLOAD_LABEL}
      onClick={() => setUploading(true)}
    >
      {UPLOAD_LABEL}
    </Button>
  );

  let content;
  if (documents.isPending) {
    content = (
      <div role="status" style={{ textAlign: 'center', padding: 32 }}>
        <Spin />
        <div>Chargement...</div>
      </div>
    );
  } else if (documents.isError) {
    content = (
      <Alert
        type="error"
        showIcon
        title={LOAD_ERROR}
        description={serverMessage(documents.error)}
        action={
          <Button onClick={() => void documents.refetch()} loading={documents.isFetching}>
            Réessayer
          </Button>
        }
      />
    );
  } else if ((documents.data ?? []).length === 0 && searched === '') {
    content = (
      <Empty className={styles.empty} description="Aucun document">
        <p>Commencez par uploader votre premier document</p>
        {uploadButton}
      </Empty>
    );
  } else {
    const loaded = documents.data ?? [];
    // Once the server has answered the search typed, its matches are shown as they are.
    const answered = search.trim() === searched && !documents.isPlaceholderData;
    const matching = matchingDocuments(loaded, { search: answered ? '' : search, type }, projectNames);
    const counts = tabCounts(matching);
    const shown = documentsOfTab(matching, tab);
    content = (
      <>
        <DocumentTabBar value={tab} counts={counts} onChange={setTab} />
        {shown.length === 0 ? (
          <Empty className={styles.empty} description="Aucun document trouvé" />
        ) : (
          <ul className={styles.grid} aria-label="Documents" role="list">
            {shown.map((document) => (
              <li key={document.id}>
                <DocumentCard
                  document={document}
                  projectName={document.projectId ? projectNames.get(document.projectId) : undefined}
                  pending={pending?.id === document.id ? pending.action : null}
                  onDownload={() => void download(document)}
                  onView={() => void view(document)}
                  onDelete={() => confirmDelete(document)}
                />
              </li>
            ))}
          </ul>
        )}
        <MoreRecords query={documents} count={loaded.length} />
      </>
    );
  }

  return (
    <>
      <PageHeader title={title} subtitle={subtitle} action={uploadButton} />
      <PageBody>
        <div className={styles.toolbar}>
          <Input
            className={styles.search}
            size="large"
            allowClear
            prefix={<SearchOutlined />}
            placeholder="Rechercher un document..."
            aria-label="Rechercher un document"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <Select<TypeFilter>
            className={styles.filter}
            size="large"
            aria-label="Filtrer par type"
            value={type}
            options={typeFilterOptions}
            onChange={setType}
          />
        </div>
        {content}
      </PageBody>
      {uploading && <UploadDialog onClose={() => setUploading(false)} />}
    </>
  );
}
