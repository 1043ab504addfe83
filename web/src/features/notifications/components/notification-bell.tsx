// The header's bell: recent activity (teachers: students' progress in their classes, modules not started a week after
// being assigned; students: modules newly assigned to their classes, their teachers' reminders of due dates and the
// modules they finished), the unread count, and Mark all read. Each notification is a link to its subject.
import { Link } from 'react-router-dom';
import type { Notification } from '@shared/contract/notifications';
import { LineIcon } from '@web/components/line-icon';
import { Popover } from '@web/components/popover';
import { formatShortDate } from '@web/lib/dates';
import { formatDueTime } from '@web/lib/due-dates';
import { useMarkNotificationsRead, useNotifications } from '@web/api/notifications';
import '../notifications.css';
import { QueryView } from '@web/components/query-view';

const DAY_MS = 24 * 60 * 60 * 1000;

export function NotificationBell() {
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = notifications.data?.unread ?? 0;
  return (
    <Popover
      trigger={
        <>
          <BellIcon />
          {unread > 0 && (
            <span className="bell-badge" aria-hidden="true">
              {unread > 9 ? '9+' : unread}
            </span>
          )}
        </>
      }
      triggerLabel={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      panelClassName="popover-panel-end bell-panel"
    >
      {(close) => (
        <div>
          <div className="bell-heading">
            <h2>Notifications</h2>
            <button type="button" className="link-button" onClick={() => markRead.mutate()} disabled={unread === 0 || markRead.isPending}>
              Mark all read
            </button>
          </div>
          <QueryView
            query={notifications}
            loading={<p className="popover-note">Loading notifications...</p>}
            error={<p className="popover-note">Could not load notifications.</p>}
            empty={{ when: (data) => data.items.length === 0, show: <p className="popover-note">No new notifications</p> }}
          >
            {(data) => (
              <ul className="bell-list" aria-label="Recent activity">
                {data.items.map((item, index) => (
                  <li key={item.id} className={index < unread ? 'is-unread' : undefined}>
                    <Link to={notificationSubject(item)} className="bell-link" onClick={close}>
                      {index < unread && <span className="visually-hidden">Unread: </span>}
                      <NotificationText item={item} />
                    </Link>
                    <time dateTime={item.at} className="muted">
                      {formatShortDate(new Date(item.at))}
                    </time>
                  </li>
                ))}
              </ul>
            )}
          </QueryView>
        </div>
      )}
    </Popover>
  );
}

/** Where a notification leads: a teacher's to the class's report, a student's to the module in their class. */
export function notificationSubject(item: Notification): string {
  switch (item.kind) {
    case 'completed':
    case 'progress':
    case 'not-started':
      return `/analytics/${item.classId}`;
    case 'assigned':
    case 'nudge':
    case 'finished':
      return `/student/class/${item.classId}/module/${item.moduleId}`;
  }
}

/** "Sam Student completed *Cells* (Year 9 Science)" and the other kinds, the module's title emphasised. */
export function NotificationText({ item }: { item: Notification }) {
  const title = <em>{item.moduleTitle}</em>;
  switch (item.kind) {
    case 'completed':
      return (
        <span>
          {item.studentName} completed {title} ({item.className})
        </span>
      );
    case 'progress':
      return (
        <span>
          {item.studentName} completed {item.count} of {item.sectionTotal} sections of {title} ({item.className})
        </span>
      );
    case 'not-started': {
      const days = Math.floor((Date.now() - Date.parse(item.assignedAt ?? item.at)) / DAY_MS);
      const students = item.count === 1 ? '1 student has' : `${item.count} students have`;
      return (
        <span>
          {students} not started {title} assigned {days} days ago ({item.className})
        </span>
      );
    }
    case 'assigned':
      return (
        <span>
          New module {title} in {item.className}
        </span>
      );
    case 'nudge':
      return (
        <span>
          {/* Read after the due date, the reminder speaks of it in the past. */}
          {item.teacherName} reminded you: {title} {Date.parse(item.dueAt!) < Date.now() ? 'was' : 'is'} due {formatDueTime(item.dueAt!)}
        </span>
      );
    case 'finished':
      return (
        <span>
          You finished {title} ({item.className})
        </span>
      );
  }
}

function BellIcon() {
  return (
    <LineIcon viewBox="0 0 24 24">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinejoin="round" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" />
    </LineIcon>
  );
}
