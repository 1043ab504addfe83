import { screen } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { LocationProbe, LOADING, renderRoutes, signedIn, SIGNED_OUT, STUDENT, TEACHER } from '../testing/test-utils';
import { ProtectedRoute, PublicOnlyRoute } from './guards';

const page = (name: string) => (
  <>
    <h1>{name}</h1>
    <LocationProbe />
  </>
);

const routes: RouteObject[] = [
  {
    element: <ProtectedRoute loginPath="/teacher-login" roles={['Teachers']} />,
    children: [
      { path: '/teacher-dashboard', element: page('Teacher dashboard') },
      { path: '/teacher-modules/:moduleId', element: page('Module detail') },
    ],
  },
  {
    element: <ProtectedRoute loginPath="/student-login" roles={['Students']} />,
    children: [
      { path: '/student-dashboard', element: page('Student dashboard') },
      { path: '/student/class/:classId', element: page('Student class') },
    ],
  },
  {
    element: (
      <ProtectedRoute loginPath="/student-login">
        <Outlet />
      </ProtectedRoute>
    ),
    children: [{ path: '/profile', element: page('Profile') }],
  },
  { path: '/teacher-login', element: <PublicOnlyRoute>{page('Teacher login')}</PublicOnlyRoute> },
  { path: '/student-login', element: <PublicOnlyRoute>{page('Student login')}</PublicOnlyRoute> },
];

const location = () => screen.getByTestId('location').firstChild?.textContent;
const locationState = () => JSON.parse(screen.getByTestId('location-state').textContent ?? 'null');

describe('protected routes', () => {
  it('sends a signed-out visitor of a teacher route to the teacher login, remembering the full origin', async () => {
    renderRoutes(routes, '/teacher-modules/m-1?tab=sections', SIGNED_OUT);
    expect(await screen.findByRole('heading', { name: 'Teacher login' })).toBeInTheDocument();
    expect(location()).toBe('/teacher-login');
    expect(locationState()).toEqual({ from: '/teacher-modules/m-1?tab=sections' });
  });

  it('sends a signed-out visitor of a student route to the student login', async () => {
    renderRoutes(routes, '/student/class/c-9', SIGNED_OUT);
    expect(await screen.findByRole('heading', { name: 'Student login' })).toBeInTheDocument();
    expect(locationState()).toEqual({ from: '/student/class/c-9' });
  });

  it('sends a signed-in user of the wrong role to their own dashboard', async () => {
    renderRoutes(routes, '/teacher-modules/m-1', signedIn(STUDENT));
    expect(await screen.findByRole('heading', { name: 'Student dashboard' })).toBeInTheDocument();

    renderRoutes(routes, '/student/class/c-1', signedIn(TEACHER));
    expect(await screen.findByRole('heading', { name: 'Teacher dashboard' })).toBeInTheDocument();
  });

  it('shows the page to a user of the right role', async () => {
    renderRoutes(routes, '/teacher-modules/m-1', signedIn(TEACHER));
    expect(await screen.findByRole('heading', { name: 'Module detail' })).toBeInTheDocument();
  });

  it('shows a loading state while the session is being checked, and no page', () => {
    renderRoutes(routes, '/teacher-dashboard', LOADING);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session...');
    expect(screen.queryByRole('heading', { name: 'Teacher dashboard' })).not.toBeInTheDocument();
  });

  it('shows access denied (not a redirect loop) to a signed-in user without a role of ours', async () => {
    renderRoutes(routes, '/student-dashboard', signedIn({ ...STUDENT, role: null }));
    expect(await screen.findByText('Access Denied: You do not have a valid role assigned.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('lets any signed-in role through a route without a role list', async () => {
    renderRoutes(routes, '/profile', signedIn(TEACHER));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  });
});

describe('public-only routes', () => {
  it('sends a signed-in user to the dashboard of their role', async () => {
    renderRoutes(routes, '/student-login', signedIn(TEACHER));
    expect(await screen.findByRole('heading', { name: 'Teacher dashboard' })).toBeInTheDocument();

    renderRoutes(routes, '/teacher-login', signedIn(STUDENT));
    expect(await screen.findByRole('heading', { name: 'Student dashboard' })).toBeInTheDocument();
  });

  it('shows the login screen to a signed-out visitor', async () => {
    renderRoutes(routes, '/teacher-login', SIGNED_OUT);
    expect(await screen.findByRole('heading', { name: 'Teacher login' })).toBeInTheDocument();
  });
});
