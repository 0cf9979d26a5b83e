import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  BookOutlined,
  DeleteOutlined,
  HolderOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { LibrarySearchItem, Ouvrage } from '@btp/shared/entities/library';
import {
  resourceTypeLabels,
  resourceTypes,
  vatRateLabels,
  vatRates,
  type ResourceType,
  type VatRate,
} from '@btp/shared/enums';
import { formatEuro } from '@btp/shared/money';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Select, Typography, type InputProps } from 'antd';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type Dispatch,
  type DragEvent,
  type ReactNode,
  type SetStateAction,
} from 'react';

import { getOuvrageQueryOptions } from '../../../api/library/get-ouvrage';
import { LibrarySearchInput } from '../../../components/library-search-input';
import { SousDetailEditor } from '../../../components/sous-detail-editor';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { OuvrageDialog } from '../../library/components/ouvrage-dialog';
import { LibraryDrawer } from './library-drawer';
import { QuoteAnalysisPanel } from './quote-analysis';
import styles from './quotes.module.css';
import editorStyles from './quote-editor.module.css';
import { lineFromPick, withComponents, withOuvrageComponents } from './quote-library';
import {
  emptyLine,
  vatRateText,
  type LineDraft,
  type LineField,
  type LiveTotals,
  type RowDraft,
} from './quote-lines';
import {
  emptyHeading,
  isHeading,
  moveRow,
  rowPlaces,
  sectionSubtotals,
  type HeadingDraft,
} from './quote-rows';

const resourceTypeOptions = resourceTypes.map((value) => ({ value, label: resourceTypeLabels[value] }));
const vatRateOptions = vatRates.map((value) => ({ value, label: vatRateLabels[value] }));
const NO_VAT: VatRate = '0.00';

interface QuoteLinesEditorProps {
  /** The devis's rows: its lines and its lots' headings, in order. */
  lines: RowDraft[];
  /** A state setter: the ouvrage's components, read after its line is taken, update the rows as they are then. */
  onChange: Dispatch<SetStateAction<RowDraft[]>>;
  /** Per row, shown once the person tried to save. */
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
  /** More buttons of the lines' toolbar (« Actualiser les prix »). */
  actions?: ReactNode;
}

function percentText(value: string): string {
  return `${value.replace('.', ',')} %`;
}

function cents(value: number | undefined): string {
  return value === undefined ? '—' : formatEuro(value);
}

/** Which button of which row gets the focus back after a move (the row moved away under it). */
interface PendingFocus {
  key: string;
  button: 'up' | 'down';
}

/**
 * Spec "Devis", issues 7, 13 and 28: the rows of a quote — lots and sub-lots (headings numbered 1,
 * 1.1 with their subtotal HT) and lines (resource type, description, unit, quantity, unit cost, VAT
 * rate) numbered inside their lot — with, following what is typed, each line's cost and selling
 * prices, then the déboursé sec, overhead, margin, total HT, VAT per rate and total TTC, as the
 * server will compute them (`pricing.ts`), and the analysis panel.
 *
 * The library: typing a line's description searches it (arrows, Enter, Escape), the « Bibliothèque »
 * panel inserts from it; a line made from an ouvrage keeps its components, which open and change
 * here (its cost follows) and « Enregistrer dans la bibliothèque » makes a new ouvrage of. Rows move
 * by dragging them or with their up/down buttons (keyboards, phones). On a phone each line's fields
 * stack, nothing scrolls sideways.
 */
