// One layout per signed-in area (app/signed-in-area.tsx puts each in its area); the header follows the area, or, on
// pages any signed-in user opens, the user's role.
import { useSession } from '../../lib/auth';
import { AdminHeader } from './admin-header';
import { AppShell } from './app-shell';
import { PublicHeader } from './public-header';
import { StudentHeader } from './student-header';
import { TeacherHeader } from './teacher-header';

export function TeacherLayout() {
  return <AppShell header={<TeacherHeader />} />;
}

export function StudentLayout() {
  return <AppShell header={<StudentHeader />} />;
}

export function AdminLayout() {
  return <AppShell header={<AdminHeader />} />;
}

/** Pages any signed-in user can open (profile, admin): the header of their own area. */
export function RoleLayout() {
  const { state } = useSession();
  const role = state.status === 'signedIn' ? state.user.role : null;
  if (role === 'Teachers') return <TeacherLayout />;
  if (role === 'Students') return <StudentLayout />;
  if (role === 'Admins') return <AdminLayout />;
  return <AppShell header={<PublicHeader />} />;
}
