import { Modal, type ModalProps } from 'antd';

import { useIsDesktop } from '../lib/use-media-query';

/** An antd `Modal` that fills the screen below the `md` breakpoint (DESIGN.md section 5). */
export function ResponsiveModal(props: ModalProps) {
  const desktop = useIsDesktop();
  if (desktop) return <Modal {...props} />;
  return (
    <Modal
      {...props}
      width="100%"
      style={{ top: 0, margin: 0, padding: 0, maxWidth: '100vw' }}
      styles={{
        container: { minHeight: '100dvh', borderRadius: 0, display: 'flex', flexDirection: 'column' },
        body: { flex: 1 },
        // A long title wraps before the close button instead of running under it.
        title: { paddingInlineEnd: 24 },
      }}
    />
  );
}
