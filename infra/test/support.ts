import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Aspects, NestedStack } from 'aws-cdk-lib';
import type { CfnResource } from 'aws-cdk-lib';
import { Annotations, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { expect } from 'vitest';
import { routes, type RouteDefinition } from '@btp/shared/routes';
import { BtpStack, functionTag, jobTag, repoRoot } from '../lib/btp-stack.js';
import type { BtpStackProps, RouteTables } from '../lib/btp-stack.js';

/** A message of a synthesized stack (an annotation: cdk-nag's findings among them). */
type SynthesisMessage = ReturnType<ReturnType<App['synth']>['getStackArtifact']>['messages'][number];

export type Resource = { Type: string; Properties: Record<string, unknown> } & Record<string, unknown>;
export type Statement = {
  Effect: string;
  Action: string | string[];
  Resource?: unknown;
  Principal?: unknown;
  Condition?: Record<string, unknown>;
};

/** Same feature flags as `npx cdk synth`. */
const cdkContext = (JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as { context: object })
  .context;

export const noFrontend = path.join(tmpdir(), 'btp-no-frontend-build');
/** A tiny handler file that stands for any route's (and the authorizer's) in the test stacks. */
export const fixtureHandler = path.join(repoRoot, 'infra/test/fixtures/handler.ts');

/**
 * Route tables shaped like the product's (public setup and sign-in, user routes, document routes,
 * super-admin routes), independent of the shared one as it grows. Every handler is bundled from one
 * tiny fixture through `handlerEntry`: the names matter (they decide the secrets), not the code.
 */
export const productLikeRouteTables: RouteTables = {
  system: [
    { method: 'GET', path: '/api/health', handler: 'health/get', access: 'public', table: 'none' },
    { method: 'GET', path: '/api/setup/status', handler: 'setup/status', access: 'public', table: 'read' },
    {
      method: 'POST',
      path: '/api/setup',
      handler: 'setup/create',
      access: 'public',
      table: 'write',
      memoryMb: 1024,
    },
    {
      method: 'POST',
      path: '/api/auth/login',
      handler: 'auth/login',
      access: 'public',
      table: 'write',
      memoryMb: 1024,
    },
    { method: 'GET', path: '/api/auth/me', handler: 'auth/me', access: 'user', table: 'read' },
  ],
  clients: [
    { method: 'GET', path: '/api/clients', handler: 'clients/list', access: 'user', table: 'read' },
    { method: 'PUT', path: '/api/clients/{id}', handler: 'clients/update', access: 'user', table: 'write' },
  ],
  documents: [
    {
      method: 'GET',
      path: '/api/documents/{id}/download',
      handler: 'documents/download',
      access: 'user',
      table: 'read',
      documents: 'read',
    },
    {
      method: 'POST',
      path: '/api/documents/upload-url',
      handler: 'documents/upload-url',
      access: 'user',
      table: 'write',
      documents: 'write',
    },
  ],
  admin: [
    { method: 'GET', path: '/api/admin/stats', handler: 'admin/stats', access: 'super_admin', table: 'read' },
  ],
  fallback: [{ method: 'ANY', path: '$default', handler: 'not-found', access: 'public', table: 'none' }],
};

/** Every route of {@link productLikeRouteTables}, in order. */
export const productLikeRoutes: readonly RouteDefinition[] = Object.values(productLikeRouteTables).flat();

/** Props that build {@link productLikeRouteTables} from existing files. */
export const productLikeProps: Partial<BtpStackProps> = {
  routeTables: productLikeRouteTables,
  handlerEntry: () => fixtureHandler,
  authorizerEntry: fixtureHandler,
};

/** A route exactly as the product's route tables declare it (`shared/src/routes.ts`). */
function declaredRoute(handler: string): RouteDefinition {
  const route = routes.find((candidate) => candidate.handler === handler);
  if (!route) throw new Error(`no route of the product runs ${handler}`);
  return route;
}

/** The e-invoicing routes as the route table declares them (their secret access is what matters). */
export const einvoicingRoutes: RouteDefinition[] = [
  declaredRoute('company/einvoicing-get'),
  declaredRoute('company/einvoicing-update'),
  declaredRoute('invoices/pay'),
];

/** A route that e-mails (`mail`): SES may send from it only. */
export const mailRoute: RouteDefinition = declaredRoute('quotes/send');

/** The route that starts an accounting export (`exportJob`): the only one that invokes its worker. */
export const exportRoute: RouteDefinition = declaredRoute('accounting/export-start');

/**
 * {@link productLikeProps} with a route of each feature that brings infrastructure of its own (the
 * e-invoicing platform's secrets, SES from `mailFrom`, the accounting export's worker): one synth
 * for the files that test those features (einvoicing, mail, jobs), each asserting its own part.
 */
export const productWithFeaturesProps: Partial<BtpStackProps> = {
  ...productLikeProps,
  routeTables: {
    ...productLikeRouteTables,
    einvoicing: einvoicingRoutes,
    quotes: [mailRoute],
    accounting: [exportRoute],
  },
  mailFrom: 'devis@dupont-batiment.fr',
};

export interface Synthesized {
  stack: BtpStack;
  /**
   * The main stack and its nested stacks as one template ({@link flattenedTemplate}): what the
   * product is, wherever CloudFormation keeps each resource.
   */
  template: Template;
  /** Each stack's own template: the main one first, then the nested ones, by construct path. */
  stacks: { path: string; nested: boolean; template: Template }[];
  /** The stack's messages (annotations: cdk-nag's findings among them), from the synthesized assembly. */
  messages: readonly SynthesisMessage[];
  annotations: Annotations;
}

/**
 * The synthesized stacks of this worker, by configuration: the files of the project share one
 * module graph per worker (`isolate: false`, vitest.config.ts), so the files that test the same
 * configuration (the product-like stack of production, jobs…) synthesize it once. Tests only read
 * what they get (templates, annotations, the assembly's folder).
 */
const synthesizedByConfiguration = new Map<string, Synthesized>();
const functionIds = new Map<unknown, number>();

/** `props` and the options as a key: plain values by content, functions (entries) by identity. */
function configurationKey(props: Partial<BtpStackProps>, bundle: boolean): string {
  return JSON.stringify({ props, bundle }, (_key, value: unknown) => {
    if (typeof value !== 'function') return value;
    if (!functionIds.has(value)) functionIds.set(value, functionIds.size + 1);
    return `function#${functionIds.get(value)}`;
  });
}

/**
 * Synthesizes a stack with the AwsSolutions checks applied (suppressed findings logged as info),
 * once per configuration and worker (the same props answer the same `Synthesized`).
 * Functions are not bundled unless `bundle` is set (CDK's `aws:cdk:bundling-stacks`, what
 * `cdk synth --exclusively` uses): the template is the same, and a synth costs a second instead of one
 * esbuild run per function. Entry files must still exist.
 *
 * CDK's built-in CloudFormation validation (`builtinCloudFormationValidation`, a WebAssembly rule
 * engine run on every template of every synth) is off here: without the
 * `@aws-cdk/core:validateAgainstDefaultRules` flag it only prints warnings and can fail no test, and it
 * was a third of this project's CPU. `npx cdk synth` and deployments still run it.
 */
export function synth(props: Partial<BtpStackProps> = {}, { bundle = false } = {}): Synthesized {
  const key = configurationKey(props, bundle);
  const known = synthesizedByConfiguration.get(key);
  if (known) return known;
  const app = new App({
    context: { ...cdkContext, 'aws:cdk:bundling-stacks': bundle ? ['**'] : [] },
    builtinCloudFormationValidation: false,
  });
  const stack = new BtpStack(app, 'Test', {
    stage: 'prod',
    env: { region: 'eu-west-3' },
    frontendDist: noFrontend,
    ...props,
  });
  Aspects.of(stack).add(new AwsSolutionsChecks({ logIgnores: true, reports: false }));
  const stacks = [
    { path: stack.node.path, nested: false, template: Template.fromStack(stack) },
    ...stack.node
      .findAll()
      .filter((construct): construct is NestedStack => NestedStack.isNestedStack(construct))
      .map((nested) => ({ path: nested.node.path, nested: true, template: Template.fromStack(nested) })),
  ];
  const messages = app.synth().getStackArtifact(stack.artifactId).messages;
  let annotations: Annotations | undefined;
  const synthesized: Synthesized = {
    stack,
    template: flattenedTemplate(stack, stacks),
    stacks,
    messages,
    // `Annotations.fromStack` synthesizes the whole app again (`force`): only for a test that asks.
    get annotations() {
      return (annotations ??= Annotations.fromStack(stack));
    },
  };
  synthesizedByConfiguration.set(key, synthesized);
  return synthesized;
}

type Json = unknown;

function mapJson(value: Json, replace: (node: Record<string, Json>) => Json): Json {
  if (Array.isArray(value)) return value.map((item) => mapJson(item, replace));
  if (value === null || typeof value !== 'object') return value;
  const replaced = replace(value as Record<string, Json>);
  if (replaced !== value) return mapJson(replaced, replace);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapJson(item, replace)]));
}

