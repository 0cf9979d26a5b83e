import { routes } from '@btp/shared/routes';
import { describe, expect, it } from 'vitest';
import { routeInputs, type JsonSchema } from './support/route-fuzz.js';

/** The field names a JSON Schema lists, through its unions and intersections. */
function fieldsOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const parts = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return [...Object.keys(schema.properties ?? {}), ...parts.flatMap(fieldsOf)];
}

/**
 * The route-table fuzz (route-fuzz.integ.test.ts) makes a route's wrong and plausible values field
 * by field from the JSON Schema of the body and query its handler declares: a route given none is
 * sent only blind bodies. Each route's is made here as the fuzz makes it, without a stack.
 */
describe('the inputs the route fuzz reads from each handler', () => {
  it.each(
    routes
      .filter((route) => route.path !== '$default')
      .map((route) => [`${route.method} ${route.path}`, route] as const),
  )('%s: its body and query as JSON Schemas, with their fields', async (_name, route) => {
    const inputs = await routeInputs(route);
    if (inputs.hasBody) {
      expect(inputs.body).toBeDefined();
      expect(fieldsOf(inputs.body)).not.toEqual([]);
    }
    if (inputs.query !== undefined) expect(fieldsOf(inputs.query)).not.toEqual([]);
  });

  it('finds the bodies of the routes that read one, zod schemas and hand parsers alike', async () => {
    const invoiceCreate = routes.find((route) => route.handler === 'invoices/create');
    const login = routes.find((route) => route.handler === 'auth/login');
    expect(fieldsOf((await routeInputs(invoiceCreate!)).body)).toEqual(
      expect.arrayContaining(['clientId', 'title', 'lines']),
    );
    expect(fieldsOf((await routeInputs(login!)).body)).toEqual(['identifier', 'password']);
  });
});
