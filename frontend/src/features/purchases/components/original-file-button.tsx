import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { opensInBrowser } from '@btp/shared/file-display';
import { Button } from 'antd';
import { useState } from 'react';

import { useDocumentDownloadUrl } from '../../../api/documents/get-document-download-url';
import { useDocumentsList } from '../../../api/documents/list-documents';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { openPendingTab, saveFromLink } from '../../../lib/file-links';

interface OriginalFileButtonProps {
  /** The document of Documents that keeps the imported file. */
  documentId: string;
  /** Ends the button's accessible name: 'de la facture FF-2026-0003'. */
  of: string;
  className?: string;
}

/**
 * The file an imported supplier invoice was made from, as the Documents screen offers it and through
 * the same download link: a Factur-X PDF is shown in a new tab ('Voir l'original'); an XML, or a
 * file the documents list does not name, is saved ('Télécharger l'original'), since only PDFs and
 * images are opened in the browser.
 */
export function OriginalFileButton({ documentId, of, className }: OriginalFileButtonProps) {
  const documents = useDocumentsList();
  const link = useDocumentDownloadUrl();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);

  // Known once the list answered (or failed: then saved, which suits any file).
  if (documents.isPending) return null;
  const original = documents.data?.find((document) => document.id === documentId);
  const view = original !== undefined && opensInBrowser(original.mimeType);

  const open = async () => {
    // Opened during the click: a popup blocker would stop it once the link is known.
    const tab = view ? openPendingTab() : undefined;
    setBusy(true);
    try {
      const url = await link.mutateAsync({ id: documentId, inline: view });
      if (tab === undefined) saveFromLink(url);
      else tab.show(url);
    } catch (error) {
      tab?.close();
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description:
          serverMessage(error) ??
          (view ? "Erreur lors de l'ouverture du document" : 'Erreur lors du téléchargement du document'),
        error,
      });
    } finally {
      setBusy(false);
    }
  };

  const label = view ? "Voir l'original" : "Télécharger l'original";
  return (
    <Button
      size="large"
      className={className}
      icon={view ? <EyeOutlined aria-hidden /> : <DownloadOutlined aria-hidden />}
      loading={busy}
      onClick={() => void open()}
      aria-label={`${label} ${of}`}
    >
      {label}
    </Button>
  );
}
