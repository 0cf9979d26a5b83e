import { DeleteOutlined } from '@ant-design/icons';
import type { LibraryKind, LibrarySearchItem } from '@btp/shared/entities/library';
import { resourceTypeLabels, type ResourceType } from '@btp/shared/enums';
import { componentCostCents } from '@btp/shared/library-costs';
import {
  formatEuro,
  MONEY_SCALE,
  PERCENT_SCALE,
  QUANTITY_SCALE,
  sumCents,
  tryParseDecimal,
} from '@btp/shared/money';
import { Button, Input } from 'antd';
import { useId, useState } from 'react';

import { LibrarySearchInput } from './library-search-input';
import styles from './sous-detail-editor.module.css';

/**
 * One component of a sous-détail (LIBRARY.md): an article (or an ouvrage) of the library with its
 * quantity per unit, its loss rate and its unit cost, as typed. In an ouvrage of the library the
 * unit cost is the library's (read-only); in a devis line it is the snapshot's (editable).
 */
export interface ComponentDraft {
  key: string;
  articleId?: string | undefined;
  ouvrageId?: string | undefined;
  reference?: string | undefined;
  designation: string;
  unit: string;
  resourceType?: ResourceType | undefined;
  /** Per unit of what it is a component of, as typed ("0,85"). */
  quantity: string;
  /** Chute, %, as typed ("5"); empty for none. */
  lossRate: string;
  /** HT, as typed or as the library gives it ("38,75", "38.75"). */
  unitCost: string;
}

let lastKey = 0;
function nextKey(): string {
  lastKey += 1;
  return `component-${lastKey}`;
}

/** A component for a result of the library: its cost today, the quantity left to type. */
export function componentFromSearch(item: LibrarySearchItem): ComponentDraft {
  return {
    key: nextKey(),
    ...(item.kind === 'ouvrage' ? { ouvrageId: item.id } : { articleId: item.id }),
    reference: item.code ?? item.reference,
    designation: item.designation,
    unit: item.unit,
    resourceType: item.resourceType,
    quantity: '',
    lossRate: '',
    unitCost: item.unitCost,
  };
}

/** A component with a fresh key (a copy of another's, say). */
export function withNewKey<T extends object>(component: T): T & { key: string } {
  return { ...component, key: nextKey() };
}

/** "38,75 € / h": a component's unit cost as the library gives it. */
function unitCostText(component: Pick<ComponentDraft, 'unitCost' | 'unit'>): string {
  const cents = units(component.unitCost, MONEY_SCALE, 0);
  return cents === null ? '—' : `${formatEuro(cents)} / ${component.unit}`;
}

function units(value: string, scale: number, minimum: number): number | null {
  const parsed = tryParseDecimal(value.trim() === '' && scale === PERCENT_SCALE ? '0' : value, scale);
  return parsed.ok && parsed.units >= minimum ? parsed.units : null;
}

/**
 * A component's cost per unit in cents by the shared rule (`library-costs.ts`, the server's):
 * round(quantity × (1 + loss %) × unit cost); `null` while a figure cannot be read.
 */
export function componentCents(
  component: Pick<ComponentDraft, 'quantity' | 'lossRate' | 'unitCost'>,
): number | null {
  const quantity = units(component.quantity, QUANTITY_SCALE, 1);
  const loss = units(component.lossRate, PERCENT_SCALE, 0);
  const cost = units(component.unitCost, MONEY_SCALE, 0);
  if (quantity === null || loss === null || cost === null || loss > 100 * 10 ** PERCENT_SCALE) return null;
  try {
    return componentCostCents(quantity, loss, cost);
  } catch {
    return null;
  }
}

/** The déboursé sec unitaire of components in cents (Σ of their costs), `null` while one cannot be read. */
export function debourseCents(
  components: readonly Pick<ComponentDraft, 'quantity' | 'lossRate' | 'unitCost'>[],
): number | null {
  const costs = components.map(componentCents);
  if (costs.some((cost) => cost === null)) return null;
  try {
    return sumCents(costs as number[]);
  } catch {
    return null;
  }
}

interface SousDetailEditorProps {
  components: ComponentDraft[];
  onChange: (components: ComponentDraft[]) => void;
  /** "par m²": what the quantities are per. */
  perUnit: string;
  /** The devis's snapshot: its unit costs may change; the library's ouvrage: they are the library's. */
  costEditable: boolean;
  /** What a component may be: an article only, or both kinds. */
  addKind?: LibraryKind | undefined;
  addLabel: string;
  /** The server's or the form's message per component (by index). */
  messages?: Partial<Record<number, string>>;
  disabled?: boolean;
}

