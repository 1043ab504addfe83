import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useSession } from '../../lib/auth';
import { AppHeader, type HeaderLink } from './app-header';

const STUDENT_LINKS: readonly HeaderLink[] = [
  { to: '/student-dashboard', label: 'Dashboard', end: true },
  { to: '/profile', label: 'Profile' },
];

export function StudentHeader() {
  const { signOut } = useSession();
  return (
    <AppHeader
      brandTo="/student-dashboard"
      navLabel="Student"
      links={STUDENT_LINKS}
      actions={<NotificationBell />}
      navExtra={
        <button type="button" className="site-nav-link site-nav-button" onClick={() => void signOut()}>
          Logout
        </button>
      }
    />
  );
}
