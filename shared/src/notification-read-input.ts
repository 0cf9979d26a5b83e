/**
 * The body of `POST /api/notifications/read` parsed by hand, without zod (issue 27, `bench:lambda`:
 * the route starts without zod's code). It answers as the zod schema `notificationReadInput`
 * (`notifications.ts`, kept for the SPA's types) does, issue for issue:
 * `notification-read-input.test.ts` compares them on seeded random bodies.
 */
import { NOTIFICATION_LIST_LIMIT } from './notification-kinds.js';
import {
  boundedStringMessages,
  type QueryIssue,
  handParser,
  type QueryParser,
  type QueryParseResult,
  receivedType,
} from './query-parser.js';

type NotificationRead = { ids?: string[] };

export const notificationReadMessages = {
  invalid: 'La liste des notifications est invalide',
  tooMany: `Au plus ${NOTIFICATION_LIST_LIMIT} notifications à la fois`,
} as const;

function safeParse(input: unknown): QueryParseResult<NotificationRead> {
  const refused = (issues: QueryIssue[]): QueryParseResult<NotificationRead> => ({
    success: false,
    error: { issues },
  });
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return refused([{ path: [], message: `Entrée invalide : objet attendu, ${receivedType(input)} reçu` }]);
  }
  const { ids } = input as { ids?: unknown };
  if (ids === undefined) return { success: true, data: {} };
  if (!Array.isArray(ids)) return refused([{ path: ['ids'], message: notificationReadMessages.invalid }]);
  // zod checks a list's size before its entries: a list too long gets that message only.
  if (ids.length > NOTIFICATION_LIST_LIMIT) {
    return refused([{ path: ['ids'], message: notificationReadMessages.tooMany }]);
  }
  const issues = ids.flatMap((id, index) =>
    boundedStringMessages(id, 1, 100).map((message) => ({ path: ['ids', String(index)], message })),
  );
  return issues.length > 0 ? refused(issues) : { success: true, data: { ids: [...(ids as string[])] } };
}

/** `POST /api/notifications/read`'s body: the ids to mark read, or none for all of them. */
export const notificationReadParser: QueryParser<NotificationRead> = handParser(safeParse, {
  type: 'object',
  properties: {
    ids: {
      type: 'array',
      maxItems: NOTIFICATION_LIST_LIMIT,
      items: { type: 'string', minLength: 1, maxLength: 100 },
    },
  },
});
