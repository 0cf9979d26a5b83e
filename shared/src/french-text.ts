/**
 * Small text helpers shared by what the product writes for people outside the screens: the PDFs,
 * the e-mails and the reminders.
 */

/** A calendar date `YYYY-MM-DD` (or an instant's date part) as printed: "02/03/2026". */
export function frenchDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

const htmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe inside HTML elements and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEntities[character] ?? character);
}