/**
 * The components of an ouvrage or of a devis line (the sous-détail): per component its quantity per
 * unit, loss rate and unit cost, its cost computed as one types, and the déboursé sec unitaire
 * under them; « Ajouter … » searches the library as one types. Cards on a phone, a grid on a
 * desktop; each field labelled with its component's name.
 */
export function SousDetailEditor({
  components,
  onChange,
  perUnit,
  costEditable,
  addKind,
  addLabel,
  messages = {},
  disabled = false,
}: SousDetailEditorProps) {
  const baseId = useId();
  const [search, setSearch] = useState('');
  const update = (index: number, changes: Partial<ComponentDraft>) =>
    onChange(components.map((component, at) => (at === index ? { ...component, ...changes } : component)));
  const total = debourseCents(components);
  const id = (key: string, field: string) => `${baseId}-${field}-${key}`;

  return (
    <div className={styles.editor}>
      {components.length === 0 && <p className={styles.empty}>Aucun composant pour le moment.</p>}
      <ol className={styles.components} aria-label="Composants">
        {components.map((component, index) => {
          const name = `${index + 1}. ${component.designation}`;
          const cost = componentCents(component);
          const message = messages[index];
          return (
            <li key={component.key} className={styles.component} aria-label={`Composant ${name}`}>
              <div className={styles.name}>
                <span className={styles.designation}>{name}</span>
                <span className={styles.meta}>
                  {[
                    component.ouvrageId
                      ? 'Ouvrage'
                      : component.resourceType
                        ? resourceTypeLabels[component.resourceType]
                        : undefined,
                    component.reference,
                    component.unit,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </div>
              <div className={styles.field}>
                <label htmlFor={id(component.key, 'quantity')}>Quantité {perUnit}</label>
                <Input
                  id={id(component.key, 'quantity')}
                  size="large"
                  inputMode="decimal"
                  value={component.quantity}
                  disabled={disabled}
                  suffix={component.unit}
                  aria-describedby={message === undefined ? undefined : id(component.key, 'error')}
                  aria-invalid={message === undefined ? undefined : true}
                  status={message === undefined ? undefined : 'error'}
                  onChange={(event) => update(index, { quantity: event.target.value })}
                />
              </div>
              <div className={styles.field}>
                <label htmlFor={id(component.key, 'loss')}>Perte (%)</label>
                <Input
                  id={id(component.key, 'loss')}
                  size="large"
                  inputMode="decimal"
                  value={component.lossRate}
                  placeholder="0"
                  disabled={disabled}
                  onChange={(event) => update(index, { lossRate: event.target.value })}
                />
              </div>
              {costEditable ? (
                <div className={styles.field}>
                  <label htmlFor={id(component.key, 'cost')}>Coût unitaire</label>
                  <Input
                    id={id(component.key, 'cost')}
                    size="large"
                    inputMode="decimal"
                    value={component.unitCost.replace('.', ',')}
                    suffix="€"
                    disabled={disabled}
                    onChange={(event) => update(index, { unitCost: event.target.value })}
                  />
                </div>
              ) : (
                // The library's cost today: it changes in the library, not here.
                <div className={`${styles.field} ${styles.fixedCost}`}>
                  <span className={styles.costLabel}>Coût unitaire</span>
                  <span>{unitCostText(component)}</span>
                </div>
              )}
              <div className={styles.cost}>
                <span className={styles.costLabel}>Coût</span>
                <span>{cost === null ? '—' : formatEuro(cost)}</span>
              </div>
              {!disabled && (
                <Button
                  className={styles.remove}
                  danger
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={`Retirer le composant ${name}`}
                  onClick={() => onChange(components.filter((_, at) => at !== index))}
                />
              )}
              {message !== undefined && (
                <div className={styles.error} id={id(component.key, 'error')} role="alert">
                  {message}
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {!disabled && (
        <div className={styles.add}>
          <label htmlFor={`${baseId}-add`}>{addLabel}</label>
          <LibrarySearchInput
            id={`${baseId}-add`}
            size="large"
            kind={addKind}
            placeholder={
              addKind === 'article' ? 'Rechercher un article…' : 'Rechercher un article ou un ouvrage…'
            }
            value={search}
            onChange={setSearch}
            onPick={(item) => {
              const added = componentFromSearch(item);
              onChange([...components, added]);
              setSearch('');
              // The quantity is what comes next: typed at once, without reaching for it.
              setTimeout(() => document.getElementById(id(added.key, 'quantity'))?.focus(), 0);
            }}
          />
        </div>
      )}
      <p className={styles.total} aria-live="polite">
        <span>Déboursé sec unitaire</span>
        <strong>{total === null ? '—' : `${formatEuro(total)} ${perUnit}`}</strong>
      </p>
    </div>
  );
}
