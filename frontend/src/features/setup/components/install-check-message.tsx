import { FullPageMessage } from '../../../components/full-page-message';

/** What the product shows while it checks the installation status (spec section 2). */
export function InstallCheckMessage() {
  return (
    <FullPageMessage busy>
      <span>Vérification de l&apos;installation...</span>
    </FullPageMessage>
  );
}
