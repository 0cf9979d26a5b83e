import type { EmailStatus } from '@btp/shared/sending';
import { Typography } from 'antd';

import { formatDate } from '../../lib/format';

/** "Envoyé à x@y le 25/11/2026", or the failure: "E-mail non envoyé à x@y le 25/11/2026 : <raison>". */
export function emailStatusText(status: EmailStatus): string {
  const day = formatDate(status.at);
  return status.state === 'sent'
    ? `Envoyé à ${status.to} le ${day}`
    : `E-mail non envoyé à ${status.to} le ${day} : ${status.reason}`;
}

/** The card's line about the record's latest e-mail to the client (docs/sending.md). */
export function EmailStatusLine({ status }: { status: EmailStatus }) {
  return (
    <Typography.Paragraph
      type={status.state === 'failed' ? 'danger' : 'secondary'}
      style={{ margin: '4px 0 8px', overflowWrap: 'anywhere' }}
      role={status.state === 'failed' ? 'status' : undefined}
    >
      {emailStatusText(status)}
    </Typography.Paragraph>
  );
}
