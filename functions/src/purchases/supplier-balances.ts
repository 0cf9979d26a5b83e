/**
 * `GET /api/supplier-invoices/balances`: what the company owes each supplier (TTC: what remains to
 * pay on its invoices, less its credit notes not yet deducted), read from the company aggregates
 * (`AGG#SUPPLIER#<id>`: `owed`, `openInvoices`), one query whatever the number of invoices.
 */
import type { SupplierBalance } from '@btp/shared/entities/supplier-invoice';
import { formatMoney } from '@btp/shared/money';
import { supplierPrefix } from '../aggregates/figures.js';
import { queryAggregatePrefix } from '../aggregates/read.js';
import { suppliers } from '../data/entities/suppliers.js';

/** The suppliers the company owes something to (or that owe it a credit), largest first, then by name. */
export async function supplierBalances(companyId: string): Promise<SupplierBalance[]> {
  const items = await queryAggregatePrefix(companyId, supplierPrefix);
  const owing = items
    .map((item) => ({
      id: item.sk.slice(supplierPrefix.length),
      owed: item.values.get('owed'),
      openInvoices: item.values.get('openInvoices'),
    }))
    .filter((balance) => balance.owed !== 0);
  const names = await suppliers.getMany(
    companyId,
    owing.map((balance) => balance.id),
    ['name'],
  );
  return owing
    .sort(
      (a, b) =>
        b.owed - a.owed || (names.get(a.id)?.name ?? '').localeCompare(names.get(b.id)?.name ?? '', 'fr'),
    )
    .flatMap((balance) => {
      const supplier = names.get(balance.id);
      return supplier
        ? [
            {
              supplier: { id: balance.id, name: supplier.name },
              owed: formatMoney(balance.owed),
              openInvoices: balance.openInvoices,
            },
          ]
        : [];
    });
}
