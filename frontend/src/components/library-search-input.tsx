import type { LibraryKind, LibrarySearchItem } from '@btp/shared/entities/library';
import { resourceTypeLabels } from '@btp/shared/enums';
import { formatEuro, parseMoney } from '@btp/shared/money';
import { AutoComplete, Input, type InputProps, type InputRef } from 'antd';
import { forwardRef, useRef, useState, type KeyboardEvent } from 'react';

import { LIBRARY_SEARCH_MIN_LENGTH, useLibrarySearch } from '../api/library/search-library';
import { useDebounced } from '../lib/use-debounced';
import styles from './library-search-input.module.css';

/** How long typing pauses before the library is searched, in milliseconds. */
export const LIBRARY_SEARCH_DEBOUNCE_MS = 250;

/** The results the dropdown shows. */
const DROPDOWN_RESULTS = 8;

/**
 * The field under the results: while none is highlighted (free text stays what Enter keeps) the
 * select names `…_list_-1` as the active option, an id no element has (axe: aria-valid-attr-value);
 * it is left out then.
 */
const SearchField = forwardRef<InputRef, InputProps>(function SearchField(props, ref) {
  const active = props['aria-activedescendant'];
  return (
    <Input
      {...props}
      ref={ref}
      aria-activedescendant={active?.endsWith('_list_-1') === true ? undefined : active}
    />
  );
});

/** "1,48 € / u": a cost per unit as the library shows it. */
export function costPerUnit(unitCost: string, unit: string): string {
  return `${formatEuro(parseMoney(unitCost))} / ${unit}`;
}

/** One result's secondary line: its type, code or reference, family and cost. */
export function resultDetails(item: LibrarySearchItem): string {
  return [
    item.kind === 'ouvrage'
      ? 'Ouvrage'
      : item.resourceType
        ? resourceTypeLabels[item.resourceType]
        : 'Article',
    item.code ?? item.reference,
    item.family,
    costPerUnit(item.unitCost, item.unit),
  ]
    .filter((part) => part !== undefined && part !== '')
    .join(' · ');
}

/** The value of a result's option: never a text a person types. */
const optionValue = (item: LibrarySearchItem) => `\u0000${item.kind}:${item.id}`;

interface LibrarySearchInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  /** The text typed (a devis line's description, the words of a search). */
  value: string;
  onChange: (text: string) => void;
  /** A result chosen, by the mouse or by the arrows and Enter. */
  onPick: (item: LibrarySearchItem) => void;
  /** Articles only, or ouvrages only; both when absent. */
  kind?: LibraryKind | undefined;
}

/**
 * A text input that searches the library as one types (LIBRARY.md "From library to devis"): from
 * two characters, once typing pauses, the first results (designation, code, reference, family;
 * accents and case ignored, the server's search) drop down under it. The arrows move through them,
 * Enter takes one, Escape closes the list and leaves the text typed as it is. What is typed stays a
 * free text when no result is taken.
 */
export function LibrarySearchInput({
  value,
  onChange,
  onPick,
  kind,
  disabled,
  id,
  ...inputProps
}: LibrarySearchInputProps) {
  const [open, setOpen] = useState(false);
  const typed = useDebounced(value, LIBRARY_SEARCH_DEBOUNCE_MS);
  const search = useLibrarySearch({ q: open ? typed : '', kind, limit: DROPDOWN_RESULTS });
  const results = open && typed.trim().length >= LIBRARY_SEARCH_MIN_LENGTH ? (search.data ?? []) : [];
  // A result taken: its option value must not land in the text.
  const picking = useRef(false);

  const options = results.map((item) => ({
    value: optionValue(item),
    label: (
      <div className={styles.option}>
        <span className={styles.designation}>{item.designation}</span>
        <span className={styles.details}>{resultDetails(item)}</span>
      </div>
    ),
  }));

  return (
    <AutoComplete
      id={id}
      value={value}
      options={options}
      open={open && options.length > 0}
      disabled={disabled}
      popupMatchSelectWidth={false}
      style={{ width: '100%' }}
      classNames={{ popup: { root: styles.popup } }}
      onOpenChange={setOpen}
      onChange={(text: string) => {
        if (picking.current || text.startsWith('\u0000')) return;
        onChange(text);
        setOpen(true);
      }}
      onSelect={(selected: string) => {
        const item = results.find((result) => optionValue(result) === selected);
        if (item === undefined) return;
        picking.current = true;
        onPick(item);
        setOpen(false);
        queueMicrotask(() => {
          picking.current = false;
        });
      }}
    >
      <SearchField
        {...inputProps}
        id={id}
        autoComplete="off"
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          // Escape closes the results only, not the dialog around the field.
          if (event.key === 'Escape' && open && options.length > 0) {
            event.stopPropagation();
            setOpen(false);
          }
          inputProps.onKeyDown?.(event);
        }}
      />
    </AutoComplete>
  );
}
