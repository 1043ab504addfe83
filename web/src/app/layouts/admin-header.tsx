import { AppHeader, type HeaderLink } from './app-header';
import { ProfileMenu } from './profile-menu';

const ADMIN_LINKS: readonly HeaderLink[] = [
  { to: '/admin-dashboard', label: 'Dashboard', end: true },
  { to: '/admin/people', label: 'People' },
  { to: '/admin/classes', label: 'Classes' },
];

export function AdminHeader() {
  return <AppHeader brandTo="/admin-dashboard" navLabel="Administrator" links={ADMIN_LINKS} actions={<ProfileMenu />} />;
}
