import type { RouteDefinition } from '../route-definition.js';

/** The notification bell: the company's latest events, read per user (docs/reminders-notifications.md). */
export const notificationRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/api/notifications', handler: 'notifications/list', access: 'user', table: 'read' },
  {
    method: 'POST',
    path: '/api/notifications/read',
    handler: 'notifications/read',
    access: 'user',
    table: 'write',
  },
];
