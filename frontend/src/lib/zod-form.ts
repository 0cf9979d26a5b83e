import type { z } from '@btp/shared/zod-fr';
import { Form } from 'antd';
import { useState } from 'react';

import { ApiError } from './api';

/** One message per field name: what the form shows under each field. */
export type FieldMessages = Partial<Record<string, string>>;

/** What a form's validation gives: the parsed payload when every field is right, else the messages. */
export type FormValidation<Output> =
  { data: Output; messages: FieldMessages } | { data: undefined; messages: FieldMessages };

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

/**
 * An antd form validated by a shared zod schema instead of antd rules: messages appear on submit,
 * then follow every change; a `validation_error` from the server lands on its fields.
 */
export function useZodForm<Values extends object, Output>(
  fields: readonly (keyof Values & string)[],
  validate: (values: Values) => FormValidation<Output>,
) {
  const [form] = Form.useForm<Values>();
  const [submitted, setSubmitted] = useState(false);

  const show = (messages: FieldMessages) => {
    form.setFields(
      fields.map((name) => {
        const message = messages[name];
        return { name, errors: message === undefined ? [] : [message] };
      }) as Parameters<typeof form.setFields>[0],
    );
  };

  return {
    form,
    /** For `onFinish`: validates, shows the messages, and calls `onValid` with the payload when right. */
    handleFinish: (onValid: (data: Output) => void) => (values: Values) => {
      setSubmitted(true);
      const validation = validate(values);
      show(validation.messages);
      if (validation.data !== undefined) onValid(validation.data);
    },
    /** For `onValuesChange`: after a first submit, messages follow what the person types. */
    handleValuesChange: (_changed: unknown, values: Values) => {
      if (submitted) show(validate(values).messages);
    },
    /**
     * After a first submit, validates the current values again with `check` (e.g. the rules of another
     * registration mode), so that the messages match what the screen now asks.
     */
    recheck: (check: (values: Values) => FormValidation<Output>) => {
      if (submitted) show(check(form.getFieldsValue()).messages);
    },
    /** Shows the per-field `details` of an API error on the form; true when any landed on a field. */
    showServerErrors: (error: unknown): boolean => {
      if (!(error instanceof ApiError) || error.details === undefined) return false;
      const messages = messagesByField(error.details);
      if (!fields.some((name) => messages[name] !== undefined)) return false;
      show(messages);
      return true;
    },
  };
}
