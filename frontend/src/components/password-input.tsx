import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Input, type InputProps } from 'antd';
import { useState } from 'react';

/**
 * A password field with a real show/hide button (a focusable button with a French name, unlike antd's
 * icon), sized for a finger. Takes every prop of an antd `Input`, so a `Form.Item` can drive it.
 */
export function PasswordInput(props: Omit<InputProps, 'type' | 'suffix'>) {
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <Button
          type="text"
          aria-label={visible ? 'Masquer le mot de passe' : 'Afficher le mot de passe'}
          aria-pressed={visible}
          icon={visible ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={() => setVisible((shown) => !shown)}
          // As tall as the field's inside, flush with its right edge: the field keeps its 44 px.
          style={{ width: 44, height: 42, margin: '-9px -11px -9px 0' }}
        />
      }
    />
  );
}