/**
 * The main stack's template with every nested stack's resources put in it, as one stack would hold
 * them: a nested stack's parameter replaced by what the main stack gives it (`{ Ref: "<Table>" }`
 * rather than `{ Ref: "referencetoTest<Table>Ref" }`), and a nested stack's output, where the main
 * stack (or another nested stack, through it) uses it, by its value. The `AWS::CloudFormation::Stack`
 * resources themselves are left out. So the tests assert what the product is (which function may do
 * what, which alarm watches which function) whatever stack each resource lives in; the resource
 * counts per stack are in `stacks`.
 */
export function flattenedTemplate(
  stack: BtpStack,
  stacks: readonly { path: string; nested: boolean; template: Template }[],
): Template {
  const main = stacks[0]?.template.toJSON() as { Resources: Record<string, Resource> } & Record<string, Json>;
  const resourcesOut: Record<string, Json> = { ...main.Resources };
  const outputsOfNested = new Map<string, Record<string, Json>>();
  for (const nested of stack.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c))) {
    const logicalId = stack.resolve((nested.nestedStackResource as CfnResource).logicalId) as string;
    const parameters = (main.Resources[logicalId]?.Properties.Parameters ?? {}) as Record<string, Json>;
    const own = stacks.find((entry) => entry.path === nested.node.path)?.template.toJSON() as {
      Resources: Record<string, Json>;
      Outputs?: Record<string, { Value: Json }>;
    };
    const withParameters = (value: Json) =>
      mapJson(value, (node) =>
        typeof node.Ref === 'string' && node.Ref in parameters ? (parameters[node.Ref] as Json) : node,
      );
    for (const [id, resource] of Object.entries(own.Resources)) {
      if (id in resourcesOut) throw new Error(`${id} is in two stacks.`);
      resourcesOut[id] = withParameters(resource);
    }
    outputsOfNested.set(
      logicalId,
      Object.fromEntries(
        Object.entries(own.Outputs ?? {}).map(([name, output]) => [name, withParameters(output.Value)]),
      ),
    );
    delete resourcesOut[logicalId];
  }
  const withOutputs = (value: Json): Json =>
    mapJson(value, (node) => {
      const getAtt = node['Fn::GetAtt'];
      if (!Array.isArray(getAtt)) return node;
      const [id, attribute] = getAtt as [string, string];
      const outputs = outputsOfNested.get(id);
      if (!outputs || !attribute.startsWith('Outputs.')) return node;
      const output = outputs[attribute.slice('Outputs.'.length)];
      if (output === undefined) throw new Error(`${id} has no output ${attribute}.`);
      return output;
    });
  return Template.fromJSON({
    ...main,
    Resources: withOutputs(resourcesOut) as Record<string, Json>,
    Outputs: withOutputs(main.Outputs ?? {}),
  });
}

