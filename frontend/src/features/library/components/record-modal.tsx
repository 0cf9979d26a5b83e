import type { ReactNode } from 'react';

import { ResponsiveModal } from '../../../components/responsive-modal';

interface RecordModalProps {
  title: string;
  /** In pixels on a desktop; full screen on a phone. */
  width: number;
  /** The submit button's text ('Enregistrer', "Créer l'article"). */
  okText: string;
  /** The id of the form the submit button submits. */
  form: string;
  busy: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A library record's dialog (article, ouvrage): its form inside, submitted by the footer's button;
 * a click outside does not close it (a half-typed sous-détail is not lost by a stray tap).
 */
export function RecordModal({ title, width, okText, form, busy, onClose, children }: RecordModalProps) {
  return (
    <ResponsiveModal
      open
      title={title}
      width={width}
      okText={okText}
      cancelText="Annuler"
      okButtonProps={{ size: 'large', htmlType: 'submit', form }}
      cancelButtonProps={{ size: 'large' }}
      confirmLoading={busy}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {children}
    </ResponsiveModal>
  );
}
