import { theme } from 'antd';
import type { ReactNode } from 'react';

interface PlainFormItemProps {
  /** The id of the control the label names. */
  htmlFor: string;
  label: string;
  /** The field's message, shown under it and read as the control's description. */
  message: string | undefined;
  children: ReactNode;
}

/** The id of a field's message, for the control's `aria-describedby`. */
export function messageId(fieldId: string): string {
  return `${fieldId}-message`;
}

/**
 * A vertical form item drawn like antd's `Form.Item` (label above, red message below) without antd's
 * Form, whose field store, rule engine and tooltips the sign-in screen has no use for: its two fields
 * are validated by the shared zod schema. The control gets `aria-invalid` and `aria-describedby`.
 */
export function PlainFormItem({ htmlFor, label, message, children }: PlainFormItemProps) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: message === undefined ? token.marginLG : 0 }}>
      <label
        htmlFor={htmlFor}
        style={{ display: 'block', paddingBottom: token.paddingXS, color: token.colorTextHeading }}
      >
        {label}
      </label>
      {children}
      {message !== undefined && (
        <div
          id={messageId(htmlFor)}
          role="alert"
          style={{ minHeight: token.marginLG, color: token.colorError, paddingBottom: token.paddingXXS }}
        >
          {message}
        </div>
      )}
    </div>
  );
}