/** A minimal Vite-like build output; the caller removes it. */
export function fakeFrontendBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'btp-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/a.js">');
  writeFileSync(path.join(dist, 'assets/a.js'), 'console.log(1);');
  return dist;
}

export function resources(template: Template, type: string): [string, Resource][] {
  return Object.entries(template.findResources(type)) as [string, Resource][];
}

export function resourceById(template: Template, logicalId: string): Resource {
  return template.toJSON().Resources[logicalId] as Resource;
}

function tagOf(resource: Resource, key: string): string | undefined {
  const tags = (resource.Properties.Tags ?? []) as { Key: string; Value: string }[];
  return tags.find((tag) => tag.Key === key)?.Value;
}

/** The application's functions (route handlers and authorizer), keyed by their tag value. */
export function appFunctions(template: Template): Map<string, [string, Resource]> {
  const found = new Map<string, [string, Resource]>();
  for (const [logicalId, resource] of resources(template, 'AWS::Lambda::Function')) {
    const tag = tagOf(resource, functionTag);
    if (tag !== undefined) found.set(tag, [logicalId, resource]);
  }
  return found;
}

/** The scheduled jobs' functions (tagged {@link jobTag}), keyed by their tag value. */
export function jobFunctions(template: Template): Map<string, [string, Resource]> {
  const found = new Map<string, [string, Resource]>();
  for (const [logicalId, resource] of resources(template, 'AWS::Lambda::Function')) {
    const tag = tagOf(resource, jobTag);
    if (tag !== undefined) found.set(tag, [logicalId, resource]);
  }
  return found;
}

