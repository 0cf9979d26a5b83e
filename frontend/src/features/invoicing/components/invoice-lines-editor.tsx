import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { vatRateLabels, vatRates, type VatRate } from '@btp/shared/enums';
import { Button, Input, Select, Typography, type InputProps } from 'antd';
import { useId, type ReactNode } from 'react';

import { euros } from './invoice-figures';
import {
  emptyInvoiceLine,
  vatRateText,
  type InvoiceLineDraft,
  type InvoiceLineField,
  type InvoiceLineMessages,
} from './invoice-lines';
import styles from './invoicing.module.css';

/** The five French rates, as a line's 'TVA' offers them. */
export const vatRateOptions: { value: string; label: string }[] = vatRates.map((value) => ({
  value,
  label: vatRateLabels[value],
}));
const NO_VAT: VatRate = '0.00';

/** What the editor edits of a line: an invoice's, or another document's with fields of its own. */
export type EditedLine = Omit<InvoiceLineDraft, 'vatRate'> & { vatRate: string };

interface InvoiceLinesEditorProps<L extends EditedLine> {
  lines: L[];
  onChange: (lines: L[]) => void;
  /** Per line, shown once the person tried to save. */
  messages: InvoiceLineMessages[];
  /** The message of the list (no line), shown once the person tried to save. */
  listMessage: string | undefined;
  /** Per line, its HT total as typed so far (`null`: not readable yet). */
  lineTotals: (string | null)[];
  /** Reverse charge or the franchise: every line shows 0 %, its own rate kept for later. */
  noVat: boolean;
  /** The rate of a line added (the company's default). */
  defaultVatRate: VatRate;
  /** The section's title and accessible name (default 'Lignes de la facture'). */
  title?: string;
  /** The rates a line offers (default the French ones); a line's own rate is offered too. */
  rateOptions?: { value: string; label: string }[];
  /** A new line (default: an invoice line at `defaultVatRate`). */
  newLine?: () => L;
  /** More fields of a line, under its figures (a supplier line's resource type and project). */
  extraFields?: (line: L, update: (changes: Partial<L>) => void, id: (field: string) => string) => ReactNode;
}

/** The rates offered, with a line's own when it is none of them (a foreign supplier's 19 %). */
function withOwnRate(options: { value: string; label: string }[], rate: string) {
  return options.some((option) => option.value === rate)
    ? options
    : [...options, { value: rate, label: vatRateText(rate) }];
}

/**
 * The lines of an invoice (DOCUMENTS.md § 2): désignation, unité, quantité, prix unitaire HT (a
 * selling price) and TVA, each line's total HT following what is typed. On a phone each line's
 * fields stack in a card; nothing scrolls sideways.
 */
export function InvoiceLinesEditor<L extends EditedLine = InvoiceLineDraft>({
  lines,
  onChange,
  messages,
  listMessage,
  lineTotals,
  noVat,
  defaultVatRate,
  title = 'Lignes de la facture',
  rateOptions = vatRateOptions,
  newLine,
  extraFields,
}: InvoiceLinesEditorProps<L>) {
  const baseId = useId();
  const update = (index: number, changes: Partial<L>) =>
    onChange(lines.map((line, at) => (at === index ? { ...line, ...changes } : line)));

  return (
    <section aria-label={title} className={styles.linesSection}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {lines.length === 0 && (
        <Typography.Paragraph type="secondary">Aucune ligne pour le moment.</Typography.Paragraph>
      )}
      <ol className={styles.lines}>
        {lines.map((line, index) => {
          const number = index + 1;
          const id = (field: string) => `${baseId}-${field}-${line.key}`;
          const lineMessages = messages[index] ?? {};
          const total = lineTotals[index] ?? null;
          const field = (name: InvoiceLineField | 'unit', label: string, control: ReactNode) => {
            const message = name === 'unit' ? undefined : lineMessages[name];
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
          const invalid = (name: InvoiceLineField) =>
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
                onChange={(event) => update(index, { [name]: event.target.value } as Partial<L>)}
                {...props}
                {...(name === 'unit' ? {} : invalid(name))}
              />,
            );
          return (
            <li key={line.key} className={styles.line} aria-label={`Ligne ${number}`}>
              {text('description', 'Désignation', { maxLength: 2_000 })}
              {text('unit', 'Unité', { placeholder: 'm², h, u', maxLength: 2_000 })}
              {text('quantity', 'Quantité', { inputMode: 'decimal' })}
              {text('unitPrice', 'Prix unitaire HT', { inputMode: 'decimal', suffix: '€' })}
              {field(
                'vatRate',
                'TVA',
                <Select<string>
                  size="large"
                  id={id('vatRate')}
                  // Under reverse charge or the franchise the line is taxed at 0 %: that is what it
                  // shows, its own rate staying for when the invoice leaves reverse charge.
                  value={noVat ? NO_VAT : line.vatRate}
                  options={withOwnRate(rateOptions, line.vatRate)}
                  disabled={noVat}
                  onChange={(vatRate) => update(index, { vatRate } as Partial<L>)}
                  style={{ width: '100%' }}
                  {...invalid('vatRate')}
                />,
              )}
              <div className={styles.lineTotal}>
                <span className={styles.lineLabel}>Total HT</span>
                <strong>{total === null ? '—' : euros(total)}</strong>
              </div>
              {extraFields && (
                <div className={styles.lineExtra}>
                  {extraFields(line, (changes) => update(index, changes), id)}
                </div>
              )}
              <Button
                className={styles.lineRemove}
                danger
                type="text"
                icon={<DeleteOutlined aria-hidden />}
                aria-label={`Supprimer la ligne ${number}`}
                onClick={() => onChange(lines.filter((_, at) => at !== index))}
              />
            </li>
          );
        })}
      </ol>
      {listMessage !== undefined && (
        <div className={styles.lineError} role="alert" style={{ marginBottom: 8 }}>
          {listMessage}
        </div>
      )}
      <Button
        icon={<PlusOutlined aria-hidden />}
        size="large"
        block
        onClick={() => onChange([...lines, newLine ? newLine() : (emptyInvoiceLine(defaultVatRate) as L)])}
        style={{ marginBottom: 16 }}
      >
        Ajouter une ligne
      </Button>
    </section>
  );
}
