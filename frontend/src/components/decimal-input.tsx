import { InputNumber, type InputNumberProps } from 'antd';

/**
 * A decimal typed the French way (a comma), kept as the text typed (`stringMode`) so that the API's
 * decimal strings never go through a float; full width, with the phone's decimal keyboard.
 */
export function DecimalInput(props: InputNumberProps<string>) {
  return (
    <InputNumber<string>
      stringMode
      decimalSeparator=","
      inputMode="decimal"
      style={{ width: '100%' }}
      {...props}
    />
  );
}
