import { NotificationBell } from '../../features/notifications/components/notification-bell';
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
