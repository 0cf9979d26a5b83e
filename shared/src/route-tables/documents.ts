import type { RouteDefinition } from '../routes.js';

/** Documents: uploads (multipart and presigned POST), downloads, deletion. */
export const documentRoutes: RouteDefinition[] = [];
