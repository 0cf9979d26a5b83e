import { formatEuro, MONEY_SCALE, parseMoney } from '@btp/shared/money';

/** A money decimal of the API ("4800.00") in euros: "4 800,00 €". */
export function euros(value: string): string {
  return formatEuro(parseMoney(value));
}

/** A stored amount ("4800.00") as a French reader types it: "4800,00". */
export function amountForInput(value: string): string {
  const [integer = '', fraction = ''] = value.split('.');
  return fraction === '' ? integer : `${integer},${fraction.padEnd(MONEY_SCALE, '0')}`;
}

/** The choice of the forms' project and link selects that means "none" (sent as absent). */
export const NONE = 'none';
