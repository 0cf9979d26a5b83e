import 'dayjs/locale/fr';

import { DatePicker, type DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useRef, type ChangeEvent } from 'react';

dayjs.extend(customParseFormat);
// The calendars in French (month and day names, weeks from Monday): set with the date pickers, the
// only screens parts that need dayjs, rather than by the first screen (issue 18).
dayjs.locale('fr');

/** How every date of the product is shown and typed: 22/12/2026. */
export const DATE_DISPLAY_FORMAT = 'DD/MM/YYYY';
/** The message of a typed text that is not a day. */
export const INVALID_DATE_MESSAGE = 'Date invalide (JJ/MM/AAAA)';

const ISO_FORMAT = 'YYYY-MM-DD';
/** What a person may type: 22/12/2026, 2/3/2026, 22-12-2026, 22.12.2026. */
const TYPED_FORMATS = ['DD/MM/YYYY', 'D/M/YYYY', 'DD-MM-YYYY', 'D-M-YYYY', 'DD.MM.YYYY', 'D.M.YYYY'];

/**
 * A typed text that is not a day, held as the field's value so that the form refuses it with
 * `INVALID_DATE_MESSAGE` (see `useZodForm`) instead of silently keeping the previous date.
 */
export class InvalidDate {
  constructor(
    readonly text: string,
    /** The field's empty value (null, or '' for an ISO field), which the form's own checks read. */
    readonly blank: Dayjs | string | null,
  ) {}
}

/** A typed text as a day: null when blank, an `InvalidDate` when it is not a day in JJ/MM/AAAA. */
export function parseTypedDate(text: string): Dayjs | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const day = dayjs(trimmed, TYPED_FORMATS, true);
  return day.isValid() ? day : 'invalid';
}

export type DateFieldValue = Dayjs | string | null | InvalidDate;

export type DateFieldProps = Omit<DatePickerProps, 'value' | 'onChange' | 'format' | 'picker'> & {
  /** A dayjs value, or with `iso` a "2026-12-22" string ('' when empty). */
  value?: DateFieldValue | undefined;
  onChange?: (value: DateFieldValue) => void;
  /** The value is a "2026-12-22" string ('' when empty), as the API sends it, instead of a dayjs. */
  iso?: boolean;
};

function pickerValue(value: DateFieldValue | undefined): Dayjs | null {
  if (value === undefined || value === null || value instanceof InvalidDate) return null;
  if (typeof value === 'string') {
    const day = dayjs(value, ISO_FORMAT, true);
    return day.isValid() ? day : null;
  }
  return value;
}

/**
 * The date field of every form: antd's date picker in French (JJ/MM/AAAA). A date typed then left
 * (a click on "Enregistrer", Tab) is kept as it is, without Enter; a text that is not a day becomes
 * an `InvalidDate`, which the form refuses with a message.
 *
 * What was typed is tracked from the input's own change events, not read back from the input when
 * the field is left: antd shows a hovered calendar day in the input, so the displayed text may be a
 * day the pointer merely rests on. A day picked (click, Enter, clear) ends the typing.
 */
export function DateField({ value, onChange, iso = false, onBlur, style, ...rest }: DateFieldProps) {
  const current = pickerValue(value);
  /** The text the person typed since the last day picked or committed; null when none. */
  const typed = useRef<string | null>(null);
  const emit = (day: Dayjs | null) => {
    if (iso) onChange?.(day === null ? '' : day.format(ISO_FORMAT));
    else onChange?.(day);
  };

  const rememberTyped = (event: ChangeEvent<HTMLElement>) => {
    if (event.target instanceof HTMLInputElement) typed.current = event.target.value;
  };

  const commitTyped = (shown: string) => {
    const text = typed.current;
    typed.current = null;
    if (text === null) {
      // antd empties its input when a text that is not a day is left: an invalid date the person
      // no longer sees (and cannot delete, the input being empty already) is dropped.
      if (value instanceof InvalidDate && shown.trim() === '') onChange?.(iso ? '' : null);
      return;
    }
    const day = parseTypedDate(text);
    if (day === 'invalid') {
      onChange?.(new InvalidDate(text.trim(), iso ? '' : null));
      return;
    }
    if (day === null) {
      if (current !== null || value instanceof InvalidDate) emit(null);
      return;
    }
    if (current === null || !day.isSame(current, 'day')) emit(day);
  };

  return (
    // The input's change events bubble (React) to this wrapper, which takes no room of its own.
    <span style={{ display: 'contents' }} onChange={rememberTyped}>
      <DatePicker
        {...rest}
        format={DATE_DISPLAY_FORMAT}
        placeholder={rest.placeholder ?? 'JJ/MM/AAAA'}
        style={{ width: '100%', ...style }}
        value={current}
        onChange={(day) => {
          typed.current = null;
          emit(Array.isArray(day) ? (day[0] ?? null) : day);
        }}
        onBlur={(event, info) => {
          commitTyped(event.target instanceof HTMLInputElement ? event.target.value : '');
          onBlur?.(event, info);
        }}
      />
    </span>
  );
}
