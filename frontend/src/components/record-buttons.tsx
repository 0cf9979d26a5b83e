import { PlusOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';

/** A screen's 'Nouveau …' button (or its empty state's 'Ajouter …'): primary, large, with a plus. */
export function CreateButton(props: Omit<ButtonProps, 'type' | 'size' | 'icon'>) {
  return <Button type="primary" size="large" icon={<PlusOutlined aria-hidden />} {...props} />;
}

interface EditDeleteButtonsProps {
  /** The record's name, which the buttons' accessible names carry ('Modifier Maison Durand'). */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** A record's 'Modifier' and 'Supprimer' buttons (the caller lays them out). */
export function EditDeleteButtons({ name, onEdit, onDelete }: EditDeleteButtonsProps) {
  return (
    <>
      <Button size="large" onClick={onEdit} aria-label={`Modifier ${name}`}>
        Modifier
      </Button>
      <Button size="large" danger onClick={onDelete} aria-label={`Supprimer ${name}`}>
        Supprimer
      </Button>
    </>
  );
}
