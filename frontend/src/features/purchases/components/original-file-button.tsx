import { EyeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';

import { useDocumentDownloadUrl } from '../../../api/documents/get-document-download-url';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { openPendingTab } from '../../../lib/file-links';

interface OriginalFileButtonProps {
  /** The document of Documents that keeps the imported file. */
  documentId: string;
  /** Ends the button's accessible name: 'de la facture FF-2026-0003'. */
  of: string;
  className?: string;
}

/**
 * 'Voir l'original': the file an imported supplier invoice was made from (its Factur-X PDF or its
 * XML), shown in a new tab as the Documents screen's 'Voir' does, through the same download link.
 */
export function OriginalFileButton({ documentId, of, className }: OriginalFileButtonProps) {
  const link = useDocumentDownloadUrl();
  const { toast } = useToast();
  const [opening, setOpening] = useState(false);

  const view = async () => {
    // Opened during the click: a popup blocker would stop it once the link is known.
    const tab = openPendingTab();
    setOpening(true);
    try {
      tab.show(await link.mutateAsync({ id: documentId, inline: true }));
    } catch (error) {
      tab.close();
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? "Erreur lors de l'ouverture du document",
        error,
      });
    } finally {
      setOpening(false);
    }
  };

  return (
    <Button
      size="large"
      className={className}
      icon={<EyeOutlined aria-hidden />}
      loading={opening}
      onClick={() => void view()}
      aria-label={`Voir l'original ${of}`}
    >
      Voir l&apos;original
    </Button>
  );
}
