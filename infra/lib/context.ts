import type { Construct } from 'constructs';
import type { BtpStackProps } from './btp-stack.js';

/**
 * The deployment settings, from CDK context (defaults in cdk.json), e.g.
 * `npx cdk deploy -c stage=prod -c alarmEmail=ops@example.fr`:
 * - `stage` (`prod`): names the stack `btp-gestion-<stage>`; `prod` keeps data when the stack is deleted;
 * - `region` (`eu-west-3`, Paris);
 * - `domainName` + `certificateArn` (none): custom domain of the site, with its ACM certificate in
 *   us-east-1;
 * - `alarmEmail` (none): address subscribed to the alarm topic;
 * - `mailFrom` (none; needed to send): the address devis and factures are sent from, and
 *   `mailIdentity` (`domain`): what SES verifies, its domain (DKIM) or the `address` alone
 *   (docs/mail.md);
 * - `withoutRoutes` (none): `true` deploys the stack with no route at all (the API answers every
 *   request with its 404), once, to upgrade a stack whose routes were not yet in nested stacks
 *   (README "Updating", docs/deploy.md): API Gateway refuses a route key that the API still has.
 * The README's "Deploy to AWS" section documents the same names.
 */
export function stackSettings(scope: Construct): { stackName: string; props: BtpStackProps } {
  const context = (name: string): string | undefined => {
    const value: unknown = scope.node.tryGetContext(name);
    if (value === undefined || value === null || value === '') return undefined;
    return String(value);
  };

  const stage = context('stage') ?? 'prod';
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new Error(`Invalid stage "${stage}": lowercase letters, digits and dashes, at most 20.`);
  }
  const withoutRoutes = context('withoutRoutes');
  if (withoutRoutes !== undefined && withoutRoutes !== 'true') {
    throw new Error(`Invalid withoutRoutes "${withoutRoutes}": true, or leave it out.`);
  }
  const region = context('region') ?? process.env.CDK_DEFAULT_REGION ?? 'eu-west-3';

  return {
    stackName: `btp-gestion-${stage}`,
    props: {
      stage,
      // No account: synth needs no credentials and makes no lookups; deploy uses the caller's account.
      env: { region },
      description: `BTP Gestion (${stage})`,
      domainName: context('domainName'),
      certificateArn: context('certificateArn'),
      alarmEmail: context('alarmEmail'),
      mailFrom: context('mailFrom'),
      mailIdentity: context('mailIdentity') as 'domain' | 'address' | undefined,
      ...(withoutRoutes === 'true' ? { routeTables: {} } : {}),
    },
  };
}
