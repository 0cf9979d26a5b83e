/**
 * Where the person wanted to go before the guards sent them to /login: the `from` of the navigation
 * state (`<Navigate to="/login" state={{ from }} />`), else the dashboard. Only paths of this site.
 */
export function returnPath(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'from' in state) {
    const { from } = state;
    if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')) return from;
  }
  return '/';
}
