import { Button, Input, Space, Tag } from 'antd';
import { useState } from 'react';

import { addSpecialty } from './specialties';

interface SpecialtiesInputProps {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
}

/**
 * Spec section 2: a tag input; 'Ajouter' or the Enter key adds the typed specialty (blank entries
 * and repeats ignored), each tag can be removed.
 */
export function SpecialtiesInput({ id, value = [], onChange }: SpecialtiesInputProps) {
  const [draft, setDraft] = useState('');

  const add = () => {
    const next = addSpecialty(value, draft);
    if (next.length !== value.length) onChange?.(next);
    setDraft('');
  };

  return (
    <div>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          value={draft}
          placeholder="Ex. : Maçonnerie"
          onChange={(event) => setDraft(event.target.value)}
          onPressEnter={(event) => {
            // Enter adds the tag; it must not submit the supplier form.
            event.preventDefault();
            add();
          }}
        />
        <Button onClick={add}>Ajouter</Button>
      </Space.Compact>
      {value.length > 0 && (
        <ul
          aria-label="Spécialités choisies"
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 8,
            margin: '12px 0 0',
            padding: 0,
            listStyle: 'none',
          }}
        >
          {value.map((specialty) => (
            <li key={specialty}>
              <Tag
                color="blue"
                closable={{ 'aria-label': `Retirer ${specialty}` }}
                onClose={(event) => {
                  event.preventDefault();
                  onChange?.(value.filter((entry) => entry !== specialty));
                }}
                style={{ margin: 0, padding: '4px 8px', fontSize: 14 }}
              >
                {specialty}
              </Tag>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
