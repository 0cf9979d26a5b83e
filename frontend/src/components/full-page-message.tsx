import { Spin, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

const pageStyle: CSSProperties = {
  minHeight: '100dvh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 16,
};

const contentStyle: CSSProperties = {
  width: '100%',
  maxWidth: 480,
  textAlign: 'center',
  overflowWrap: 'anywhere',
};

interface FullPageMessageProps {
  /** Page heading (h1). */
  title?: ReactNode;
  /** Shows a spinner and marks the message as a live status. */
  busy?: boolean;
  /** A button or link under the text. */
  action?: ReactNode;
  children?: ReactNode;
}

/** A short message alone in the middle of the screen: loading, error, 404, screen to come. */
export function FullPageMessage({ title, busy = false, action, children }: FullPageMessageProps) {
  return (
    <main style={pageStyle} aria-busy={busy || undefined}>
      <div style={contentStyle} role={busy ? 'status' : undefined}>
        {busy && <Spin size="large" style={{ marginBottom: 16 }} />}
        {title !== undefined && (
          <Typography.Title level={1} style={{ fontSize: 28 }}>
            {title}
          </Typography.Title>
        )}
        {children}
        {action !== undefined && <div style={{ marginTop: 24 }}>{action}</div>}
      </div>
    </main>
  );
}
