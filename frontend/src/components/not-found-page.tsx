// antd's CSS for the screens past /login, extracted at build time (antd-static-css.ts).
import 'virtual:antd-css/app.css';
import { Typography } from 'antd';

import { ButtonLink } from './button-link';
import { FullPageMessage } from './full-page-message';

export function NotFoundPage() {
  return (
    <FullPageMessage
      title="404"
      action={
        <ButtonLink to="/" type="primary" size="large">
          Retour à l&apos;accueil
        </ButtonLink>
      }
    >
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        Page introuvable
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        La page que vous cherchez n&apos;existe pas ou a été déplacée.
      </Typography.Paragraph>
    </FullPageMessage>
  );
}
