import { theme } from 'antd';
import type { ReactNode } from 'react';

import { BrandMark } from './brand-mark';

interface CenteredCardPageProps {
  /** The page heading (h1). */
  title: ReactNode;
  /** A sentence under the heading. */
  description?: ReactNode;
  /** Wider cards for longer forms (registration, installation). */
  width?: number;
  /**
   * A form only a signed-out person may see (sign-in): in a pre-rendered page the card stays hidden
   * while the session is unknown (`session-pending`, see lib/session-pending.ts).
   */
  signedOutOnly?: boolean;
  children: ReactNode;
}

/**
 * The frame of the screens a person sees before signing in: installation, sign-in, registration. The
 * card is drawn with antd's tokens rather than antd's Card and Typography, which would bring their
 * tabs, skeleton, tooltip and editing code to the first screen anyone loads.
 */
export function CenteredCardPage({
  title,
  description,
  width = 440,
  signedOutOnly = false,
  children,
}: CenteredCardPageProps) {
  const { token } = theme.useToken();
  return (
    <main
      style={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 24,
        padding: '32px 12px',
        background: '#f5f7fa',
      }}
    >
      <BrandMark />
      <div
        {...(signedOutOnly ? { 'data-signed-out-only': '' } : {})}
        style={{
          width: '100%',
          maxWidth: width,
          padding: '24px clamp(16px, 5vw, 32px)',
          background: token.colorBgContainer,
          border: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        <h1
          style={{
            fontSize: 24,
            lineHeight: token.lineHeightHeading1,
            fontWeight: token.fontWeightStrong,
            color: token.colorTextHeading,
            marginTop: 0,
            marginBottom: description ? 4 : 24,
          }}
        >
          {title}
        </h1>
        {description !== undefined && (
          <p style={{ color: token.colorTextSecondary, marginTop: 0, marginBottom: 24 }}>{description}</p>
        )}
        {children}
      </div>
    </main>
  );
}