export function QuoteLinesEditor({
  lines: rows,
  onChange,
  messages,
  totals,
  overheadPercentage,
  marginPercentage,
  reverseCharge,
  franchise,
  defaultVatRate,
  disabled,
  actions,
}: QuoteLinesEditorProps) {
  const baseId = useId();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const noVat = reverseCharge || franchise;
  const places = rowPlaces(rows);
  const subtotals = sectionSubtotals(rows, totals.lines);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [dragging, setDragging] = useState<number | undefined>();
  const pendingFocus = useRef<PendingFocus | undefined>(undefined);
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const [saving, setSaving] = useState<LineDraft | undefined>();
  const hasLot = rows.some(isHeading);
  const rowId = (key: string, part: string) => `${baseId}-${part}-${key}`;

  // After a move, the button pressed again under the focus (the row it belongs to moved away).
  useEffect(() => {
    const pending = pendingFocus.current;
    if (pending === undefined) return;
    pendingFocus.current = undefined;
    const other = pending.button === 'up' ? 'down' : 'up';
    const wanted = document.getElementById(`${baseId}-${pending.button}-${pending.key}`);
    const target =
      wanted instanceof HTMLButtonElement && !wanted.disabled
        ? wanted
        : document.getElementById(`${baseId}-${other}-${pending.key}`);
    target?.focus();
  });

  const replace = (key: string, change: (line: LineDraft) => LineDraft, from: readonly RowDraft[] = rows) =>
    from.map((row) => (row.key === key && !isHeading(row) ? change(row) : row));
  const update = (index: number, changes: Partial<LineDraft> | Partial<HeadingDraft>) =>
    onChange(rows.map((row, at) => (at === index ? ({ ...row, ...changes } as RowDraft) : row)));
  const move = (index: number, to: number, button?: 'up' | 'down') => {
    const key = rows[index]?.key;
    onChange(moveRow(rows, index, to));
    if (key !== undefined && button !== undefined) pendingFocus.current = { key, button };
  };

  /** A result of the library taken for the line `key`; an ouvrage's components follow once read. */
  const pick = (key: string, item: LibrarySearchItem, from: RowDraft[] = rows) => {
    onChange(replace(key, (line) => lineFromPick(line, item), from));
    if (item.kind !== 'ouvrage') return;
    void queryClient
      .fetchQuery(getOuvrageQueryOptions(item.id))
      .then((ouvrage: Ouvrage) =>
        // The rows as they are by then; the line still made from that ouvrage (not taken again since).
        onChange((current) =>
          replace(
            key,
            (line) => (line.ouvrageId === item.id ? withOuvrageComponents(line, ouvrage) : line),
            current,
          ),
        ),
      )
      .catch((error: unknown) =>
        toast({
          variant: 'destructive',
          title: 'Erreur',
          description: serverMessage(error) ?? "Le sous-détail de l'ouvrage n'a pas pu être lu.",
          error,
        }),
      );
  };

  const insertFromPanel = (item: LibrarySearchItem): string => {
    const line = emptyLine(defaultVatRate);
    const next = [...rows, line];
    pick(line.key, item, next);
    const number = rowPlaces(next).at(-1)?.number ?? '';
    return `ligne ${number}`;
  };

  const addHeading = (level: 1 | 2) => {
    const heading = emptyHeading(level);
    onChange([...rows, heading]);
    setTimeout(() => document.getElementById(rowId(heading.key, 'title'))?.focus(), 0);
  };

  const toggle = (key: string) =>
    setOpened((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const dragProps = (index: number) =>
    disabled
      ? {}
      : {
          onDragOver: (event: DragEvent) => {
            if (dragging === undefined) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
          },
          onDrop: (event: DragEvent) => {
            event.preventDefault();
            if (dragging !== undefined) move(dragging, index);
            setDragging(undefined);
          },
        };

  const handle = (index: number, name: string) =>
    disabled ? null : (
      <span
        className={editorStyles.handle}
        draggable
        aria-hidden="true"
        title={`Glisser pour déplacer ${name}`}
        onDragStart={(event) => {
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', String(index));
          setDragging(index);
        }}
        onDragEnd={() => setDragging(undefined)}
      >
        <HolderOutlined />
      </span>
    );

  const moveButtons = (index: number, key: string, name: string) =>
    disabled ? null : (
      <span className={editorStyles.moveButtons}>
        <Button
          id={rowId(key, 'up')}
          type="text"
          className={editorStyles.iconButton}
          icon={<ArrowUpOutlined />}
          aria-label={`Monter ${name}`}
          disabled={index === 0}
          onClick={() => move(index, index - 1, 'up')}
        />
        <Button
          id={rowId(key, 'down')}
          type="text"
          className={editorStyles.iconButton}
          icon={<ArrowDownOutlined />}
          aria-label={`Descendre ${name}`}
          disabled={index === rows.length - 1}
          onClick={() => move(index, index + 1, 'down')}
        />
      </span>
    );

  return (
    <section aria-label="Lignes du devis" className={styles.linesSection}>
      <div className={editorStyles.linesHeader}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          Lignes du devis
        </Typography.Title>
        <div className={editorStyles.linesActions}>
          {actions}
          {!disabled && (
            <Button size="large" icon={<BookOutlined />} onClick={() => setDrawerOpen(true)}>
              Bibliothèque
            </Button>
          )}
        </div>
      </div>
      {rows.length === 0 && (
        <Typography.Paragraph type="secondary">Aucune ligne pour le moment.</Typography.Paragraph>
      )}
      <ol className={styles.lines}>
        {rows.map((row, index) => {
          const place = places[index];
          const number = place?.number ?? `${index + 1}`;
          const rowMessages = messages[index] ?? {};
          const dropTarget = dragging !== undefined && dragging !== index ? editorStyles.dropTarget : '';

          if (isHeading(row)) {
            const lot = place?.level === 2 ? 'le sous-lot' : 'le lot';
            const name = `${lot} ${number}`;
            const titleMessage = rowMessages.title;
            return (
              <li
                key={row.key}
                className={`${editorStyles.heading} ${place?.level === 2 ? editorStyles.subHeading : ''} ${dropTarget}`}
                aria-label={`${place?.level === 2 ? 'Sous-lot' : 'Lot'} ${number}`}
                {...dragProps(index)}
              >
                <div className={editorStyles.rowBar}>
                  {handle(index, name)}
                  <span className={editorStyles.number}>{number}</span>
                  {moveButtons(index, row.key, name)}
                </div>
                <div className={editorStyles.headingTitle}>
                  <label htmlFor={rowId(row.key, 'title')} className={styles.lineLabel}>
                    Titre du {place?.level === 2 ? 'sous-lot' : 'lot'} {number}
                  </label>
                  <Input
                    id={rowId(row.key, 'title')}
                    size="large"
                    value={row.title}
                    disabled={disabled}
                    placeholder={place?.level === 2 ? 'Fondations' : 'Maçonnerie'}
                    onChange={(event) => update(index, { title: event.target.value })}
                    {...(titleMessage === undefined
                      ? {}
                      : {
                          status: 'error' as const,
                          'aria-invalid': true,
                          'aria-describedby': rowId(row.key, 'title-error'),
                        })}
                  />
                  {titleMessage !== undefined && (
                    <div className={styles.lineError} id={rowId(row.key, 'title-error')} role="alert">
                      {titleMessage}
                    </div>
                  )}
                </div>
                <p className={editorStyles.subtotal}>
                  <span>Sous-total HT</span> <strong>{cents(subtotals[index])}</strong>
                </p>
                {!disabled && (
                  <Button
                    className={editorStyles.headingRemove}
                    danger
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={`Supprimer ${name}`}
                    onClick={() => onChange(rows.filter((_, at) => at !== index))}
                  />
                )}
              </li>
            );
          }

          const line = row;
          const id = (field: string) => rowId(line.key, field);
          const figures = totals.lines[index] ?? undefined;
          const name = `la ligne ${number}`;
          const hasComponents = (line.components?.length ?? 0) > 0;
          const componentsOpen = opened.has(line.key);
          const field = (
            fieldName: LineField | 'description' | 'unit',
            label: string,
            control: ReactNode,
          ) => {
            const message = fieldName in rowMessages ? rowMessages[fieldName as LineField] : undefined;
            return (
              <div className={`${styles.lineField} ${styles[`field-${fieldName}`] ?? ''}`}>
                <label htmlFor={id(fieldName)} className={styles.lineLabel}>
                  {label}
                </label>
                {control}
                {message !== undefined && (
                  <div className={styles.lineError} id={id(`${fieldName}-error`)} role="alert">
                    {message}
                  </div>
                )}
              </div>
            );
          };
          const invalid = (fieldName: LineField) =>
            rowMessages[fieldName] === undefined
              ? {}
              : {
                  status: 'error' as const,
                  'aria-invalid': true,
                  'aria-describedby': id(`${fieldName}-error`),
                };
          const text = (
            fieldName: 'unit' | 'quantity' | 'unitPrice',
            label: string,
            props: InputProps = {},
          ) =>
            field(
              fieldName,
              label,
              <Input
                size="large"
                id={id(fieldName)}
                value={line[fieldName]}
                disabled={disabled}
                onChange={(event) => update(index, { [fieldName]: event.target.value })}
                {...props}
                {...(fieldName === 'quantity' || fieldName === 'unitPrice' ? invalid(fieldName) : {})}
              />,
            );
          return (
            <li
              key={line.key}
              className={`${styles.line} ${editorStyles.line} ${dropTarget}`}
              aria-label={`Ligne ${number}`}
              {...dragProps(index)}
            >
              <div className={`${editorStyles.rowBar} ${editorStyles.lineBar}`}>
                {handle(index, name)}
                <span className={editorStyles.number}>{number}</span>
                {moveButtons(index, line.key, name)}
              </div>
              {field(
                'description',
                'Description',
                disabled ? (
                  <Input size="large" id={id('description')} value={line.description} disabled />
                ) : (
                  <LibrarySearchInput
                    size="large"
                    id={id('description')}
                    value={line.description}
                    placeholder="Texte libre, ou chercher dans la bibliothèque"
                    onChange={(description) => update(index, { description })}
                    onPick={(item) => pick(line.key, item)}
                  />
                ),
              )}
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
              {text('unit', 'Unité', { placeholder: 'm², h, u' })}
              {text('quantity', 'Quantité', { inputMode: 'decimal' })}
              {text('unitPrice', 'Prix unitaire (déboursé)', {
                inputMode: 'decimal',
                suffix: '€',
                // A line made from an ouvrage costs its components' déboursé: it changes with them.
                readOnly: hasComponents,
                title: hasComponents ? 'Calculé depuis le sous-détail' : undefined,
              })}
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
              {(hasComponents || (!disabled && line.description.trim() !== '')) && (
                <div className={editorStyles.components}>
                  <Button
                    size="large"
                    type="link"
                    className={editorStyles.componentsToggle}
                    aria-expanded={componentsOpen}
                    aria-controls={id('components')}
                    onClick={() => toggle(line.key)}
                  >
                    {hasComponents
                      ? `Sous-détail de la ligne ${number} (${line.components?.length ?? 0} composant${(line.components?.length ?? 0) > 1 ? 's' : ''})`
                      : `Sous-détail de la ligne ${number}`}
                  </Button>
                  {rowMessages.components !== undefined && (
                    <div className={styles.lineError} role="alert">
                      {rowMessages.components}
                    </div>
                  )}
                  {componentsOpen && (
                    <div id={id('components')} className={editorStyles.componentsPanel}>
                      <SousDetailEditor
                        components={line.components ?? []}
                        onChange={(components) =>
                          onChange(replace(line.key, (current) => withComponents(current, components)))
                        }
                        perUnit={line.unit.trim() === '' ? 'par unité' : `par ${line.unit.trim()}`}
                        costEditable
                        addLabel={`Ajouter un article à la ligne ${number}`}
                        disabled={disabled}
                      />
                      {!disabled && hasComponents && (
                        <Button
                          size="large"
                          onClick={() => setSaving(line)}
                          className={editorStyles.saveToLibrary}
                        >
                          Enregistrer dans la bibliothèque
                        </Button>
                      )}
                    </div>
                  )}
                </div>
              )}
              {!disabled && (
                <Button
                  className={styles.lineRemove}
                  danger
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={`Supprimer la ligne ${number}`}
                  onClick={() => onChange(rows.filter((_, at) => at !== index))}
                />
              )}
            </li>
          );
        })}
      </ol>
      {!disabled && (
        <div className={editorStyles.addButtons}>
          <Button
            icon={<PlusOutlined />}
            size="large"
            onClick={() => onChange([...rows, emptyLine(defaultVatRate)])}
          >
            Ajouter une ligne
          </Button>
          <Button icon={<PlusOutlined />} size="large" onClick={() => addHeading(1)}>
            Ajouter un lot
          </Button>
          <Button icon={<PlusOutlined />} size="large" disabled={!hasLot} onClick={() => addHeading(2)}>
            Ajouter un sous-lot
          </Button>
        </div>
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
      <QuoteAnalysisPanel rows={rows} totals={totals} />
      {!disabled && (
        <LibraryDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} onInsert={insertFromPanel} />
      )}
      {saving !== undefined && (
        <OuvrageDialog
          copyOf={{
            designation: saving.description,
            unit: saving.unit,
            components: (saving.components ?? []).map((component) => ({
              kind: component.ouvrageId ? ('ouvrage' as const) : ('article' as const),
              articleId: component.articleId,
              ouvrageId: component.ouvrageId,
              quantity: component.quantity.replace(',', '.'),
              lossRate: component.lossRate.trim() === '' ? undefined : component.lossRate.replace(',', '.'),
              designation: component.designation,
              unit: component.unit,
              resourceType: component.resourceType ?? 'other',
              reference: component.reference,
              unitCost: component.unitCost.replace(',', '.'),
              cost: '0.00',
            })),
          }}
          onSaved={(ouvrage) =>
            onChange((current) =>
              replace(
                saving.key,
                (line) => ({ ...line, ouvrageId: ouvrage.id, articleId: undefined }),
                current,
              ),
            )
          }
          onClose={() => setSaving(undefined)}
        />
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
