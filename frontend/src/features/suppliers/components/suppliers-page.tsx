import { EnvironmentOutlined, MailOutlined, PhoneOutlined, UserOutlined } from '@ant-design/icons';
import { Card, Rate, Tag } from 'antd';
import { useState } from 'react';

import { useDeleteSupplier } from '../../../api/suppliers/delete-supplier';
import { useSuppliersPages, type SuppliersListItem } from '../../../api/suppliers/list-suppliers';
import { useConfirmDelete } from '../../../components/action-toasts';
import { PageBody, PageHeader, type PageTitles } from '../../../components/page-header';
import { ListToolbar, NoSearchResult, useListParams } from '../../../components/list-toolbar';
import { EmptyCard, QueryList } from '../../../components/query-list';
import { CreateButton, EditDeleteButtons } from '../../../components/record-buttons';
import { ratingStars, ratingText } from './specialties';
import { SupplierDialog } from './supplier-dialog';
import styles from './suppliers-page.module.css';

/** What the dialog shows: a new supplier, one being edited, or nothing. */
type DialogState = { supplier?: SuppliersListItem } | null;

/**
 * Spec section 2 "Fournisseurs": supplier cards in a grid, the 'Nouveau Fournisseur' dialog, and
 * from each card its edit dialog and its deletion after a confirmation.
 */
export function SuppliersPage(titles: PageTitles) {
  const listParams = useListParams('suppliers');
  const suppliers = useSuppliersPages(listParams);
  const [dialog, setDialog] = useState<DialogState>(null);

  const confirmDelete = useConfirmDelete<SuppliersListItem>(useDeleteSupplier(), {
    title: 'Supprimer le fournisseur',
    content: (supplier) =>
      `Voulez-vous vraiment supprimer le fournisseur « ${supplier.name} » ? Cette action est irréversible.`,
    success: 'Fournisseur supprimé avec succès',
    failure: 'Erreur lors de la suppression du fournisseur',
  });

  return (
    <>
      <PageHeader
        {...titles}
        action={<CreateButton onClick={() => setDialog({})}>Nouveau fournisseur</CreateButton>}
      />
      <PageBody>
        <ListToolbar entity="suppliers" label="les fournisseurs" />
        <QueryList
          query={suppliers}
          errorTitle="Erreur lors du chargement des fournisseurs"
          empty={
            listParams.q !== undefined ? (
              <NoSearchResult query={listParams.q} />
            ) : (
              <EmptyCard
                description={
                  <>
                    <strong style={{ display: 'block', fontSize: 16 }}>Aucun fournisseur</strong>
                    Commencez par ajouter votre premier fournisseur
                  </>
                }
              >
                <CreateButton onClick={() => setDialog({})}>Ajouter un fournisseur</CreateButton>
              </EmptyCard>
            )
          }
          label="Fournisseurs"
          className={styles.grid}
        >
          {(supplier) => (
            <SupplierCard
              supplier={supplier}
              onEdit={() => setDialog({ supplier })}
              onDelete={() => confirmDelete(supplier)}
            />
          )}
        </QueryList>
      </PageBody>
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
        <EditDeleteButtons name={name} onEdit={onEdit} onDelete={onDelete} />
      </div>
    </Card>
  );
}
