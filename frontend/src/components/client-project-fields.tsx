import type { EntityRef } from '@btp/shared/record';
import { Col, Form, Select } from 'antd';

import { useClientsList } from '../api/clients/list-clients';
import { useProjectsList } from '../api/projects/list-projects';
import { matches, useRecordOptions } from './record-options';

/** The project select's value for "no project" (the form's; the schemas read it as absent). */
export const NO_PROJECT = 'none';

interface ClientFieldProps {
  /**
   * The client the record names, shown by its name even when it is no longer in the list (a
   * deleted client), rather than as an id.
   */
  current?: { id: string; client?: EntityRef | undefined } | undefined;
}

const nameOption = (record: { id: string; name: string }) => ({ value: record.id, label: record.name });

/**
 * 'Client' (required): a searchable select of the company's clients, half width on a desktop; what
 * is typed is also searched on the server, so a client past the first 1,000 is found.
 */
export function ClientField({ current }: ClientFieldProps) {
  const form = Form.useFormInstance();
  const value = Form.useWatch('clientId', form) as string | undefined;
  const clients = useClientsList();
  const search = useRecordOptions(useClientsList, nameOption, value);
  const options = search.options;
  if (current?.client && !options.some((option) => option.value === current.id)) {
    options.push({ value: current.id, label: current.client.name });
  }
  return (
    <Col xs={24} md={12}>
      <Form.Item name="clientId" label="Client" required>
        <Select
          showSearch={search.searchProps}
          onOpenChange={search.onOpenChange}
          onSelect={search.onSelect}
          placeholder="Choisir un client"
          loading={search.loading}
          options={options}
          notFoundContent={
            clients.isPending ? 'Chargement...' : "Aucun client : ajoutez-en un dans l'écran Clients"
          }
        />
      </Form.Item>
    </Col>
  );
}

/**
 * 'Projet': a searchable select of the company's projects, 'Aucun projet' first, half width on a
 * desktop; what is typed is also searched on the server (a project past the first 1,000).
 */
export function ProjectField() {
  const form = Form.useFormInstance();
  const value = Form.useWatch('projectId', form) as string | undefined;
  const search = useRecordOptions(useProjectsList, nameOption, value);
  const none = { value: NO_PROJECT, label: 'Aucun projet' };
  const options = [...(matches(none.label, search.typed) ? [none] : []), ...search.options];
  return (
    <Col xs={24} md={12}>
      <Form.Item name="projectId" label="Projet">
        <Select
          showSearch={search.searchProps}
          onOpenChange={search.onOpenChange}
          onSelect={search.onSelect}
          options={options}
          loading={search.loading}
        />
      </Form.Item>
    </Col>
  );
}
