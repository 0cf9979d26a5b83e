import { workerCreateInput, type Worker, type WorkerCreateData } from '@btp/shared/entities/worker';
import { formatEuro, parseMoney } from '@btp/shared/money';
import { Card, Col, Form, Input, Select, Switch, Tag } from 'antd';
import { useState } from 'react';

import { useCompanyUsers } from '../../../api/company/list-company-users';
import { useCreateWorker, useDeleteWorker, useUpdateWorker } from '../../../api/job-costing/workers';
import { useActionToasts, useConfirmDelete } from '../../../components/action-toasts';
import { DecimalInput } from '../../../components/decimal-input';
import { FormDialog } from '../../../components/form-dialog';
import { EmptyCard } from '../../../components/query-list';
import { CreateButton, EditDeleteButtons } from '../../../components/record-buttons';
import { RecordForm } from '../../../components/record-form';
import { validateWith } from '../../../lib/zod-form';
import cards from '../../../components/record-cards.module.css';

const fields = ['name', 'trade', 'hourlyCost', 'userId', 'isActive', 'teamLead'] as const;

interface WorkerFormValues {
  name?: string;
  trade?: string;
  hourlyCost?: string | null;
  userId?: string | null;
  isActive?: boolean;
  teamLead?: boolean;
}

const validateWorker = (values: WorkerFormValues) =>
  validateWith(workerCreateInput, { ...values, userId: values.userId ?? undefined });

function WorkerDialog({ worker, onClose }: { worker?: Worker | undefined; onClose: () => void }) {
  const create = useCreateWorker();
  const update = useUpdateWorker();
  const users = useCompanyUsers();
  const notify = useActionToasts();
  const save = async (data: WorkerCreateData) => {
    if (worker) {
      await notify(
        () => update.mutateAsync({ id: worker.id, worker: { ...data, version: worker.version } }),
        {
          success: 'Salarié mis à jour',
          failure: 'Erreur lors de la mise à jour du salarié',
        },
      );
    } else {
      await notify(() => create.mutateAsync(data), {
        success: 'Salarié ajouté',
        failure: "Erreur lors de l'ajout du salarié",
      });
    }
    onClose();
  };
  return (
    <FormDialog title={worker ? 'Modifier le salarié' : 'Nouveau salarié'} onClose={onClose}>
      <RecordForm<WorkerFormValues, WorkerCreateData>
        fields={fields}
        validate={validateWorker}
        initialValues={
          worker
            ? { ...worker, userId: worker.userId ?? null }
            : { isActive: true, teamLead: false, userId: null }
        }
        submitLabel={worker ? 'Enregistrer' : 'Ajouter le salarié'}
        busyLabel="Enregistrement..."
        busy={create.isPending || update.isPending}
        onCancel={onClose}
        onSubmit={save}
      >
        <Col xs={24} md={12}>
          <Form.Item name="name" label="Nom" required>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="trade" label="Métier">
            <Input placeholder="Maçon, plaquiste…" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="hourlyCost"
            label="Coût horaire chargé (€ HT)"
            required
            extra="Salaire et charges par heure : il valorise les heures pointées."
          >
            <DecimalInput min="0" step="0.01" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="userId" label="Utilisateur lié" extra="Il pourra pointer ses propres heures.">
            <Select
              allowClear
              placeholder="Aucun"
              loading={users.isPending}
              options={(users.data ?? []).map((user) => ({
                value: user.id,
                label: `${user.firstName} ${user.lastName}`,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item name="isActive" label="Actif" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item
            name="teamLead"
            label="Chef d'équipe"
            valuePropName="checked"
            tooltip="Un utilisateur lié chef d'équipe pointe les heures de toute l'équipe."
          >
            <Switch />
          </Form.Item>
        </Col>
      </RecordForm>
    </FormDialog>
  );
}

/** « Équipe »: the workers with their trade and loaded hourly cost; the administrator edits them. */
export function TeamList({ workers, admin }: { workers: Worker[]; admin: boolean }) {
  const [dialog, setDialog] = useState<{ worker?: Worker } | null>(null);
  const remove = useDeleteWorker();
  const confirmDelete = useConfirmDelete<Worker>(remove, {
    title: 'Supprimer ce salarié ?',
    content: (worker) => `${worker.name} sera retiré de l'équipe.`,
    success: 'Salarié supprimé',
    failure: 'Erreur lors de la suppression du salarié',
  });
  const sorted = [...workers].sort(
    (a, b) => Number(b.isActive) - Number(a.isActive) || a.name.localeCompare(b.name, 'fr'),
  );
  return (
    <>
      {admin && <CreateButton onClick={() => setDialog({})}>Nouveau salarié</CreateButton>}
      {sorted.length === 0 ? (
        <EmptyCard
          description={
            admin
              ? "Aucun salarié : ajoutez l'équipe pour pointer ses heures."
              : "Aucun salarié : l'administrateur de l'entreprise ajoute l'équipe."
          }
        />
      ) : (
        <ul className={cards.cards} aria-label="Équipe" style={{ marginTop: 16 }}>
          {sorted.map((worker) => (
            <li key={worker.id}>
              <Card className={cards.card}>
                <div className={cards.cardHead}>
                  <h3 className={cards.cardTitle}>
                    {worker.name}
                    {worker.trade && <span className={cards.secondary}>{worker.trade}</span>}
                  </h3>
                  <span>
                    {!worker.isActive && <Tag>Inactif</Tag>}
                    {worker.teamLead && <Tag color="blue">Chef d'équipe</Tag>}
                  </span>
                </div>
                <dl className={cards.facts}>
                  <dt>Coût horaire</dt>
                  <dd>{formatEuro(parseMoney(worker.hourlyCost))}</dd>
                  {worker.user && (
                    <>
                      <dt>Utilisateur</dt>
                      <dd>{worker.user.name}</dd>
                    </>
                  )}
                </dl>
                {admin && (
                  <div className={cards.actions}>
                    <EditDeleteButtons
                      name={worker.name}
                      onEdit={() => setDialog({ worker })}
                      onDelete={() => confirmDelete(worker)}
                    />
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {dialog && <WorkerDialog worker={dialog.worker} onClose={() => setDialog(null)} />}
    </>
  );
}
