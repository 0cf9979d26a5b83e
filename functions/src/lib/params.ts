import {
  boundedStringMessages,
  handParser,
  type QueryParser,
  type QueryParseResult,
  receivedType,
} from '@btp/shared/query-parser';

/**
 * `{id}` path parameter. Any id that is not one of the caller's records is simply not found (404),
 * so only its size is checked here. Parsed by hand, without zod (issue 27, `bench:lambda`): a route
 * whose only schema is its path (a GET or DELETE of one record) starts without zod's code. It
 * answers as `z.object({ id: z.string().min(1).max(100) })` did, with zod's French messages
 * (`params.test.ts` compares them).
 */
function safeParse(input: unknown): QueryParseResult<{ id: string }> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    const message = `Entrée invalide : objet attendu, ${receivedType(input)} reçu`;
    return { success: false, error: { issues: [{ path: [], message }] } };
  }
  const { id } = input as { id?: unknown };
  const messages = boundedStringMessages(id, 1, 100);
  if (messages.length > 0) {
    return { success: false, error: { issues: messages.map((message) => ({ path: ['id'], message })) } };
  }
  return { success: true, data: { id: id as string } };
}

export const idParams: QueryParser<{ id: string }> = handParser(safeParse, {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['id'],
});
