import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

import { BrandMark } from './brand-mark';

interface CenteredCardPageProps {
  /** The page heading (h1). */
  title: ReactNode;
  /** A sentence under the heading. */
  description?: ReactNode;
  /** Wider cards for longer forms (registration, installation). */
  width?: number;
  children: ReactNode;
}

/** The frame of the screens a person sees before signing in: installation, sign-in, registration. */
export function CenteredCardPage({ title, description, width = 440, children }: CenteredCardPageProps) {
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
      <Card
        style={{ width: '100%', maxWidth: width }}
        styles={{ body: { padding: '24px clamp(16px, 5vw, 32px)' } }}
      >
        <Typography.Title
          level={1}
          style={{ fontSize: 24, marginTop: 0, marginBottom: description ? 4 : 24 }}
        >
          {title}
        </Typography.Title>
        {description !== undefined && (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 24 }}>
            {description}
          </Typography.Paragraph>
        )}
        {children}
      </Card>
    </main>
  );
}
