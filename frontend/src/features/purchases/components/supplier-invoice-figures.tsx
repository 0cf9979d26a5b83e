import type { SupplierInvoice, SupplierInvoiceAdjustment } from '@btp/shared/entities/supplier-invoice';
import { centsOf } from '@btp/shared/finance';
import { formatMoney } from '@btp/shared/money';
import type { VatBreakdownEntry } from '@btp/shared/vat';
import { Fragment } from 'react';

import { vatRateText } from '../../invoicing/components/invoice-lines';
import invoicingStyles from '../../invoicing/components/invoicing.module.css';

const currencyFormats = new Map<string, Intl.NumberFormat>();

/**
 * A money decimal of the API in the record's currency: "1 234,50 €" (euros unless an imported
 * e-invoice says another currency: "1 234,50 $US").
 */
export function amountText(value: string | undefined, currency = 'EUR'): string {
  let format = currencyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('fr-FR', { style: 'currency', currency });
    } catch {
      format = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
    }
    currencyFormats.set(currency, format);
  }
  // Intl receives the exact decimal text, never a float.
  return format.format(formatMoney(centsOf(value)) as `${number}`);
}

/** The figures a supplier invoice's totals show, as the API carries them. */
export interface SupplierFigureValues {
  vatDetailed?: boolean | undefined;
  netAmount?: string | undefined;
  vatBreakdown: readonly VatBreakdownEntry[];
  vatAmount?: string | undefined;
  totalAmount: string;
  allowances?: readonly SupplierInvoiceAdjustment[] | undefined;
  charges?: readonly SupplierInvoiceAdjustment[] | undefined;
  currency?: string | undefined;
  /** Shown when given: what credit notes take back, what remains to pay. */
  creditedAmount?: string | undefined;
  remainingAmount?: string | undefined;
}

/** Picks the figures of a record as the API answers it. */
export function figuresOf(invoice: SupplierInvoice): SupplierFigureValues {
  return {
    vatDetailed: invoice.vatDetailed,
    netAmount: invoice.netAmount,
    vatBreakdown: invoice.vatBreakdown,
    vatAmount: invoice.vatAmount,
    totalAmount: invoice.totalAmount,
    allowances: invoice.allowances,
    charges: invoice.charges,
    currency: invoice.currency,
  };
}

/**
 * Total HT, the document's allowances and charges (an imported e-invoice), the VAT per rate, the
 * total VAT and TTC; a record whose VAT is not detailed shows its TTC and says so, nothing made up.
 */
export function SupplierInvoiceFigures({ figures, label }: { figures: SupplierFigureValues; label: string }) {
  const money = (value: string | undefined) => amountText(value, figures.currency);
  const detailed = figures.vatDetailed !== false && figures.netAmount !== undefined;
  return (
    <section aria-label={label}>
      <dl className={invoicingStyles.totals}>
        {detailed ? (
          <>
            {(figures.allowances ?? []).map((entry, index) => (
              <Fragment key={`a${index}`}>
                <dt>{`Remise${entry.reason ? ` (${entry.reason})` : ''}, TVA ${vatRateText(entry.vatRate)}`}</dt>
                <dd>{`−${money(entry.amount)}`}</dd>
              </Fragment>
            ))}
            {(figures.charges ?? []).map((entry, index) => (
              <Fragment key={`c${index}`}>
                <dt>{`Frais${entry.reason ? ` (${entry.reason})` : ''}, TVA ${vatRateText(entry.vatRate)}`}</dt>
                <dd>{money(entry.amount)}</dd>
              </Fragment>
            ))}
            <dt>Total HT</dt>
            <dd>{money(figures.netAmount)}</dd>
            {figures.vatBreakdown.map((entry) => (
              <Fragment key={entry.rate}>
                <dt>{`TVA ${vatRateText(entry.rate)} sur ${money(entry.base)}`}</dt>
                <dd>{money(entry.amount)}</dd>
              </Fragment>
            ))}
            <dt>Total TVA</dt>
            <dd>{money(figures.vatAmount)}</dd>
          </>
        ) : (
          <>
            <dt>TVA</dt>
            <dd>TVA non détaillée</dd>
          </>
        )}
        <dt className={invoicingStyles.totalRow}>Total TTC</dt>
        <dd className={invoicingStyles.totalRow}>{money(figures.totalAmount)}</dd>
        {figures.creditedAmount !== undefined && centsOf(figures.creditedAmount) > 0 && (
          <>
            <dt>Avoirs déduits</dt>
            <dd>{`−${money(figures.creditedAmount)}`}</dd>
          </>
        )}
        {figures.remainingAmount !== undefined && (
          <>
            <dt className={invoicingStyles.totalRow}>Reste à payer</dt>
            <dd className={invoicingStyles.totalRow}>{money(figures.remainingAmount)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
