import { Form } from 'antd';
import { useState } from 'react';

import { INVALID_DATE_MESSAGE, InvalidDate } from '../components/date-field';
import { ApiError } from './api';
import { messagesByField, type FieldMessages, type FormValidation } from './zod-validation';

export { messagesByField, validateWith, type FieldMessages, type FormValidation } from './zod-validation';

/**
 * An antd form validated by a shared zod schema instead of antd rules: messages appear on submit,
 * then follow every change; a `validation_error` from the server lands on its fields.
 */
export function useZodForm<Values extends object, Output>(
  fields: readonly (keyof Values & string)[],
  validateValues: (values: Values) => FormValidation<Output>,
) {
  const [form] = Form.useForm<Values>();
  const [submitted, setSubmitted] = useState(false);
  const validate = (values: Values) => refuseInvalidDates(fields, values, validateValues);

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
      if (submitted) show(refuseInvalidDates(fields, form.getFieldsValue(), check).messages);
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

/**
 * A date field holding a text that is not a day (`InvalidDate`, see `DateField`): the form's own
 * checks read the field as empty, and the field says "Date invalide (JJ/MM/AAAA)"; nothing is sent.
 */
function refuseInvalidDates<Values extends object, Output>(
  fields: readonly (keyof Values & string)[],
  values: Values,
  validate: (values: Values) => FormValidation<Output>,
): FormValidation<Output> {
  const invalid = fields.filter((name) => values[name] instanceof InvalidDate);
  if (invalid.length === 0) return validate(values);
  const blanked: Record<string, unknown> = { ...(values as Record<string, unknown>) };
  for (const name of invalid) blanked[name] = (values[name] as InvalidDate).blank;
  const messages: FieldMessages = { ...validate(blanked as Values).messages };
  for (const name of invalid) messages[name] = INVALID_DATE_MESSAGE;
  return { data: undefined, messages };
}