export function environmentOf(fn: Resource): Record<string, unknown> {
  return (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
}

export function roleIdOf(fn: Resource): string {
  return (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
}

/** Every Allow statement of the IAM policies attached to the role of the function. */
export function statementsOfFunction(template: Template, functionLogicalId: string): Statement[] {
  const roleId = roleIdOf(resourceById(template, functionLogicalId));
  const statements: Statement[] = [];
  for (const [, policy] of resources(template, 'AWS::IAM::Policy')) {
    const roles = policy.Properties.Roles as { Ref: string }[];
    if (!roles.some((role) => role.Ref === roleId)) continue;
    const document = policy.Properties.PolicyDocument as { Statement: Statement[] };
    statements.push(...document.Statement.filter((statement) => statement.Effect === 'Allow'));
  }
  return statements;
}

export function actionsOf(statements: readonly Statement[]): string[] {
  return statements.flatMap((statement) => ([] as string[]).concat(statement.Action));
}

/** Every IAM action granted to the role of the function with the given logical id. */
export function actionsOfFunction(template: Template, functionLogicalId: string): string[] {
  return actionsOf(statementsOfFunction(template, functionLogicalId));
}

export function distributionConfig(template: Template): Record<string, unknown> {
  const [[, distribution]] = resources(template, 'AWS::CloudFront::Distribution') as [[string, Resource]];
  return distribution.Properties.DistributionConfig as Record<string, unknown>;
}

export const tableWriteActions = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:TransactWriteItems',
  'dynamodb:PartiQLInsert',
  'dynamodb:PartiQLUpdate',
  'dynamodb:PartiQLDelete',
];

const messageText = (message: SynthesisMessage) => String(message.entry.data);

/** AwsSolutions findings left unexplained (errors and warnings, suppressed ones excluded). */
export function unexplainedNagFindings({ messages }: Synthesized): string[] {
  return messages
    .filter((message) => message.level === 'error' || message.level === 'warning')
    .filter((message) => /AwsSolutions-/.test(messageText(message)))
    .map((message) => `${message.id}: ${messageText(message)}`);
}

/** The suppressed findings cdk-nag reported (it logs them as info with `logIgnores`). */
export function suppressedNagFindings({ messages }: Synthesized): { rule: string; finding?: string }[] {
  return messages
    .filter((message) => message.level === 'info')
    .map(messageText)
    .filter((data) => data.includes('CdkNagSuppression'))
    .map((data) => {
      const match = /^CdkNagSuppression(?:\[(.+)\])?: (\S+) was triggered but suppressed/.exec(data);
      if (!match) throw new Error(`Unexpected cdk-nag message: ${data}`);
      return { rule: match[2] as string, finding: match[1] };
    });
}

type AppliesTo = string | { regex: string };
export interface DeclaredSuppression {
  resource: string;
  id: string;
  reason: string;
  appliesTo?: AppliesTo[];
}

/** Every suppression declared in the template's metadata, with the resource it is on. */
export function declaredSuppressions(template: Template): DeclaredSuppression[] {
  const declared: DeclaredSuppression[] = [];
  for (const [logicalId, resource] of Object.entries(
    template.toJSON().Resources as Record<string, Resource>,
  )) {
    const metadata = resource.Metadata as
      | { cdk_nag?: { rules_to_suppress: { id: string; reason: string; applies_to?: AppliesTo[] }[] } }
      | undefined;
    for (const rule of metadata?.cdk_nag?.rules_to_suppress ?? []) {
      declared.push({ resource: logicalId, id: rule.id, reason: rule.reason, appliesTo: rule.applies_to });
    }
  }
  return declared;
}

/** `/^…$/` as cdk-nag writes a regex in `appliesTo`. */
export function appliesToMatches(pattern: AppliesTo, finding: string): boolean {
  if (typeof pattern === 'string') return pattern === finding;
  const literal = /^\/(.*)\/([a-z]*)$/.exec(pattern.regex);
  if (!literal) throw new Error(`Unexpected appliesTo regex: ${pattern.regex}`);
  return new RegExp(literal[1] as string, literal[2]).test(finding);
}

/**
 * cdk-nag ran (it reported at least one suppressed finding), left no error or warning, and every
 * suppression declared in the template was used: no stale or blanket suppression hides a future finding.
 */
export function expectNagClean(synthesized: Synthesized): void {
  expect(unexplainedNagFindings(synthesized)).toEqual([]);
  const suppressed = suppressedNagFindings(synthesized);
  expect(suppressed.length).toBeGreaterThan(0);
  for (const declared of declaredSuppressions(synthesized.template)) {
    const label = `${declared.resource} ${declared.id}`;
    expect(declared.reason.length, label).toBeGreaterThanOrEqual(60);
    const sameRule = suppressed.filter((finding) => finding.rule === declared.id);
    expect(sameRule.length, `${label} is never triggered`).toBeGreaterThan(0);
    for (const pattern of declared.appliesTo ?? []) {
      expect(
        sameRule.some(
          (finding) => finding.finding !== undefined && appliesToMatches(pattern, finding.finding),
        ),
        `${label} ${JSON.stringify(pattern)} is never triggered`,
      ).toBe(true);
    }
  }
}
