import type { ClientEmailStatus } from '@btp/shared/entities/client';
import { Tag } from 'antd';

import { formatDate } from '../../../lib/format';
import styles from './email-refused.module.css';

/**
 * The client's address was refused (a permanent bounce) or the client reported a message as spam
 * (docs/mail.md): a red tag, the date and the reason the mail provider gave. It stays until the
 * client's e-mail is changed.
 */
export function EmailRefused({ status }: { status: ClientEmailStatus }) {
  return (
    <span className={styles.refused}>
      <Tag color="red" className={styles.tag}>
        E-mail refusé
      </Tag>
      <span className={styles.detail}>
        le {formatDate(status.at)} : {status.reason}
      </span>
    </span>
  );
}
