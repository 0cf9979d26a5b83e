import { routes } from '@btp/shared/routes';
import { describe, expect, it } from 'vitest';
import { builtByCreateHandler } from '../lib/http.js';

/**
 * Access control rests on one middleware: every route's function must be built by `createHandler`
 * (access guard from the route table, CSRF guard, error mapping). A handler module written
 * another way would skip the role checks, so each module the route table names is imported here.
 */
describe('the handler of every route in the route table', () => {
  it.each(routes.map((route) => [`${route.method} ${route.path}`, route.handler] as const))(
    '%s (%s) is built by createHandler',
    async (_route, handlerModule) => {
      const loaded = (await import(`./${handlerModule}.js`)) as { handler?: unknown };
      expect(builtByCreateHandler(loaded.handler)).toBe(true);
    },
  );

  it('tells a hand-written handler from one built by createHandler', async () => {
    const handWritten = () => Promise.resolve({ statusCode: 200 });
    expect(builtByCreateHandler(handWritten)).toBe(false);
    expect(builtByCreateHandler(undefined)).toBe(false);
    const { handler } = (await import('./health/get.js')) as { handler: unknown };
    expect(builtByCreateHandler(handler)).toBe(true);
  });
});
