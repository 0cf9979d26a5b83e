import { Suspense, type ReactNode } from 'react';

import { LoadingState } from './query-list';
import { ResponsiveModal } from './responsive-modal';

interface FormDialogProps {
  title: string;
  /** In pixels on a desktop (antd's 520 when absent); a phone's dialog fills the screen. */
  width?: number;
  onClose: () => void;
  /** The form, often lazily loaded: 'Chargement...' shows until it is. */
  children: ReactNode;
}

/**
 * A record's dialog whose form carries its own buttons (no modal footer). Render it while it is
 * open, unmount it to close it.
 */
export function FormDialog({ title, width, onClose, children }: FormDialogProps) {
  return (
    <ResponsiveModal open title={title} footer={null} onCancel={onClose} destroyOnHidden width={width}>
      <Suspense fallback={<LoadingState />}>{children}</Suspense>
    </ResponsiveModal>
  );
}
