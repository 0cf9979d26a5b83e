import { App, Tags } from 'aws-cdk-lib';
import { BtpStack } from '../lib/btp-stack.js';

const app = new App();

// Context from cdk.json, overridable with `npx cdk synth -c stage=dev -c region=eu-west-1`.
const stage = String(app.node.tryGetContext('stage') ?? 'prod');
const region = String(app.node.tryGetContext('region') ?? process.env.CDK_DEFAULT_REGION ?? 'eu-west-3');

if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
  throw new Error(`Invalid stage "${stage}": lowercase letters, digits and dashes, at most 20.`);
}

const stack = new BtpStack(app, `btp-gestion-${stage}`, {
  stage,
  // No account: synth needs no credentials and makes no lookups; deploy uses the caller's account.
  env: { region },
  description: `BTP Gestion (${stage})`,
});
Tags.of(stack).add('project', 'btp-gestion');
Tags.of(stack).add('stage', stage);
