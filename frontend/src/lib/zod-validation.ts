/**
 * Form validation with the shared zod schemas, without antd: `zod-form.ts` builds antd forms on it, and
 * the sign-in screen uses it alone (its plain form keeps antd's Form out of the first screen).
 */
import type { z } from '@btp/shared/zod-fr';

/** One message per field name: what the form shows under each field. */
export type FieldMessages = Partial<Record<string, string>>;

/** What a form's validation gives: the parsed payload when every field is right, else the messages. */
interface FormChecked<Data> {
  data: Data;
  messages: FieldMessages;
}
export type FormValidation<Output> = FormChecked<Output> | FormChecked<undefined>;

interface Issue {
  readonly path: readonly PropertyKey[] | string;
  readonly message: string;
}

/**
 * The first message per top-level field of zod issues or of the API's `details` (whose `path` is
 * dotted text: "items.2.quantity" belongs to the field `items`).
 */
export function messagesByField(issues: readonly Issue[]): FieldMessages {
  const messages: FieldMessages = {};
  for (const { path, message } of issues) {
    const field = typeof path === 'string' ? (path.split('.')[0] ?? '') : String(path[0] ?? '');
    messages[field] ??= message;
  }
  return messages;
}

/**
 * Parses form values with a shared zod schema. `extra` adds the screen's own rules (e.g. the company
 * field of the chosen registration mode); the schema's message wins on a field that has both.
 */
export function validateWith<S extends z.ZodType>(
  schema: S,
  values: unknown,
  extra: FieldMessages = {},
): FormValidation<z.output<S>> {
  const result = schema.safeParse(values);
  const messages: FieldMessages = {
    ...extra,
    ...(result.success ? {} : messagesByField(result.error.issues)),
  };
  const valid = result.success && Object.values(messages).every((message) => message === undefined);
  return valid ? { data: result.data, messages } : { data: undefined, messages };
}
