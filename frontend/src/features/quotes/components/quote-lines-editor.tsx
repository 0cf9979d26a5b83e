import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  resourceTypeLabels,
  resourceTypes,
  vatRateLabels,
  vatRates,
  type ResourceType,
  type VatRate,
} from '@btp/shared/enums';
import { formatEuro } from '@btp/shared/money';
import { Button, Input, Select, Typography, type InputProps } from 'antd';
import { useId, type ReactNode } from 'react';

import styles from './quotes.module.css';
import { emptyLine, vatRateText, type LineDraft, type LineField, type LiveTotals } from './quote-lines';

const resourceTypeOptions = resourceTypes.map((value) => ({ value, label: resourceTypeLabels[value] }));
const vatRateOptions = vatRates.map((value) => ({ value, label: vatRateLabels[value] }));
const NO_VAT: VatRate = '0.00';

interface QuoteLinesEditorProps {
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  /** Per line, shown once the person tried to save. */
  messages: Partial<Record<LineField, string>>[];
  totals: LiveTotals;
  overheadPercentage: string;
  marginPercentage: string;
  /** Reverse charge: every line shows 0 % and the totals say why. */
  reverseCharge: boolean;
  /** The company is under the franchise: every line at 0 % too. */
  franchise: boolean;
  /** The rate of a line added. */
  defaultVatRate: VatRate;
  disabled: boolean;
}

function percentText(value: string): string {
  return `${value.replace('.', ',')} %`;
}

function cents(value: number | undefined): string {
  return value === undefined ? '—' : formatEuro(value);
}

/**
 * Spec "Devis", issues 7 and 13: the lines of a quote (resource type, description, unit, quantity,
 * unit cost, VAT rate) with, following what is typed, each line's cost and selling prices, then the
 * déboursé sec, overhead, margin, total HT, VAT per rate and total TTC, as the server will compute
 * them (`pricing.ts`). On a phone each line's fields stack, nothing scrolls sideways.
 */
