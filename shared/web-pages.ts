// The web app's pages, declared once: the router (web/src/app/router.tsx), the build's prerendered pages and page
// shells (web/vite.config.ts), the local server and CloudFront's choice of HTML (shared/web-delivery.ts) all follow
// this table.
import { isRole, type Role } from './roles';

/**
 * Who may open a page: `everyone`; `signedOut` (a login: a signed-in visitor goes to their dashboard); one role (its
 * area's layout, its login for a signed-out visitor); `signedIn` (any role, in the header of their own area).
 */
export type PageAudience = 'everyone' | 'signedOut' | 'signedIn' | Role;

/**
 * The HTML that answers a page's path before the app runs. `prerendered`: rendered at build time from the app's
 * components (public pages; the content paints before the scripts run). `shell`: the empty app shell plus preloads of
 * the page's chunks and stylesheets, for the signed-in pages a visit often starts on (a bookmark, a reload). Other
 * pages get the app shell (index.html), and their chunk is fetched by the start-up code.
 */
export type PageHtml = 'prerendered' | 'shell';

export interface WebPage {
  /** React Router path: `:name` stands for one path segment, `*` for anything no other page matches. */
  path: string;
  /** The page component's module (its default export): `<feature>/<name>-page` under web/src/features/. */
  module: `${string}/${string}-page`;
  /** The tab's title (before the app's name). */
  title: string;
  audience: PageAudience;
  html?: PageHtml;
}

