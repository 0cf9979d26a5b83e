import { DEFAULT_COUNTRY } from '@btp/shared/entities/contact';
import type { z } from '@btp/shared/zod-fr';
import type { ReactNode } from 'react';

import { validateWith } from '../lib/zod-form';
import { CompanyContactFields } from './company-contact-fields';
import { NotesField, RecordForm, type RecordFormProps } from './record-form';

/** The fields of `CompanyContactFields`, in order. */
const contactFields = [
  'name',
  'contactPerson',
  'email',
  'phone',
  'address',
  'city',
  'postalCode',
  'country',
  'siret',
  'vatNumber',
] as const;

type Values = Record<string, unknown>;

interface CompanyFormProps<S extends z.ZodType> extends RecordFormProps<z.output<S>> {
  /** The shared schema of the record's creation, which validates the form. */
  schema: S;
  /** The record edited; a new one when absent. */
  initial?: Readonly<Values> | undefined;
  /** The record's own fields (`children`), shown between the contact fields and the notes. */
  extraFields?: readonly string[];
  /** Their values for a new record, or one without them. */
  defaults?: Readonly<Values>;
  /** The fields above the notes in place of `CompanyContactFields` (a client's: kind first, checked SIRET). */
  contact?: ReactNode;
  /** The values as the schema should read them (e.g. a private person's without a SIRET). */
  prepare?: (values: Values) => Values;
  children?: ReactNode;
}

/**
 * A company's form (a client, a supplier): the contact fields, the record's own, then the notes;
 * the country is France by default.
 */
export function CompanyForm<S extends z.ZodType>({
  schema,
  initial,
  extraFields = [],
  defaults = {},
  contact = <CompanyContactFields />,
  prepare = (values) => values,
  children,
  ...props
}: CompanyFormProps<S>) {
  const fields = [...contactFields, ...extraFields, 'notes'];
  const initialValues: Values = { name: '', country: DEFAULT_COUNTRY, ...defaults };
  for (const field of fields) {
    const value = initial?.[field];
    if (typeof value === 'string' || Array.isArray(value)) initialValues[field] = value;
  }

  return (
    <RecordForm<Values, z.output<S>>
      {...props}
      fields={fields}
      validate={(values) => validateWith(schema, prepare(values))}
      initialValues={initialValues}
    >
      {contact}
      {children}
      <NotesField minRows={3} />
    </RecordForm>
  );
}
