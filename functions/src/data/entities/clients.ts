import type { Client } from '@btp/shared/entities/client';
import { entityRepository } from '../entity-repository.js';

/** Clients: `COMPANY#<c>` / `CLIENT#<id>`; the name is unique within the company. */
export const clients = entityRepository<Client>({
  type: 'CLIENT',
  notFoundMessage: 'Client introuvable.',
  unique: [{ field: 'NAME', value: (client) => client.name, message: 'Un client porte déjà ce nom.' }],
});
