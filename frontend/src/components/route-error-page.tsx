import { Button } from 'antd';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

import { FullPageMessage, FullPageText } from './full-page-message';

/**
 * Last resort for an error thrown while loading or rendering a route, most often a screen's code
 * that no longer exists on the server after a new version was deployed: reloading fixes it.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <FullPageMessage
      title="Une erreur est survenue"
      action={
        <Button type="primary" size="large" onClick={() => window.location.reload()}>
          Recharger la page
        </Button>
      }
    >
      <FullPageText>
        L&apos;écran n&apos;a pas pu s&apos;afficher. Rechargez la page pour réessayer.
      </FullPageText>
    </FullPageMessage>
  );
}
