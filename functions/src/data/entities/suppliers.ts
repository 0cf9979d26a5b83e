import type { Supplier } from '@btp/shared/entities/supplier';
import { entityRepository } from '../entity-repository.js';

/** Suppliers and subcontractors: `COMPANY#<c>` / `SUPPLIER#<id>`; the name is unique within the company. */
export const suppliers = entityRepository<Supplier>({
  type: 'SUPPLIER',
  notFoundMessage: 'Fournisseur introuvable.',
  unique: [
    { field: 'NAME', value: (supplier) => supplier.name, message: 'Un fournisseur porte déjà ce nom.' },
  ],
});
