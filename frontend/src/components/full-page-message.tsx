import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

import styles from './full-page-message.module.css';

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

/**
 * A short message alone in the middle of the screen: loading, error, 404, screen to come. Plain
 * elements styled with antd's tokens: the first screen shows it, and antd's Typography would bring
 * its tooltip and editing code with it.
 */
export function FullPageMessage({ title, busy = false, action, children }: FullPageMessageProps) {
  const { token } = theme.useToken();
  return (
    <main style={pageStyle} aria-busy={busy || undefined}>
      <div style={contentStyle} role={busy ? 'status' : undefined}>
        {busy && <span className={styles.spinner} aria-hidden="true" />}
        {title !== undefined && (
          <h1
            style={{
              fontSize: 28,
              lineHeight: token.lineHeightHeading1,
              fontWeight: token.fontWeightStrong,
              color: token.colorTextHeading,
            }}
          >
            {title}
          </h1>
        )}
        {children}
        {action !== undefined && <div style={{ marginTop: 24 }}>{action}</div>}
      </div>
    </main>
  );
}

/** A paragraph of secondary text in a full-page message. */
export function FullPageText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return <p style={{ color: token.colorTextSecondary }}>{children}</p>;
}
