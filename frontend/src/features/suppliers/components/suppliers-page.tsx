import {
  EnvironmentOutlined,
  MailOutlined,
  PhoneOutlined,
  PlusOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Rate, Spin, Tag } from 'antd';
import { useState } from 'react';

import { useDeleteSupplier } from '../../../api/suppliers/delete-supplier';
import { useSuppliersList, type SuppliersListItem } from '../../../api/suppliers/list-suppliers';
import { PageBody, PageHeader } from '../../../components/page-header';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { ratingStars, ratingText } from './specialties';
import { SupplierDialog } from './supplier-dialog';
import styles from './suppliers-page.module.css';

interface SuppliersPageProps {
  title: string;
  subtitle: string;
}

/** What the dialog shows: a new supplier, one being edited, or nothing. */
type DialogState = { supplier?: SuppliersListItem } | null;

/**
 * Spec section 2 "Fournisseurs": supplier cards in a grid, the 'Nouveau Fournisseur' dialog, and
 * from each card its edit dialog and its deletion after a confirmation.
 */
export function SuppliersPage({ title, subtitle }: SuppliersPageProps) {
  const suppliers = useSuppliersList();
  const remove = useDeleteSupplier();
  const { toast } = useToast();
  const { modal } = App.useApp();
  const [dialog, setDialog] = useState<DialogState>(null);

  const confirmDelete = (supplier: SuppliersListItem) => {
    modal.confirm({
      title: 'Supprimer le fournisseur',
      content: `Voulez-vous vraiment supprimer le fournisseur « ${supplier.name} » ? Cette action est irréversible.`,
      okText: 'Supprimer',
      cancelText: 'Annuler',
      okButtonProps: { danger: true, size: 'large' },
      cancelButtonProps: { size: 'large' },
      onOk: async () => {
        try {
          await remove.mutateAsync(supplier.id);
          toast({ title: 'Succès', description: 'Fournisseur supprimé avec succès' });
        } catch (error) {
          toast({
            variant: 'destructive',
            title: 'Erreur',
            description: serverMessage(error) ?? 'Erreur lors de la suppression du fournisseur',
          });
        }
      },
    });
  };

  let content;
  if (suppliers.isPending) {
    content = (
      <div className={styles.centered}>
        <Spin />
        <div>Chargement...</div>
      </div>
    );
  } else if (suppliers.isError) {
    content = (
      <Alert
        type="error"
        showIcon
        title="Erreur lors du chargement des fournisseurs"
        description={serverMessage(suppliers.error)}
        action={
          <Button onClick={() => void suppliers.refetch()} loading={suppliers.isFetching}>
            Réessayer
          </Button>
        }
      />
    );
  } else if (suppliers.data.length === 0) {
    content = (
      <Card>
        <Empty
          description={
            <>
              <strong style={{ display: 'block', fontSize: 16 }}>Aucun fournisseur</strong>
              Commencez par ajouter votre premier fournisseur
            </>
          }
        >
          <Button
            type="primary"
            size="large"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setDialog({})}
          >
            Ajouter un fournisseur
          </Button>
        </Empty>
      </Card>
    );
  } else {
    content = (
      <ul className={styles.grid} aria-label="Fournisseurs">
        {suppliers.data.map((supplier) => (
          <li key={supplier.id}>
            <SupplierCard
              supplier={supplier}
              onEdit={() => setDialog({ supplier })}
              onDelete={() => confirmDelete(supplier)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        action={
          <Button
            type="primary"
            size="large"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setDialog({})}
          >
            Nouveau fournisseur
          </Button>
        }
      />
      <PageBody>{content}</PageBody>
      {dialog !== null && (
        <SupplierDialog
          key={dialog.supplier?.id ?? 'new'}
          supplier={dialog.supplier}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

interface SupplierCardProps {
  supplier: SuppliersListItem;
  onEdit: () => void;
  onDelete: () => void;
}

function SupplierCard({ supplier, onEdit, onDelete }: SupplierCardProps) {
  const { name, email, phone, city, contactPerson, specialties, rating } = supplier;
  return (
    <Card className={styles.card} styles={{ body: { padding: 16 } }}>
      <div className={styles.cardHead}>
        <h2 className={styles.name}>{name}</h2>
        <Tag color="geekblue" style={{ marginInlineEnd: 0 }}>
          Fournisseur
        </Tag>
      </div>
      <ul className={styles.facts}>
        {email !== undefined && (
          <li>
            <MailOutlined aria-label="E-mail" />
            <a href={`mailto:${email}`}>{email}</a>
          </li>
        )}
        {phone !== undefined && (
          <li>
            <PhoneOutlined aria-label="Téléphone" />
            <a href={`tel:${phone.replace(/\s/g, '')}`}>{phone}</a>
          </li>
        )}
        {city !== undefined && (
          <li>
            <EnvironmentOutlined aria-label="Ville" />
            <span>{city}</span>
          </li>
        )}
        {contactPerson !== undefined && (
          <li>
            <UserOutlined aria-label="Contact" />
            <span>{contactPerson}</span>
          </li>
        )}
      </ul>
      {specialties.length > 0 && (
        <div className={styles.tags} aria-label="Spécialités">
          {specialties.map((specialty) => (
            <Tag key={specialty} style={{ margin: 0 }}>
              {specialty}
            </Tag>
          ))}
        </div>
      )}
      {rating !== undefined && (
        <div className={styles.rating}>
          <Rate disabled allowHalf value={ratingStars(rating)} aria-hidden style={{ fontSize: 16 }} />
          <span aria-label={`Note : ${ratingText(rating)}`}>{ratingText(rating)}</span>
        </div>
      )}
      <div className={styles.actions}>
        <Button size="large" onClick={onEdit} aria-label={`Modifier ${name}`}>
          Modifier
        </Button>
        <Button size="large" danger onClick={onDelete} aria-label={`Supprimer ${name}`}>
          Supprimer
        </Button>
      </div>
    </Card>
  );
}
