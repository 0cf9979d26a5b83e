import { describe, expect, it } from 'vitest';
import { accountUses, chartOfAccountsInput, defaultChartOfAccounts, salesAccountOfRate } from './chart.js';

function messagesOf(input: unknown): Record<string, string> {
  const result = chartOfAccountsInput.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the chart of accounts', () => {
  it('has the guide’s defaults, which pass its own rules', () => {
    const chart = defaultChartOfAccounts();
    expect(Object.keys(chart.accounts)).toEqual([...accountUses]);
    expect(chart.accounts.clients).toEqual({ number: '411000', label: 'Clients' });
    expect(chart.accounts.vatPending.number).toBe('445740');
    expect(chart.accounts.purchasesRental.number).toBe('613500');
    expect(messagesOf(chart)).toEqual({});
  });

  it('refuses numbers outside the PCG or outside their use’s root, naming the field in French', () => {
    const chart = defaultChartOfAccounts();
    const input = {
      ...chart,
      accounts: {
        ...chart.accounts,
        clients: { number: '512000', label: 'Clients' },
        bank: { number: '9120', label: 'Banque' },
        sales: { number: '70', label: 'Travaux' },
        suppliers: { number: '401000', label: '  ' },
      },
    };
    expect(messagesOf(input)).toEqual({
      'accounts.clients.number':
        'Clients : le numéro de compte doit commencer par 411 (plan comptable général)',
      'accounts.bank.number':
        'Banque : le numéro de compte doit compter 3 à 10 chiffres, de la classe 1 à 8 du plan comptable',
      'accounts.sales.number':
        'Travaux vendus : le numéro de compte doit compter 3 à 10 chiffres, de la classe 1 à 8 du plan comptable',
      'accounts.suppliers.label': 'Fournisseurs : le libellé du compte est requis (au plus 100 caractères)',
    });
  });

  it('refuses the same account for pending and collected VAT, a rate listed twice and equal prefixes', () => {
    const chart = defaultChartOfAccounts();
    expect(
      messagesOf({
        ...chart,
        accounts: { ...chart.accounts, vatPending: { number: '445710', label: 'TVA' } },
        salesByRate: [
          { rate: '20.00', number: '704100', label: 'Travaux 20 %' },
          { rate: '20.00', number: '704200', label: 'Travaux 20 % bis' },
        ],
        supplierAuxPrefix: 'C',
      }),
    ).toEqual({
      'accounts.vatPending.number': 'La TVA en attente doit avoir un autre compte que la TVA collectée',
      'salesByRate.1.rate': 'Chaque taux de TVA ne peut avoir qu’un compte de ventes',
      supplierAuxPrefix:
        'Les comptes auxiliaires des clients et des fournisseurs doivent avoir des préfixes différents',
    });
  });

  it('answers the fields’ messages, never an exception, for a body of the wrong shape', () => {
    const chart = defaultChartOfAccounts();
    expect(messagesOf({})).toMatchObject({ accounts: expect.any(String), version: expect.any(String) });
    expect(messagesOf({ ...chart, accounts: 'ééé' })).toEqual({ accounts: expect.any(String) });
    const { vatPending: _pending, ...withoutPending } = chart.accounts;
    expect(
      Object.keys(
        messagesOf({ ...chart, accounts: { ...withoutPending, retention: null }, salesByRate: [7] }),
      ),
    ).toEqual(expect.arrayContaining(['accounts.vatPending', 'accounts.retention', 'salesByRate.0']));
  });

  it('uses a rate’s own works account when the chart lists one, else the works account', () => {
    const chart = {
      ...defaultChartOfAccounts(),
      salesByRate: [{ rate: '10.00' as const, number: '704200', label: 'Travaux 10 %' }],
    };
    expect(salesAccountOfRate(chart, '10.00')).toEqual({ number: '704200', label: 'Travaux 10 %' });
    expect(salesAccountOfRate(chart, '20.00')).toEqual({ number: '704000', label: 'Travaux' });
  });
});
