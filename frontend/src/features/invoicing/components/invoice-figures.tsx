import { centsOf } from '@btp/shared/finance';
import { formatEuro } from '@btp/shared/money';
import type { VatBreakdownEntry } from '@btp/shared/vat';
import { Typography } from 'antd';
import { Fragment } from 'react';

import { vatRateText } from './invoice-lines';
import styles from './invoicing.module.css';

/** A money decimal of the API ("1234.50") as euros: "1 234,50 €". */
export function euros(value: string | undefined): string {
  return formatEuro(centsOf(value));
}

/** The totals of an invoice or credit note, as the API carries them (decimal strings). */
export interface InvoiceFigureValues {
  totalAmount: string;
  vatBreakdown: readonly VatBreakdownEntry[];
  vatAmount: string;
  totalWithVat: string;
  /** Net à payer: shown when it differs from TTC (a situation's retention). */
  amountDue?: string | undefined;
}

interface InvoiceFiguresProps {
  figures: InvoiceFigureValues;
  /** The accessible name of the list, e.g. 'Totaux de la facture'. */
  label: string;
  reverseCharge?: boolean | undefined;
  franchise?: boolean | undefined;
}

/**
 * Total HT, the VAT per rate ("TVA 20 % sur 1 000,00 €"), the VAT, the total TTC (DOCUMENTS.md § 2),
 * and the net to pay when it differs; then the mention of reverse charge or the franchise.
 */
export function InvoiceFigures({
  figures,
  label,
  reverseCharge = false,
  franchise = false,
}: InvoiceFiguresProps) {
  const { amountDue } = figures;
  return (
    <section aria-label={label}>
      <dl className={styles.totals}>
        <dt>Total HT</dt>
        <dd>{euros(figures.totalAmount)}</dd>
        {figures.vatBreakdown.map((entry) => (
          <Fragment key={entry.rate}>
            <dt>{`TVA ${vatRateText(entry.rate)} sur ${euros(entry.base)}`}</dt>
            <dd>{euros(entry.amount)}</dd>
          </Fragment>
        ))}
        <dt>Total TVA</dt>
        <dd>{euros(figures.vatAmount)}</dd>
        <dt className={styles.totalRow}>Total TTC</dt>
        <dd className={styles.totalRow}>{euros(figures.totalWithVat)}</dd>
        {amountDue !== undefined && centsOf(amountDue) !== centsOf(figures.totalWithVat) && (
          <>
            <dt className={styles.totalRow}>Net à payer</dt>
            <dd className={styles.totalRow}>{euros(amountDue)}</dd>
          </>
        )}
      </dl>
      {reverseCharge && (
        <Typography.Paragraph type="secondary" className={styles.vatNote}>
          Autoliquidation : TVA due par le preneur (art. 283-2 nonies du CGI). Toutes les lignes sont à 0 %.
        </Typography.Paragraph>
      )}
      {franchise && !reverseCharge && (
        <Typography.Paragraph type="secondary" className={styles.vatNote}>
          TVA non applicable, art. 293 B du CGI. Toutes les lignes sont à 0 %.
        </Typography.Paragraph>
      )}
    </section>
  );
}
