import { Form } from 'antd';
import { useState } from 'react';

import { ApiError } from './api';
import { messagesByField, type FieldMessages, type FormValidation } from './zod-validation';

export { messagesByField, validateWith, type FieldMessages, type FormValidation } from './zod-validation';

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