export function QuoteLinesEditor({
  lines,
  onChange,
  messages,
  totals,
  overheadPercentage,
  marginPercentage,
  reverseCharge,
  franchise,
  defaultVatRate,
  disabled,
}: QuoteLinesEditorProps) {
  const baseId = useId();
  const noVat = reverseCharge || franchise;
  const update = (index: number, changes: Partial<LineDraft>) =>
    onChange(lines.map((line, at) => (at === index ? { ...line, ...changes } : line)));

  return (
    <section aria-label="Lignes du devis" className={styles.linesSection}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Lignes du devis
      </Typography.Title>
      {lines.length === 0 && (
        <Typography.Paragraph type="secondary">Aucune ligne pour le moment.</Typography.Paragraph>
      )}
      <ol className={styles.lines}>
        {lines.map((line, index) => {
          const number = index + 1;
          const id = (field: string) => `${baseId}-${field}-${line.key}`;
          const lineMessages = messages[index] ?? {};
          const figures = totals.lines[index] ?? undefined;
          const field = (name: LineField | 'description' | 'unit', label: string, control: ReactNode) => {
            const message = name in lineMessages ? lineMessages[name as LineField] : undefined;
            return (
              <div className={`${styles.lineField} ${styles[`field-${name}`] ?? ''}`}>
                <label htmlFor={id(name)} className={styles.lineLabel}>
                  {label}
                </label>
                {control}
                {message !== undefined && (
                  <div className={styles.lineError} id={id(`${name}-error`)} role="alert">
                    {message}
                  </div>
                )}
              </div>
            );
          };
          const invalid = (name: LineField) =>
            lineMessages[name] === undefined
              ? {}
              : { status: 'error' as const, 'aria-invalid': true, 'aria-describedby': id(`${name}-error`) };
          const text = (
            name: 'description' | 'unit' | 'quantity' | 'unitPrice',
            label: string,
            props: InputProps = {},
          ) =>
            field(
              name,
              label,
              <Input
                size="large"
                id={id(name)}
                value={line[name]}
                disabled={disabled}
                onChange={(event) => update(index, { [name]: event.target.value })}
                {...props}
                {...(name === 'quantity' || name === 'unitPrice' ? invalid(name) : {})}
              />,
            );
          return (
            <li key={line.key} className={styles.line} aria-label={`Ligne ${number}`}>
              {field(
                'resourceType',
                'Type de ressource',
                <Select<ResourceType>
                  size="large"
                  id={id('resourceType')}
                  value={line.resourceType}
                  options={resourceTypeOptions}
                  placeholder="Choisir"
                  disabled={disabled}
                  onChange={(resourceType) => update(index, { resourceType })}
                  style={{ width: '100%' }}
                  {...invalid('resourceType')}
                />,
              )}
              {text('description', 'Description')}
              {text('unit', 'Unité', { placeholder: 'm², h, u' })}
              {text('quantity', 'Quantité', { inputMode: 'decimal' })}
              {text('unitPrice', 'Prix unitaire (déboursé)', { inputMode: 'decimal', suffix: '€' })}
              {field(
                'vatRate',
                'TVA',
                <Select<VatRate>
                  size="large"
                  id={id('vatRate')}
                  // Under reverse charge or the franchise the line is taxed at 0 %: that is what it
                  // shows, its own rate staying for when the quote leaves reverse charge.
                  value={noVat ? NO_VAT : line.vatRate}
                  options={vatRateOptions}
                  disabled={disabled || noVat}
                  onChange={(vatRate) => update(index, { vatRate })}
                  style={{ width: '100%' }}
                  {...invalid('vatRate')}
                />,
              )}
              <dl className={styles.lineFigures} aria-label={`Montants de la ligne ${number}`}>
                <div>
                  <dt>Déboursé</dt>
                  <dd>{cents(figures?.costTotalCents)}</dd>
                </div>
                <div>
                  <dt>Prix de vente unitaire HT</dt>
                  <dd>{cents(figures?.saleUnitPriceCents)}</dd>
                </div>
                <div>
                  <dt>Total vente HT</dt>
                  <dd className={styles.lineSale}>{cents(figures?.saleTotalCents)}</dd>
                </div>
              </dl>
              {!disabled && (
                <Button
                  className={styles.lineRemove}
                  danger
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={`Supprimer la ligne ${number}`}
                  onClick={() => onChange(lines.filter((_, at) => at !== index))}
                />
              )}
            </li>
          );
        })}
      </ol>
      {!disabled && (
        <Button
          icon={<PlusOutlined />}
          size="large"
          block
          onClick={() => onChange([...lines, emptyLine(defaultVatRate)])}
          style={{ marginBottom: 16 }}
        >
          Ajouter une ligne
        </Button>
      )}
      <dl className={styles.totals} aria-label="Totaux du devis">
        <dt>Déboursé sec</dt>
        <dd>{formatEuro(totals.subtotalCents)}</dd>
        <dt>Frais généraux ({percentText(overheadPercentage)})</dt>
        <dd>{formatEuro(totals.overheadCents)}</dd>
        <dt>Marge ({percentText(marginPercentage)})</dt>
        <dd>{formatEuro(totals.marginCents)}</dd>
        <dt className={styles.totalRow}>Total HT</dt>
        <dd className={styles.totalRow}>{formatEuro(totals.totalCents)}</dd>
        {totals.vatBreakdown.map((entry) => (
          <VatRow
            key={entry.rateHundredths}
            rateHundredths={entry.rateHundredths}
            baseCents={entry.baseCents}
          >
            {formatEuro(entry.amountCents)}
          </VatRow>
        ))}
        {totals.vatBreakdown.length === 0 && <VatRow>{formatEuro(0)}</VatRow>}
        <dt className={styles.totalRow}>Total TTC</dt>
        <dd className={styles.totalRow}>{formatEuro(totals.totalWithVatCents)}</dd>
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

/** "TVA 20 % sur 1 234,50 €" and its amount; "TVA" alone while no line is priced. */
function VatRow({
  rateHundredths,
  baseCents,
  children,
}: {
  rateHundredths?: number;
  baseCents?: number;
  children: ReactNode;
}) {
  return (
    <>
      <dt>
        {rateHundredths === undefined || baseCents === undefined
          ? 'TVA'
          : `TVA ${vatRateText(rateHundredths)} sur ${formatEuro(baseCents)}`}
      </dt>
      <dd>{children}</dd>
    </>
  );
}
