import { describe, expect, it } from 'vitest';
import { quoteStatuses } from './enums.js';
import {
  canDeleteSupplierQuote,
  canSelectSupplierQuote,
  offersSupplierQuoteSelection,
  selectionAfterEdit,
} from './supplier-quote-selection.js';

const project = '0190a0b0-0000-7000-8000-000000000001';
const other = '0190a0b0-0000-7000-8000-000000000002';

describe('supplier price request selection', () => {
  it('selects only received (validated) requests', () => {
    for (const status of quoteStatuses) {
      expect(canSelectSupplierQuote({ status })).toBe(status === 'validated');
    }
  });

  it("offers 'Sélectionner' on a received request that is not selected yet", () => {
    expect(offersSupplierQuoteSelection({ status: 'validated', selected: false })).toBe(true);
    expect(offersSupplierQuoteSelection({ status: 'validated' })).toBe(true);
    expect(offersSupplierQuoteSelection({ status: 'validated', selected: true })).toBe(false);
    expect(offersSupplierQuoteSelection({ status: 'sent', selected: false })).toBe(false);
  });

  it('refuses to delete the selected request', () => {
    expect(canDeleteSupplierQuote({ selected: true })).toBe(false);
    expect(canDeleteSupplierQuote({ selected: false })).toBe(true);
    expect(canDeleteSupplierQuote({})).toBe(true);
  });

  it('keeps a selection only while the request stays received in the same project', () => {
    const selected = { status: 'validated' as const, selected: true, projectId: project };
    expect(selectionAfterEdit(selected, { status: 'validated', projectId: project })).toBe(true);
    expect(selectionAfterEdit(selected, { status: 'rejected', projectId: project })).toBe(false);
    expect(selectionAfterEdit(selected, { status: 'validated', projectId: other })).toBe(false);
    expect(selectionAfterEdit(selected, { status: 'validated', projectId: undefined })).toBe(false);
    const noProject = { status: 'validated' as const, selected: true, projectId: null };
    expect(selectionAfterEdit(noProject, { status: 'validated' })).toBe(true);
  });

  it('never selects a request through an edit', () => {
    const plain = { status: 'validated' as const, selected: false, projectId: project };
    expect(selectionAfterEdit(plain, { status: 'validated', projectId: project })).toBe(false);
  });
});
