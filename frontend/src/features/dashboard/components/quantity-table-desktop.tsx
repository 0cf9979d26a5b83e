// antd's CSS for the screens past /login, extracted at build time (antd-static-css.ts).
import 'virtual:antd-css/app.css';
import { Table } from 'antd';

import styles from './dashboard.module.css';
import { ProgressBar, type QuantityRow } from './quantity-table';

/** The quantity table as a desk shows it: antd's Table, in its own lazily loaded module. */
export function QuantityTableDesktop({ rows }: { rows: QuantityRow[] }) {
  return (
    <Table<QuantityRow>
      rowKey="id"
      dataSource={rows}
      pagination={false}
      columns={[
        { title: 'Projet', dataIndex: 'name' },
        { title: 'Prévu', dataIndex: 'planned', align: 'right' },
        { title: 'Réalisé', dataIndex: 'realized', align: 'right' },
        { title: 'Solde', dataIndex: 'balance', align: 'right' },
        {
          title: 'Avancement',
          key: 'progress',
          className: styles.progressCell,
          render: (_, row) => <ProgressBar progress={row.progress} name={row.name} />,
        },
      ]}
    />
  );
}
