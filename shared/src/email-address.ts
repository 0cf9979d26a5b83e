/**
 * zod's e-mail pattern (`z.regexes.email`, what `z.email()` and `emailField` check), without zod:
 * the hand-parsed bodies and the mailer check addresses with it (issue 27, `bench:lambda`).
 * `email-address.test.ts` checks that it is still zod's.
 */
/* oxlint-disable no-useless-escape -- zod's pattern as zod writes it (the test compares the sources) */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
/* oxlint-enable no-useless-escape */

/** Whether `text` is an e-mail address as zod's `z.email()` reads it (not trimmed). */
export function isEmailAddress(text: string): boolean {
  return EMAIL_PATTERN.test(text);
}
