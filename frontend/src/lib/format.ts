const dateFormat = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * A date of the API ("2026-11-22") as a French reader writes it: "22/11/2026". Calendar dates are
 * read as local dates, so that no time zone moves them by a day.
 */
export function formatDate(value: string): string {
  const calendar = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = calendar
    ? new Date(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3]))
    : new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

/** An instant of the API ("2026-11-22T14:30:00.000Z") in local French time: "22/11/2026 15:30". */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat.format(date);
}

/**
 * A stored decimal ("12.500", "8.40") as a French reader types it: decimal comma, trailing zeros of
 * the fraction dropped beyond `keep` decimals ("12,5", "8,40").
 */
export function decimalForInput(value: string, keep = 0): string {
  const [integer = '', fraction = ''] = value.split('.');
  let digits = fraction;
  while (digits.length > keep && digits.endsWith('0')) digits = digits.slice(0, -1);
  return digits === '' ? integer : `${integer},${digits}`;
}
