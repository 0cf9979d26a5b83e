import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Progress } from 'antd';
import { useId, useRef, useState, type ChangeEvent } from 'react';

import { useCompanyLogoUrl } from '../../../api/company/get-company-logo-url';
import { useUploadDocument } from '../../../api/documents/upload-document';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import styles from './company-settings.module.css';

/** What the file picker offers; the server checks the file's content too. */
const ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
export const LOGO_TYPE_MESSAGE = 'Le logo doit être une image PNG ou JPEG.';

function isPngOrJpeg(file: File): boolean {
  return ['image/png', 'image/jpeg'].includes(file.type) || /\.(png|jpe?g)$/i.test(file.name);
}

/** The logo's image, or what stands in for it while there is none or while its link loads. */
export function LogoPreview({ documentId }: { documentId: string | undefined }) {
  const link = useCompanyLogoUrl(documentId);
  let content;
  if (!documentId) content = 'Aucun logo';
  else if (link.data !== undefined) content = <img src={link.data} alt="Logo de l'entreprise" />;
  else if (link.isError) content = "Impossible d'afficher le logo";
  else content = 'Chargement...';
  return <div className={styles.logoPreview}>{content}</div>;
}

interface LogoFieldProps {
  /** The logo's document id ('' for none): the form item gives it. */
  value?: string;
  onChange?: (documentId: string) => void;
  /** The field's message (a refused file, the server's), shown under it by the form item. */
  onProblem: (message: string | undefined) => void;
}

/**
 * The company's logo (DOCUMENTS.md § 1): a PNG or JPEG sent to the company's Documents (type
 * "Autre", tagged "logo"), whose id the profile keeps once saved; previewed through its download
 * link. 'Retirer le logo' takes it off the profile (the document stays in Documents).
 */
export function LogoField({ value, onChange, onProblem }: LogoFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const upload = useUploadDocument();
  const { toast } = useToast();
  const [progress, setProgress] = useState<number | undefined>(undefined);

  const send = async (file: File) => {
    if (!isPngOrJpeg(file)) {
      onProblem(LOGO_TYPE_MESSAGE);
      return;
    }
    onProblem(undefined);
    setProgress(0);
    try {
      const document = await upload.mutateAsync({
        input: { file, type: 'other', description: "Logo de l'entreprise", tags: ['logo'] },
        options: { onProgress: (fraction) => setProgress(Math.round(fraction * 100)) },
      });
      onChange?.(document.id);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? "Erreur lors de l'envoi du logo",
        error,
      });
    } finally {
      setProgress(undefined);
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again after a refusal must fire a change again.
    event.target.value = '';
    if (file !== undefined) void send(file);
  };

  return (
    <div className={styles.logo}>
      <LogoPreview documentId={value || undefined} />
      <div className={styles.logoActions}>
        <label htmlFor={inputId} className={styles.fileInput}>
          Logo (PNG ou JPEG)
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPT}
          className={styles.fileInput}
          tabIndex={-1}
          onChange={onFile}
        />
        <Button
          size="large"
          icon={<UploadOutlined aria-hidden />}
          loading={progress !== undefined}
          onClick={() => input.current?.click()}
        >
          {progress !== undefined ? 'Envoi du logo...' : value ? 'Remplacer le logo' : 'Choisir une image'}
        </Button>
        {value && progress === undefined && (
          <Button size="large" icon={<DeleteOutlined aria-hidden />} onClick={() => onChange?.('')}>
            Retirer le logo
          </Button>
        )}
        {progress !== undefined && (
          <Progress
            percent={progress}
            size="small"
            aria-label="Envoi du logo"
            style={{ flexBasis: '100%' }}
          />
        )}
      </div>
    </div>
  );
}
