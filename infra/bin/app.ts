import { App, Aspects, Tags } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { BtpStack } from '../lib/btp-stack.js';
import { stackSettings } from '../lib/context.js';

const app = new App();

// Context values (stage, region, domainName, certificateArn, alarmEmail): see lib/context.ts.
const { stackName, props } = stackSettings(app);
const stack = new BtpStack(app, stackName, props);
Tags.of(stack).add('project', 'btp-gestion');
Tags.of(stack).add('stage', props.stage);

// Every synth is checked against the AWS Solutions rules: an unexplained finding fails it.
Aspects.of(app).add(new AwsSolutionsChecks());
