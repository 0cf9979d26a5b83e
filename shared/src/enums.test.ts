import { describe, expect, it } from 'vitest';
import {
  invoiceStatusLabels,
  labelOf,
  projectStatusLabels,
  quoteStatusLabels,
  roleLabel,
  supplierQuoteStatusLabels,
} from './enums.js';

describe('French labels', () => {
  it('label project statuses as the spec does, with Inconnu for anything else', () => {
    expect(labelOf(projectStatusLabels, 'in_progress')).toBe('En cours');
    expect(labelOf(projectStatusLabels, 'archived')).toBe('Inconnu');
    expect(labelOf(projectStatusLabels, undefined)).toBe('Inconnu');
  });

  it('label a validated supplier quote Reçu and a validated quote Validé', () => {
    expect(quoteStatusLabels.validated).toBe('Validé');
    expect(supplierQuoteStatusLabels.validated).toBe('Reçu');
    expect(supplierQuoteStatusLabels.draft).toBe('Brouillon');
  });

  it('label invoices in the feminine', () => {
    expect(invoiceStatusLabels.sent).toBe('Envoyée');
    expect(invoiceStatusLabels.paid).toBe('Payée');
  });

  it('fall back to Utilisateur for an unknown role', () => {
    expect(roleLabel('company_admin')).toBe('Administrateur');
    expect(roleLabel('owner')).toBe('Utilisateur');
  });
});
