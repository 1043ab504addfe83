import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { SessionState } from '../../lib/session';
import { createControls, FakeSession, signedIn, SIGNED_OUT, STUDENT, TEACHER } from '../../testing/test-utils';
import { PublicHeader } from './public-header';
import { StudentHeader } from './student-header';
import { TeacherHeader } from './teacher-header';

function renderHeader(header: React.ReactNode, session: SessionState, path = '/') {
  const controls = createControls();
  render(
    <FakeSession initial={session} controls={controls}>
      <MemoryRouter initialEntries={[path]}>{header}</MemoryRouter>
    </FakeSession>,
  );
  return { controls, user: userEvent.setup() };
}

describe('PublicHeader', () => {
  it('offers both logins to a signed-out visitor', () => {
    renderHeader(<PublicHeader />, SIGNED_OUT);
    expect(screen.getByRole('link', { name: 'Teacher Login' })).toHaveAttribute('href', '/teacher-login');
    expect(screen.getByRole('link', { name: 'Student Login' })).toHaveAttribute('href', '/student-login');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('offers Go to Dashboard and Logout to a signed-in user', async () => {
    const { controls, user } = renderHeader(<PublicHeader />, signedIn(STUDENT));
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/student-dashboard');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(controls.signOut).toHaveBeenCalled();
  });
});

describe('TeacherHeader', () => {
  it('has the four sections and marks the current one', () => {
    renderHeader(<TeacherHeader />, signedIn(TEACHER), '/teacher-modules/m-1');
    const nav = screen.getByRole('navigation', { name: 'Teacher' });
    expect(nav).toBeInTheDocument();
    for (const name of ['Dashboard', 'My Modules', 'My Classes', 'Analytics']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'My Modules' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('the bell honestly says there are no notifications', async () => {
    const { user } = renderHeader(<TeacherHeader />, signedIn(TEACHER), '/teacher-dashboard');
    const bell = screen.getByRole('button', { name: 'Notifications' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    await user.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('No new notifications')).toBeVisible();
  });

  it('the profile menu works from the keyboard: open, reach Logout, Escape closes and returns focus', async () => {
    const { controls, user } = renderHeader(<TeacherHeader />, signedIn(TEACHER), '/teacher-dashboard');
    const trigger = screen.getByRole('button', { name: 'Profile menu for Ada Teacher' });
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');

    await user.tab();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(controls.signOut).toHaveBeenCalled();
  });

  it('collapses the nav behind a Menu button that reports its state', async () => {
    const { user } = renderHeader(<TeacherHeader />, signedIn(TEACHER), '/teacher-dashboard');
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveAttribute('aria-controls', screen.getByRole('navigation', { name: 'Teacher' }).id);
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('StudentHeader', () => {
  it('has Dashboard, Profile and Logout', async () => {
    const { controls, user } = renderHeader(<StudentHeader />, signedIn(STUDENT), '/student-dashboard');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/student-dashboard');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(controls.signOut).toHaveBeenCalled();
  });
});
