import { expect, type Page } from '@playwright/test';
import { writeHeaders } from './company.js';

/**
 * Signs `identifier` in through the API in the page's browser context (`POST /api/auth/login`): the
 * session cookie lands in the context, as the sign-in form would leave it, without drawing the form.
 * For the journeys whose subject is not the sign-in: the form itself is proved by first-paint.spec.ts
 * (the pre-rendered form, which then works), keyboard.spec.ts (by the keyboard alone) and
 * accounts.spec.ts (a user signing in once approved, a refusal before).
 */
export async function signInThroughApi(page: Page, identifier: string, password: string): Promise<void> {
  const response = await page.request.post('/api/auth/login', {
    headers: writeHeaders,
    data: { identifier, password },
  });
  expect(response.status(), await response.text()).toBe(200);
}
