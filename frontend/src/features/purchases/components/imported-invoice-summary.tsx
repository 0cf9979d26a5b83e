import type { SupplierInvoiceWithRefs } from '@btp/shared/entities/supplier-invoice';
import { formatEuro, MONEY_SCALE, parseMoney, tryParseDecimal } from '@btp/shared/money';
import { useId } from 'react';
import * as z from 'zod';

import { euros } from './purchase-values';
import styles from './purchases.module.css';

/** A line of an imported e-invoice, as the import stores it in `items`. */
const importedLine = z.object({
  description: z.string(),
  quantity: z.union([z.string(), z.number()]),
  unit: z.string().optional(),
  unitPrice: z.string(),
  vatRate: z.string().optional(),
  total: z.string(),
});
type ImportedLine = z.infer<typeof importedLine>;

/** The lines of `items` that read as invoice lines; anything else is left out. */
export function importedLines(items: readonly unknown[] | undefined): ImportedLine[] {
  return (items ?? []).flatMap((item) => {
    const line = importedLine.safeParse(item);
    return line.success ? [line.data] : [];
  });
}

/** "12,5" from "12.500", "20" from "20.00": a decimal of the API as a French reader writes it. */
export function frenchNumber(value: string | number): string {
  const text = String(value).trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  const [integer = '', fraction = ''] = text.split('.');
  const kept = fraction.replace(/0+$/, '');
  return kept === '' ? integer : `${integer},${kept}`;
}

/** "1 250,40 €" from "1250.40"; a value that is not an amount as it came. */
function moneyText(value: string): string {
  return tryParseDecimal(value, MONEY_SCALE).ok ? formatEuro(parseMoney(value)) : value;
}

/**
 * What an import read that the form does not edit: HT, TVA and TTC, and the invoice's lines
 * (description, quantity × unit price HT, VAT rate, total HT). Nothing for a record typed by hand.
 */
export function ImportedInvoiceSummary({ invoice }: { invoice: SupplierInvoiceWithRefs }) {
  const titleId = useId();
  const lines = importedLines(invoice.items);
  const amounts = invoice.netAmount !== undefined && invoice.vatAmount !== undefined;
  if (!amounts && lines.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className={styles.imported}>
      <p id={titleId} className={styles.importedTitle}>
        Lu dans la facture électronique
      </p>
      {amounts && (
        <dl className={styles.facts}>
          <dt>Total HT</dt>
          <dd>{euros(invoice.netAmount ?? '0')}</dd>
          <dt>TVA</dt>
          <dd>{euros(invoice.vatAmount ?? '0')}</dd>
          <dt>Total TTC</dt>
          <dd className={styles.amount}>{euros(invoice.totalAmount)}</dd>
        </dl>
      )}
      {lines.length > 0 && (
        <ul className={styles.importedLines} aria-label="Lignes de la facture">
          {lines.map((line, index) => (
            <li key={index}>
              <span className={styles.importedLineText}>{line.description}</span>
              <span className={styles.importedLineFigures}>
                {frenchNumber(line.quantity)}
                {line.unit !== undefined && line.unit !== '' ? ` ${line.unit}` : ''} ×{' '}
                {moneyText(line.unitPrice)} HT
                {line.vatRate !== undefined ? ` · TVA ${frenchNumber(line.vatRate)} %` : ''} ={' '}
                <strong>{moneyText(line.total)} HT</strong>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
