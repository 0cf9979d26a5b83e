import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { projectCreateInput } from '@btp/shared/entities/project';
import { describe, expect, it, vi } from 'vitest';
import { projects } from '../data/entities/projects.js';
import { companyWithClient, sortedFigures } from '../test-support/aggregates-harness.js';
import { apiEvent, jsonOf, lambdaContext } from '../test-support/api-event.js';
import { figuresOf } from './figures.js';
import { storedAggregates } from './rebuild.js';

/**
 * The data layer knows nothing of the aggregates: they plug into its transactions from above
 * (`install.ts`). These tests load the modules afresh (`vi.resetModules`), without the test setup's
 * installation, as a Lambda function or a script starts: what it imports is all it gets.
 */
describe('the aggregates installed into the data layer', () => {
  it('a process that did not install them cannot write a record they count (nothing written)', async () => {
    const { companyId, clientId } = await companyWithClient();
    vi.resetModules();
    const fresh = await import('../data/entities/projects.js');
    await expect(
      fresh.projects.create(companyId, projectCreateInput.parse({ name: 'Extension Garnier', clientId })),
    ).rejects.toThrow(/no transaction extension is installed/);
    expect((await projects.list(companyId)).items).toEqual([]);
    expect(sortedFigures(await storedAggregates(companyId))).toEqual({});
  });

  it("a route's handler installs them: its write moves the company's aggregates in the same transaction", async () => {
    const { companyId, clientId } = await companyWithClient();
    vi.resetModules();
    const { handler } = await import('../handlers/projects/create.js');
    const response = (await handler(
      apiEvent({
        method: 'POST',
        path: '/api/projects',
        routeKey: 'POST /api/projects',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
        body: JSON.stringify({ name: 'Extension Garnier', clientId, status: 'in_progress' }),
        authorizer: { userId: 'user-1', companyId, role: 'user' },
      }),
      lambdaContext,
    )) as APIGatewayProxyStructuredResultV2;
    expect(response.statusCode).toBe(201);
    const created = jsonOf(response) as Record<string, unknown>;
    const stored = sortedFigures(await storedAggregates(companyId));
    expect(stored).toEqual(sortedFigures(figuresOf({ projects: [created] })));
    expect(stored).toMatchObject({ 'AGG#TOTALS': { projects_in_progress: 1 } });
  });
});
