import { describe, expect, it } from 'vitest';
import { countWhere, inUseMessage, usageKinds } from './in-use.js';

describe('inUseMessage', () => {
  it('is undefined when nothing uses the record', () => {
    expect(inUseMessage('Ce client', [])).toBeUndefined();
    expect(
      inUseMessage('Ce client', [
        { kind: usageKinds.project, count: 0 },
        { kind: usageKinds.invoice, count: 0 },
      ]),
    ).toBeUndefined();
  });

  it('names each kind with its count, singular or plural, joined the French way', () => {
    expect(
      inUseMessage('Ce client', [
        { kind: usageKinds.project, count: 2 },
        { kind: usageKinds.quote, count: 1 },
        { kind: usageKinds.invoice, count: 3 },
      ]),
    ).toBe(
      "Ce client est utilisé par 2 projets, 1 devis et 3 factures : supprimez-les ou modifiez-les d'abord.",
    );
    expect(
      inUseMessage('Ce projet', [
        { kind: usageKinds.progressReport, count: 2 },
        { kind: usageKinds.document, count: 0 },
        { kind: usageKinds.supplierQuote, count: 1 },
      ]),
    ).toBe(
      "Ce projet est utilisé par 2 états d'avancement et 1 demande de prix : supprimez-les ou modifiez-les d'abord.",
    );
  });

  it('uses "le" or "la" when a single record is in the way', () => {
    expect(inUseMessage('Ce fournisseur', [{ kind: usageKinds.supplierInvoice, count: 1 }])).toBe(
      "Ce fournisseur est utilisé par 1 facture fournisseur : supprimez-la ou modifiez-la d'abord.",
    );
    expect(inUseMessage('Ce client', [{ kind: usageKinds.project, count: 1 }])).toBe(
      "Ce client est utilisé par 1 projet : supprimez-le ou modifiez-le d'abord.",
    );
    expect(inUseMessage('Ce fournisseur', [{ kind: usageKinds.quoteLine, count: 2 }])).toBe(
      "Ce fournisseur est utilisé par 2 lignes de devis : supprimez-les ou modifiez-les d'abord.",
    );
  });
});

describe('countWhere', () => {
  it('counts the records that satisfy the predicate', () => {
    expect(countWhere([{ a: 1 }, { a: 2 }, { a: 1 }], (record) => record.a === 1)).toBe(2);
    expect(countWhere([], () => true)).toBe(0);
  });
});
