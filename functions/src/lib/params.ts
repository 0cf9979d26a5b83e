import { notText, type QueryParser, type QueryParseResult, receivedType } from '@btp/shared/query-parser';

/**
 * `{id}` path parameter. Any id that is not one of the caller's records is simply not found (404),
 * so only its size is checked here. Parsed by hand, without zod (issue 27, `bench:lambda`): a route
 * whose only schema is its path (a GET or DELETE of one record) starts without zod's code. It
 * answers as `z.object({ id: z.string().min(1).max(100) })` did, with zod's French messages
 * (`params.test.ts` compares them).
 */
function safeParse(input: unknown): QueryParseResult<{ id: string }> {
  const refused = (path: string[], message: string): QueryParseResult<{ id: string }> => ({
    success: false,
    error: { issues: [{ path, message }] },
  });
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return refused([], `Entrée invalide : objet attendu, ${receivedType(input)} reçu`);
  }
  const { id } = input as { id?: unknown };
  if (Array.isArray(id)) {
    // zod still measures a list it refused (API Gateway never gives one).
    const size =
      id.length < 1
        ? ['Trop petit : tableau doit avoir >=1 éléments']
        : id.length > 100
          ? ['Trop grand : tableau doit avoir <=100 éléments']
          : [];
    return {
      success: false,
      error: { issues: [...notText(id).messages, ...size].map((message) => ({ path: ['id'], message })) },
    };
  }
  if (typeof id !== 'string') return refused(['id'], notText(id).messages[0]);
  if (id.length < 1) return refused(['id'], 'Trop petit : chaîne de caractères doit avoir >=1 caractères');
  // zod counts code points (an emoji is one), not UTF-16 units.
  if (id.length > 100 && [...id].length > 100)
    return refused(['id'], 'Trop grand : chaîne de caractères doit avoir <=100 caractères');
  return { success: true, data: { id } };
}

export const idParams: QueryParser<{ id: string }> = {
  safeParse,
  parse(input) {
    const result = safeParse(input);
    if (result.success) return result.data;
    throw new Error(
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
    );
  },
  jsonSchema: {
    type: 'object',
    properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
    required: ['id'],
  },
};
