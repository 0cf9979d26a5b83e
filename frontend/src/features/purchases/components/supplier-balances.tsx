import { centsOf } from '@btp/shared/finance';
import { Alert, Typography } from 'antd';
import { useId } from 'react';

import { useSupplierBalances } from '../../../api/supplier-invoices/supplier-balances';
import styles from './purchases.module.css';
import { amountText } from './supplier-invoice-figures';

/**
 * 'À payer par fournisseur': what the company owes each supplier, TTC (what remains to pay on its
 * invoices, less its credit notes not yet deducted), from the server's aggregates; a supplier whose
 * credit notes exceed what is owed to it shows that credit, « avoir en votre faveur ».
 */
export function SupplierBalances() {
  const balances = useSupplierBalances();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={styles.balances}>
      <Typography.Title level={4} id={titleId} style={{ marginTop: 0 }}>
        À payer par fournisseur
      </Typography.Title>
      {balances.isError ? (
        <Alert type="error" showIcon title="Erreur lors du chargement de ce qui est dû aux fournisseurs" />
      ) : balances.data === undefined ? (
        <Typography.Paragraph type="secondary">Chargement...</Typography.Paragraph>
      ) : balances.data.length === 0 ? (
        <Typography.Paragraph type="secondary">Rien à payer aux fournisseurs</Typography.Paragraph>
      ) : (
        <ul className={styles.balanceList}>
          {balances.data.map((balance) => {
            const credit = centsOf(balance.owed) < 0;
            return (
              <li key={balance.supplier.id} className={styles.balance}>
                <span className={styles.balanceName}>{balance.supplier.name}</span>
                <span className={styles.balanceFigures}>
                  <strong>
                    {credit ? amountText(balance.owed.replace('-', '')) : amountText(balance.owed)}
                  </strong>
                  <span className={styles.note}>
                    {credit
                      ? 'avoir en votre faveur'
                      : `${balance.openInvoices} facture${balance.openInvoices > 1 ? 's' : ''} à payer`}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
