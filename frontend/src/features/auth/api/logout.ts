import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api';
import { browser } from '../../../lib/browser';

/** `POST /api/auth/logout`: revokes the session and clears the cookie. */
export async function logout(): Promise<void> {
  await api.post('/api/auth/logout');
}

/**
 * Signs out, then reloads the page (spec section 7) so that nothing of the session stays in memory.
 * The reload opens the login screen itself rather than the current page: the guard would otherwise
 * remember the current page and bring the next person who signs in back to it (someone else's
 * /admin, say). A failure is only logged (spec section 8).
 */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSuccess: () => browser.load('/login'),
    onError: (error) => console.error('Déconnexion impossible', error),
  });
}
