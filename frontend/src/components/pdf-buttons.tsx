import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';

import { serverMessage } from '../lib/api';
import { openPendingTab, saveFromLink, type FileDisposition } from '../lib/file-links';
import styles from './pdf-buttons.module.css';
import { useToast } from './toast';

interface PdfButtonsProps {
  /**
   * The document, as the buttons' accessible names end: 'du devis DEV-2026-0001' gives
   * 'Télécharger le PDF du devis DEV-2026-0001' and 'Aperçu du devis DEV-2026-0001'.
   */
  of: string;
  /** Asks the server for a fresh link to the PDF (it may make it first: a draft's preview). */
  link: (disposition: FileDisposition) => Promise<string>;
  /** Where the caller places the row (e.g. its margin under the card's other actions). */
  className?: string;
}

/**
 * 'Télécharger le PDF' (saved under the name the server gives it, the page stays) and 'Aperçu' (the
 * PDF in a new tab) of a devis, a facture or an avoir. While the PDF is being made the clicked button
 * spins (busy, a second click does nothing) and the other is disabled; a failure is told by an error
 * toast.
 */
export function PdfButtons({ of, link, className }: PdfButtonsProps) {
  const { toast } = useToast();
  const [pending, setPending] = useState<FileDisposition | null>(null);

  const fetchLink = async (disposition: FileDisposition, failure: string): Promise<string | undefined> => {
    setPending(disposition);
    try {
      return await link(disposition);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Erreur', description: serverMessage(error) ?? failure, error });
      return undefined;
    } finally {
      setPending(null);
    }
  };

  const download = async () => {
    const url = await fetchLink('attachment', 'Erreur lors du téléchargement du PDF');
    if (url !== undefined) saveFromLink(url);
  };

  const preview = async () => {
    // Opened during the click, before the link is known: a popup blocker would stop it afterwards.
    const tab = openPendingTab();
    const url = await fetchLink('inline', "Erreur lors de l'ouverture de l'aperçu du PDF");
    if (url === undefined) tab.close();
    else tab.show(url);
  };

  return (
    <div className={className === undefined ? styles.buttons : `${styles.buttons} ${className}`}>
      <Button
        size="large"
        icon={<DownloadOutlined aria-hidden />}
        loading={pending === 'attachment'}
        aria-busy={pending === 'attachment'}
        disabled={pending === 'inline'}
        onClick={() => void download()}
        aria-label={`Télécharger le PDF ${of}`}
      >
        Télécharger<span className={styles.more}> le PDF</span>
      </Button>
      <Button
        size="large"
        icon={<EyeOutlined aria-hidden />}
        loading={pending === 'inline'}
        aria-busy={pending === 'inline'}
        disabled={pending === 'attachment'}
        onClick={() => void preview()}
        aria-label={`Aperçu ${of}`}
      >
        Aperçu
      </Button>
    </div>
  );
}
