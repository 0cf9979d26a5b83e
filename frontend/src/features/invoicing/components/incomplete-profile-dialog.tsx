import { Button, Typography } from 'antd';

import { ButtonLink } from '../../../components/button-link';
import { ResponsiveModal } from '../../../components/responsive-modal';

/** Where the company administrator completes the legal profile (the Paramètres screen). */
export const SETTINGS_PATH = '/settings';

interface IncompleteProfileDialogProps {
  /** The server's sentence, e.g. "Le profil de l'entreprise est incomplet : …". */
  message: string | undefined;
  /** One entry per missing field, as the server's 409 `details` give them. */
  missing: readonly { path: string; message: string }[];
  onClose: () => void;
}

/**
 * A send refused while the company's legal identity is incomplete (DOCUMENTS.md § 1): what is
 * missing, one line per field, and the way to the screen where it is filled in.
 */
export function IncompleteProfileDialog({ message, missing, onClose }: IncompleteProfileDialogProps) {
  return (
    <ResponsiveModal
      open
      title="Profil de l'entreprise incomplet"
      onCancel={onClose}
      footer={
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'flex-end' }}>
          <Button size="large" onClick={onClose}>
            Fermer
          </Button>
          <ButtonLink size="large" type="primary" to={SETTINGS_PATH}>
            Compléter le profil
          </ButtonLink>
        </div>
      }
      destroyOnHidden
    >
      <Typography.Paragraph>
        {message ??
          "Le profil de l'entreprise est incomplet : complétez-le avant d'émettre une facture ou un avoir."}
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 4 }}>Il manque :</Typography.Paragraph>
      <ul aria-label="Informations manquantes" style={{ margin: 0, paddingInlineStart: 20 }}>
        {missing.map((entry) => (
          <li key={entry.path}>{entry.message}</li>
        ))}
      </ul>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        Un administrateur de l&apos;entreprise les renseigne dans les paramètres de l&apos;entreprise.
      </Typography.Paragraph>
    </ResponsiveModal>
  );
}
