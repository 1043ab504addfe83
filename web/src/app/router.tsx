// Every screen of the spec's route table. Each page is its own chunk (React.lazy); guards and layouts are not.
import { isValidElement, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { LOGIN_PATH } from '../features/auth/role-paths';
import { ProtectedRoute, PublicOnlyRoute } from './guards';
import { AdminLayout, PublicLayout, RoleLayout, StudentLayout, TeacherLayout } from './layouts/layouts';
import { RootLayout, type RouteHandle } from './layouts/root-layout';
import { RouteError } from './route-error';

/**
 * A page in its own chunk, which preloadRoutePage can start downloading before the page first renders. Once the chunk
 * is in, the page renders directly: through React.lazy it would suspend for a tick even then, and React holds a
 * revealed Suspense fallback for up to 300 ms.
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  let Loaded: ComponentType | undefined;
  const loadAndKeep = () =>
    load().then((module) => {
      Loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadAndKeep);
  function Page() {
    // Chosen once per mount: switching from Lazy to Loaded later would remount the page and lose its state.
    const [Component] = useState(() => Loaded ?? Lazy);
    return <Component />;
  }
  return Object.assign(Page, { preload: () => loadAndKeep().then(() => undefined, () => undefined) });
}

// Public
const LandingPage = lazyPage(() => import('../features/landing/landing-page'));
const TeacherLoginPage = lazyPage(() => import('../features/auth/teacher-login-page'));
const StudentLoginPage = lazyPage(() => import('../features/auth/student-login-page'));
const AdminLoginPage = lazyPage(() => import('../features/auth/admin-login-page'));
const AboutPage = lazyPage(() => import('../features/pages/about-page'));
const HelpCenterPage = lazyPage(() => import('../features/pages/help-center-page'));
const ContactPage = lazyPage(() => import('../features/pages/contact-page'));
const PricingPage = lazyPage(() => import('../features/pages/pricing-page'));
const BlogPage = lazyPage(() => import('../features/pages/blog-page'));
const CommunityPage = lazyPage(() => import('../features/pages/community-page'));
const CareersPage = lazyPage(() => import('../features/pages/careers-page'));
const StudentExperiencePage = lazyPage(() => import('../features/pages/student-experience-page'));
const TeacherToolsPage = lazyPage(() => import('../features/pages/teacher-tools-page'));
const NotFoundPage = lazyPage(() => import('../features/pages/not-found-page'));
// Any signed-in user
const ProfilePage = lazyPage(() => import('../features/pages/profile-page'));
// Teachers
const TeacherDashboardPage = lazyPage(() => import('../features/dashboard/teacher-dashboard-page'));
const CreateModulePage = lazyPage(() => import('../features/modules/create-module-page'));
const AddSectionsPage = lazyPage(() => import('../features/modules/add-sections-page'));
const ModuleLibraryPage = lazyPage(() => import('../features/modules/module-library-page'));
const ModuleDetailPage = lazyPage(() => import('../features/modules/module-detail-page'));
const EditModulePage = lazyPage(() => import('../features/modules/edit-module-page'));
const TeacherClassesPage = lazyPage(() => import('../features/classes/teacher-classes-page'));
const ManageClassPage = lazyPage(() => import('../features/classes/manage-class-page'));
const AnalyticsPage = lazyPage(() => import('../features/progress/analytics-page'));
const ClassReportPage = lazyPage(() => import('../features/progress/class-report-page'));
// Admins
const AdminDashboardPage = lazyPage(() => import('../features/admin/admin-dashboard-page'));
const PeoplePage = lazyPage(() => import('../features/people/people-page'));
const AdminClassesPage = lazyPage(() => import('../features/class-admin/admin-classes-page'));
const AdminClassPage = lazyPage(() => import('../features/class-admin/admin-class-page'));
// Students
const StudentDashboardPage = lazyPage(() => import('../features/dashboard/student-dashboard-page'));
const StudentClassPage = lazyPage(() => import('../features/classes/student-class-page'));
const StudentModulePage = lazyPage(() => import('../features/progress/student-module-page'));
// Students and teachers (a teacher previews what students see)
const ReaderPage = lazyPage(() => import('../features/reader/reader-page'));

const titled = (title: string): RouteHandle => ({ title });

export const routeObjects: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <LandingPage />, handle: titled('Personalised learning paths') },
          {
            path: LOGIN_PATH.Teachers,
            element: (
              <PublicOnlyRoute key="teacher-login">
                <TeacherLoginPage />
              </PublicOnlyRoute>
            ),
            handle: titled('Teacher Login'),
          },
          {
            path: LOGIN_PATH.Students,
            element: (
              <PublicOnlyRoute key="student-login">
                <StudentLoginPage />
              </PublicOnlyRoute>
            ),
            handle: titled('Student Login'),
          },
          {
            path: LOGIN_PATH.Admins,
            element: (
              <PublicOnlyRoute key="admin-login">
                <AdminLoginPage />
              </PublicOnlyRoute>
            ),
            handle: titled('Administrator Login'),
          },
          { path: '/about', element: <AboutPage />, handle: titled('About') },
          { path: '/help-center', element: <HelpCenterPage />, handle: titled('Help Center') },
          { path: '/contact', element: <ContactPage />, handle: titled('Contact') },
          { path: '/pricing', element: <PricingPage />, handle: titled('Pricing') },
          { path: '/blog', element: <BlogPage />, handle: titled('Blog') },
          { path: '/community', element: <CommunityPage />, handle: titled('Community') },
          { path: '/careers', element: <CareersPage />, handle: titled('Careers') },
          { path: '/student-experience', element: <StudentExperiencePage />, handle: titled('Student Experience') },
          { path: '/teacher-tools', element: <TeacherToolsPage />, handle: titled('Teacher Tools') },
          { path: '*', element: <NotFoundPage />, handle: titled('Page not found') },
        ],
      },
      {
        element: <ProtectedRoute loginPath={LOGIN_PATH.Teachers} roles={['Teachers']} />,
        children: [
          {
            element: <TeacherLayout />,
            children: [
              { path: '/teacher-dashboard', element: <TeacherDashboardPage />, handle: titled('Teacher Dashboard') },
              { path: '/create-module', element: <CreateModulePage />, handle: titled('Create Module') },
              { path: '/add-sections', element: <AddSectionsPage />, handle: titled('Add Sections') },
              { path: '/teacher-modules', element: <ModuleLibraryPage />, handle: titled('My Modules') },
              { path: '/teacher-modules/:moduleId', element: <ModuleDetailPage />, handle: titled('Module') },
              { path: '/teacher-modules/:moduleId/edit', element: <EditModulePage />, handle: titled('Edit Module') },
              { path: '/teacher-modules/:moduleId/section/:sectionId', element: <ReaderPage />, handle: titled('Section') },
              { path: '/teacher-classes', element: <TeacherClassesPage />, handle: titled('My Classes') },
              { path: '/teacher-classes/:classId', element: <ManageClassPage />, handle: titled('Manage Class') },
              { path: '/analytics', element: <AnalyticsPage />, handle: titled('Class Analytics') },
              { path: '/analytics/:classId', element: <ClassReportPage />, handle: titled('Student Progress Report') },
            ],
          },
        ],
      },
      {
        element: <ProtectedRoute loginPath={LOGIN_PATH.Students} roles={['Students']} />,
        children: [
          {
            element: <StudentLayout />,
            children: [
              { path: '/student-dashboard', element: <StudentDashboardPage />, handle: titled('Student Dashboard') },
              { path: '/student/class/:classId', element: <StudentClassPage />, handle: titled('Class') },
              { path: '/student/class/:classId/module/:moduleId', element: <StudentModulePage />, handle: titled('Module') },
              {
                path: '/student/class/:classId/module/:moduleId/section/:sectionId',
                element: <ReaderPage />,
                handle: titled('Section'),
              },
            ],
          },
        ],
      },
      {
        // Any signed-in user; a signed-out visitor goes to the student login (the spec's default target).
        element: <ProtectedRoute loginPath={LOGIN_PATH.Students} />,
        children: [{ element: <RoleLayout />, children: [{ path: '/profile', element: <ProfilePage />, handle: titled('Profile') }] }],
      },
      {
        element: <ProtectedRoute loginPath={LOGIN_PATH.Admins} roles={['Admins']} />,
        children: [
          {
            element: <AdminLayout />,
            children: [
              { path: '/admin-dashboard', element: <AdminDashboardPage />, handle: titled('Admin Dashboard') },
              { path: '/admin/people', element: <PeoplePage />, handle: titled('People') },
              { path: '/admin/classes', element: <AdminClassesPage />, handle: titled('Classes') },
              { path: '/admin/classes/:classId', element: <AdminClassPage />, handle: titled('Class') },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routeObjects);
}

/**
 * Starts downloading the chunks of the page at `pathname` at once, in parallel with the session check and
 * /config.json, instead of when the page first renders (after the session check, for signed-in pages). Settles once
 * they are in; a failed download is retried, and reported, by the render itself.
 */
export async function preloadRoutePage(pathname: string): Promise<void> {
  await Promise.all((matchRoutes(routeObjects, pathname) ?? []).flatMap((match) => preloadElement(match.route.element)));
}

function preloadElement(node: ReactNode): Promise<void>[] {
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  const preload = (node.type as { preload?: () => Promise<void> }).preload;
  return [...(preload ? [preload()] : []), ...preloadElement(node.props.children)];
}