export const WEB_PAGES = [
  // Public
  { path: '/', module: 'landing/landing-page', title: 'Personalised learning paths', audience: 'everyone', html: 'prerendered' },
  { path: '/teacher-login', module: 'auth/teacher-login-page', title: 'Teacher Login', audience: 'signedOut', html: 'prerendered' },
  { path: '/student-login', module: 'auth/student-login-page', title: 'Student Login', audience: 'signedOut', html: 'prerendered' },
  { path: '/admin-login', module: 'auth/admin-login-page', title: 'Administrator Login', audience: 'signedOut', html: 'prerendered' },
  { path: '/about', module: 'pages/about-page', title: 'About', audience: 'everyone' },
  { path: '/help-center', module: 'pages/help-center-page', title: 'Help Center', audience: 'everyone' },
  { path: '/contact', module: 'pages/contact-page', title: 'Contact', audience: 'everyone' },
  { path: '/pricing', module: 'pages/pricing-page', title: 'Pricing', audience: 'everyone' },
  { path: '/blog', module: 'pages/blog-page', title: 'Blog', audience: 'everyone' },
  { path: '/community', module: 'pages/community-page', title: 'Community', audience: 'everyone' },
  { path: '/careers', module: 'pages/careers-page', title: 'Careers', audience: 'everyone' },
  { path: '/student-experience', module: 'pages/student-experience-page', title: 'Student Experience', audience: 'everyone' },
  { path: '/teacher-tools', module: 'pages/teacher-tools-page', title: 'Teacher Tools', audience: 'everyone' },
  // Where an LMS launch hands the browser over: it signs in with the launch's one-time code (docs/decisions/lti/launch-sign-in.md).
  { path: '/lms/start', module: 'lti/lti-start-page', title: 'Opening from your LMS', audience: 'everyone' },
  { path: '*', module: 'pages/not-found-page', title: 'Page not found', audience: 'everyone' },
  // Any signed-in user
  { path: '/profile', module: 'pages/profile-page', title: 'Profile', audience: 'signedIn' },
  // Teachers
  { path: '/teacher-dashboard', module: 'dashboard/teacher-dashboard-page', title: 'Teacher Dashboard', audience: 'Teachers', html: 'shell' },
  { path: '/create-module', module: 'modules/create-module-page', title: 'Create Module', audience: 'Teachers' },
  { path: '/add-sections', module: 'modules/add-sections-page', title: 'Add Sections', audience: 'Teachers' },
  { path: '/teacher-modules', module: 'modules/module-library-page', title: 'My Modules', audience: 'Teachers' },
  { path: '/teacher-modules/:moduleId', module: 'modules/module-detail-page', title: 'Module', audience: 'Teachers' },
  { path: '/teacher-modules/:moduleId/edit', module: 'modules/edit-module-page', title: 'Edit Module', audience: 'Teachers' },
  // A teacher previews what students see.
  { path: '/teacher-modules/:moduleId/section/:sectionId', module: 'reader/reader-page', title: 'Section', audience: 'Teachers' },
  { path: '/teacher-classes', module: 'classes/teacher-classes-page', title: 'My Classes', audience: 'Teachers' },
  { path: '/teacher-classes/:classId', module: 'classes/manage-class-page', title: 'Manage Class', audience: 'Teachers' },
  { path: '/analytics', module: 'progress/analytics-page', title: 'Class Analytics', audience: 'Teachers' },
  { path: '/analytics/:classId', module: 'progress/class-report-page', title: 'Student Progress Report', audience: 'Teachers', html: 'shell' },
  // Where an LMS's deep linking launch lands (shared/lti.ts LTI_DEEP_LINK_PAGE, written out: this table is in the
  // initial chunk, the LTI rules are not).
  { path: '/lms/deep-link/:requestId', module: 'lti/lti-deep-link-page', title: 'Add a module to your LMS', audience: 'Teachers' },
  // Students
  { path: '/student-dashboard', module: 'dashboard/student-dashboard-page', title: 'Student Dashboard', audience: 'Students', html: 'shell' },
  { path: '/student/class/:classId', module: 'classes/student-class-page', title: 'Class', audience: 'Students' },
  { path: '/student/class/:classId/module/:moduleId', module: 'progress/student-module-page', title: 'Module', audience: 'Students', html: 'shell' },
  {
    path: '/student/class/:classId/module/:moduleId/section/:sectionId',
    module: 'reader/reader-page',
    title: 'Section',
    audience: 'Students',
    html: 'shell',
  },
  // Admins
  { path: '/admin-dashboard', module: 'admin/admin-dashboard-page', title: 'Admin Dashboard', audience: 'Admins', html: 'shell' },
  { path: '/admin/people', module: 'people/people-page', title: 'People', audience: 'Admins' },
  { path: '/admin/audit', module: 'admin/audit-trail-page', title: 'Audit Trail', audience: 'Admins' },
  { path: '/admin/lti', module: 'lti/lti-platforms-page', title: 'LMS Connections', audience: 'Admins' },
  { path: '/admin/rosters', module: 'rosters-sync/rosters-sync-page', title: 'Rosters from your information system', audience: 'Admins' },
  { path: '/admin/classes', module: 'class-admin/admin-classes-page', title: 'Classes', audience: 'Admins' },
  { path: '/admin/classes/:classId', module: 'class-admin/admin-class-page', title: 'Class', audience: 'Admins' },
  { path: '/admin/classes/:classId/login-slips', module: 'class-admin/login-slips-page', title: 'Login Slips', audience: 'Admins' },
] as const satisfies readonly WebPage[];

/** A page whose path has its own HTML file in web/dist. */
export type PageWithHtml = WebPage & { html: PageHtml };

export const PAGES_WITH_HTML: readonly PageWithHtml[] = WEB_PAGES.filter((page): page is (typeof WEB_PAGES)[number] & PageWithHtml => 'html' in page);

/** The page's HTML file in web/dist: `prerendered/<name>.html` or `shells/<name>.html`, named after its module. */
export function htmlFileOf(page: PageWithHtml): string {
  const name = page.module.slice(page.module.lastIndexOf('/') + 1).replace(/-page$/, '');
  return `${page.html === 'prerendered' ? 'prerendered' : 'shells'}/${name}.html`;
}

/**
 * The role whose signed-in frame a shell's HTML holds (web/src/signed-in-frame.ts): a shell of one role's page without
 * path parameters, the dashboards. A frame shows no data, so a page whose heading is its data (a class, a module) would
 * gain no early heading, and its links would lack their parameters.
 */
export function frameRoleOf(page: PageWithHtml): Role | undefined {
  if (page.html !== 'shell' || page.path.includes(':')) return undefined;
  return isRole(page.audience) ? page.audience : undefined;
}
