import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { resourceTypeLabels, resourceTypes, type ResourceType } from '@btp/shared/enums';
import { formatEuro } from '@btp/shared/money';
import { Button, Input, Select, Typography } from 'antd';
import { useId, type ReactNode } from 'react';

import styles from './quotes.module.css';
import { emptyLine, type LineDraft, type LineMessages, type LiveTotals } from './quote-lines';

const resourceTypeOptions = resourceTypes.map((value) => ({ value, label: resourceTypeLabels[value] }));

interface QuoteLinesEditorProps {
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  /** Per line, shown once the person tried to save. */
  messages: LineMessages[];
  totals: LiveTotals;
  overheadPercentage: string;
  marginPercentage: string;
  disabled: boolean;
}

function percentText(value: string): string {
  return `${value.replace('.', ',')} %`;
}

/**
 * Spec "Devis", issue 7: the lines of a quote (resource type, description, unit, quantity, unit price)
 * with the subtotal (déboursé sec), overhead, margin and total following what is typed.
 */
export function QuoteLinesEditor({
  lines,
  onChange,
  messages,
  totals,
  overheadPercentage,
  marginPercentage,
  disabled,
}: QuoteLinesEditorProps) {
  const baseId = useId();
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
          const lineCents = totals.lineCents[index];
          const field = (
            name: keyof LineMessages | 'description' | 'unit',
            label: string,
            control: ReactNode,
          ) => {
            const message = name in lineMessages ? lineMessages[name as keyof LineMessages] : undefined;
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
          const invalid = (name: keyof LineMessages) =>
            lineMessages[name] === undefined
              ? {}
              : { status: 'error' as const, 'aria-invalid': true, 'aria-describedby': id(`${name}-error`) };
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
              {field(
                'description',
                'Description',
                <Input
                  size="large"
                  id={id('description')}
                  value={line.description}
                  disabled={disabled}
                  onChange={(event) => update(index, { description: event.target.value })}
                />,
              )}
              {field(
                'unit',
                'Unité',
                <Input
                  size="large"
                  id={id('unit')}
                  value={line.unit}
                  placeholder="m², h, u"
                  disabled={disabled}
                  onChange={(event) => update(index, { unit: event.target.value })}
                />,
              )}
              {field(
                'quantity',
                'Quantité',
                <Input
                  size="large"
                  id={id('quantity')}
                  value={line.quantity}
                  inputMode="decimal"
                  disabled={disabled}
                  onChange={(event) => update(index, { quantity: event.target.value })}
                  {...invalid('quantity')}
                />,
              )}
              {field(
                'unitPrice',
                'Prix unitaire',
                <Input
                  size="large"
                  suffix="€"
                  id={id('unitPrice')}
                  value={line.unitPrice}
                  inputMode="decimal"
                  disabled={disabled}
                  onChange={(event) => update(index, { unitPrice: event.target.value })}
                  {...invalid('unitPrice')}
                />,
              )}
              <div className={styles.lineTotal}>
                <span className={styles.lineLabel}>Total ligne</span>
                <strong data-testid="line-total">
                  {lineCents === null || lineCents === undefined ? '—' : formatEuro(lineCents)}
                </strong>
              </div>
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
          onClick={() => onChange([...lines, emptyLine()])}
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
      </dl>
    </section>
  );
}
