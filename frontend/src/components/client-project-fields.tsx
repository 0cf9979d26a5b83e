import type { EntityRef } from '@btp/shared/record';
import { Col, Form, Select } from 'antd';

import { useClientsList } from '../api/clients/list-clients';
import { useProjectsList } from '../api/projects/list-projects';

/** The project select's value for "no project" (the form's; the schemas read it as absent). */
export const NO_PROJECT = 'none';

interface ClientFieldProps {
  /**
   * The client the record names, shown by its name even when it is no longer in the list (a
   * deleted client), rather than as an id.
   */
  current?: { id: string; client?: EntityRef | undefined } | undefined;
}

/** 'Client' (required): a searchable select of the company's clients, half width on a desktop. */
export function ClientField({ current }: ClientFieldProps) {
  const clients = useClientsList();
  const options = (clients.data ?? []).map((client) => ({ value: client.id, label: client.name }));
  if (current?.client && !options.some((option) => option.value === current.id)) {
    options.push({ value: current.id, label: current.client.name });
  }
  return (
    <Col xs={24} md={12}>
      <Form.Item name="clientId" label="Client" required>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Choisir un client"
          loading={clients.isPending}
          options={options}
          notFoundContent={
            clients.isPending ? 'Chargement...' : "Aucun client : ajoutez-en un dans l'écran Clients"
          }
        />
      </Form.Item>
    </Col>
  );
}

/** 'Projet': a searchable select of the company's projects, 'Aucun projet' first, half width on a desktop. */
export function ProjectField() {
  const projects = useProjectsList();
  const options = [
    { value: NO_PROJECT, label: 'Aucun projet' },
    ...(projects.data ?? []).map((project) => ({ value: project.id, label: project.name })),
  ];
  return (
    <Col xs={24} md={12}>
      <Form.Item name="projectId" label="Projet">
        <Select showSearch={{ optionFilterProp: 'label' }} options={options} loading={projects.isPending} />
      </Form.Item>
    </Col>
  );
}
