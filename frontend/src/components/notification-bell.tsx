import { BellOutlined } from '@ant-design/icons';
import type { AppNotification } from '@btp/shared/notifications';
import { Badge, Button, Popover } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';

import { useMarkNotificationsRead } from '../api/notifications/mark-notifications-read';
import { useNotifications } from '../api/notifications/list-notifications';
import { useMe } from '../features/auth/api/get-me';
import { formatDateTime } from '../lib/format';
import styles from './notification-bell.module.css';

function NotificationItem({
  item,
  onOpen,
}: {
  item: AppNotification;
  onOpen: (item: AppNotification) => void;
}) {
  const title = item.link ? (
    <Link to={item.link} onClick={() => onOpen(item)} className={styles.itemTitle}>
      {item.title}
    </Link>
  ) : (
    <span className={styles.itemTitle}>{item.title}</span>
  );
  return (
    <li className={item.read ? styles.item : `${styles.item} ${styles.unread}`}>
      {!item.read && <span className={styles.unreadMark} aria-label="Non lue" />}
      <div className={styles.itemText}>
        {title}
        {item.body !== undefined && <div className={styles.itemBody}>{item.body}</div>}
        <time className={styles.itemDate} dateTime={item.createdAt}>
          {formatDateTime(item.createdAt)}
        </time>
      </div>
    </li>
  );
}

/**
 * The header's bell (issue 17): the company's latest events (a quote accepted, an invoice paid, an
 * e-mail bounced or not sent, a reminder sent), with a dot only while one is unread for the
 * signed-in user. Asked again every minute and when the window gets focus. Opening an event's link
 * marks it read; "Tout marquer comme lu" marks them all.
 */
export function NotificationBell() {
  const me = useMe();
  const hasCompany = Boolean(me.data?.companyId);
  const notifications = useNotifications({ enabled: hasCompany });
  const markRead = useMarkNotificationsRead();
  const [open, setOpen] = useState(false);
  const items = notifications.data?.items ?? [];
  const unread = notifications.data?.unreadCount ?? 0;

  const openItem = (item: AppNotification) => {
    setOpen(false);
    if (!item.read) markRead.mutate([item.id]);
  };

  const content = (
    <div className={styles.panel}>
      {items.length === 0 ? (
        <p className={styles.empty}>Aucune nouvelle notification.</p>
      ) : (
        <ul className={styles.list} aria-label="Notifications récentes">
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} onOpen={openItem} />
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      // The button toggles it (below); the popover only closes it (a click outside, Escape).
      onOpenChange={(next) => {
        if (!next) setOpen(false);
      }}
      title={
        <div className={styles.header}>
          <span>Notifications</span>
          {unread > 0 && (
            <Button
              type="link"
              size="small"
              loading={markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
            >
              Tout marquer comme lu
            </Button>
          )}
        </div>
      }
      content={content}
    >
      <Button
        type="text"
        className={styles.iconButton}
        aria-label="Notifications"
        aria-expanded={open}
        onClick={() => setOpen((current) => !current)}
        icon={
          <Badge dot={unread > 0} offset={[-2, 2]}>
            <BellOutlined style={{ fontSize: 20 }} />
          </Badge>
        }
      />
    </Popover>
  );
}
