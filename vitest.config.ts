import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

// Node 20 is supported here on purpose (CI); the SDK's notice about Node 22 is in the README.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * The projects in the order their files are handed to the two workers. Vitest's own order is by
 * project name (frontend, functions…, infra…, shared), which hands out the files that start stacks
 * of their own (several DynamoDB Local JVMs each, the longest files of the run) near the end, when
 * only short files are left to keep the other core busy. Here the projects whose files are long and
 * indivisible go first (own stacks, the shared stack's, the CDK stack's synthesis) and the many short
 * files last, so both workers finish together. Within a project Vitest's
 * order is kept: the slowest files of the last run first (its cache), else the largest.
 */
const projectOrder = [
  'infra-integ-own',
  'infra-integ',
  'functions-integ',
  'infra',
  'frontend',
  'functions-isolated',
  'functions',
  'shared',
];

class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = projectOrder.indexOf(spec.project.name);
      return index === -1 ? projectOrder.length : index;
    };
    // Array.prototype.sort is stable: Vitest's order within a project stays.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

/** Every workspace's tests in one run (`npm test` calls it); each workspace has its own config. */
export default defineConfig({
  test: {
    // Vitest's default (cores − 1) is one worker on a 2-core machine, where the integration tests
    // spend much of their time waiting on DynamoDB Local: two workers finish ~25 % sooner there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      'shared',
      'functions',
      'functions/vitest.isolated.config.ts',
      'functions/vitest.integ.config.ts',
      'infra',
      'infra/vitest.integ.config.ts',
      'infra/vitest.integ-own.config.ts',
      'frontend',
    ],
  },
});
