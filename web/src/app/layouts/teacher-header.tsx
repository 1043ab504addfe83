import { LineIcon } from '../../components/line-icon';
import { Popover } from '../../components/popover';
import { AppHeader, type HeaderLink } from './app-header';
import { ProfileMenu } from './profile-menu';

const TEACHER_LINKS: readonly HeaderLink[] = [
  { to: '/teacher-dashboard', label: 'Dashboard', end: true },
  { to: '/teacher-modules', label: 'My Modules', alsoActiveOn: ['/create-module', '/add-sections'] },
  { to: '/teacher-classes', label: 'My Classes' },
  { to: '/analytics', label: 'Analytics' },
];

export function TeacherHeader() {
  return (
    <AppHeader
      brandTo="/teacher-dashboard"
      navLabel="Teacher"
      links={TEACHER_LINKS}
      actions={
        <>
          <NotificationBell />
          <ProfileMenu />
        </>
      }
    />
  );
}

/** Notifications are not a feature yet; the bell says so rather than pretending. */
function NotificationBell() {
  return (
    <Popover trigger={<BellIcon />} triggerLabel="Notifications" panelClassName="popover-panel-end">
      {() => <p className="popover-note">No new notifications</p>}
    </Popover>
  );
}

function BellIcon() {
  return (
    <LineIcon viewBox="0 0 24 24">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinejoin="round" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" />
    </LineIcon>
  );
}
