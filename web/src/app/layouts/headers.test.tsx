/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { SessionState } from '../../lib/auth';
import { createControls, FakeSession, signedIn, SIGNED_OUT, STUDENT, TEACHER } from '../../testing/test-utils';
import { answer, withFakeApi } from '../../testing/api-server';
import { PublicHeader } from './public-header';
import { StudentHeader } from './student-header';
import { TeacherHeader } from './teacher-header';

withFakeApi();

let readMarks: ReturnType<typeof answer<'markNotificationsRead'>>;
beforeEach(() => {
  answer('getNotifications', { unread: 0, items: [] });
  readMarks = answer('markNotificationsRead', undefined);
});

function renderHeader(header: React.ReactNode, session: SessionState, path = '/') {
  const controls = createControls();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <FakeSession initial={session} controls={controls}>
        <MemoryRouter initialEntries={[path]}>{header}</MemoryRouter>
      </FakeSession>
    </QueryClientProvider>,
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

  it('the bell words a reminder read after its due date in the past: "was due"', async () => {
    answer('getNotifications', {
      unread: 1,
      items: [
        { id: 'n', kind: 'nudge', at: '2026-01-02T09:00:00.000Z', classId: 'c1', className: 'Year 9 Science', moduleId: 'm1', moduleTitle: 'Cells', teacherName: 'Ms Rivera', dueAt: '2026-01-05T16:00:00.000Z' },
      ],
    });
    const { user } = renderHeader(<StudentHeader />, signedIn(STUDENT), '/student-dashboard');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const [item] = within(screen.getByRole('list', { name: 'Recent activity' })).getAllByRole('listitem');
    expect(item).toHaveTextContent(/Ms Rivera reminded you: Cells was due Mon 5 Jan/);
  });

  it("the bell words a teacher's reminder with the due date in the student's own zone, named", async () => {
    answer('getNotifications', {
      unread: 1,
      items: [
        {
          id: 'n',
          kind: 'nudge',
          at: new Date().toISOString(),
          classId: 'c1',
          className: 'Year 9 Science',
          moduleId: 'm1',
          moduleTitle: 'Cells',
          teacherName: 'Ms Rivera',
          dueAt: '2037-12-05T16:00:00.000Z', // still ahead: the reminder says "is due"
        },
      ],
    });
    const { user } = renderHeader(<StudentHeader />, signedIn(STUDENT), '/student-dashboard');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const [item] = within(screen.getByRole('list', { name: 'Recent activity' })).getAllByRole('listitem');
    expect(item).toHaveTextContent(/^Unread: Ms Rivera reminded you: Cells is due Sat 5 Dec, \d\d:\d\d \(GMT[+-]?\d*\)/);
    // It opens its subject: the module in the student's class.
    expect(within(item).getByRole('link', { name: /Ms Rivera reminded you/ })).toHaveAttribute('href', '/student/class/c1/module/m1');
  });
});

describe('StudentHeader', () => {
  it("the bell tells the student they finished a module, and opens the module", async () => {
    answer('getNotifications', {
      unread: 1,
      items: [{ id: 'f', kind: 'finished', at: new Date().toISOString(), classId: 'c1', className: 'Year 9 Science', moduleId: 'm1', moduleTitle: 'Cells' }],
    });
    const { user } = renderHeader(<StudentHeader />, signedIn(STUDENT), '/student-dashboard');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const [item] = within(screen.getByRole('list', { name: 'Recent activity' })).getAllByRole('listitem');
    expect(within(item!).getByRole('link', { name: 'Unread: You finished Cells (Year 9 Science)' })).toHaveAttribute('href', '/student/class/c1/module/m1');
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

  it('the bell says when there are no notifications', async () => {
    const { user } = renderHeader(<TeacherHeader />, signedIn(TEACHER), '/teacher-dashboard');
    const bell = screen.getByRole('button', { name: 'Notifications' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    await user.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('No new notifications')).toBeVisible();
  });

  it("the bell lists activity in the teacher's classes with the unread count, and marks all read", async () => {
    const at = new Date().toISOString();
    const assignedAt = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000).toISOString();
    const base = { classId: 'c1', className: 'Year 9 Science', moduleId: 'm1', at };
    answer('getNotifications', {
      unread: 1,
      items: [
        { ...base, id: 'a', kind: 'completed', moduleTitle: 'Cells', studentName: 'Sam Student', count: 3, sectionTotal: 3 },
        { ...base, id: 'b', kind: 'not-started', moduleTitle: 'Photosynthesis', count: 3, assignedAt },
      ],
    });
    const { user } = renderHeader(<TeacherHeader />, signedIn(TEACHER), '/teacher-dashboard');
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    const items = within(screen.getByRole('list', { name: 'Recent activity' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Unread: Sam Student completed Cells (Year 9 Science)');
    expect(items[1]).toHaveTextContent('3 students have not started Photosynthesis assigned 7 days ago (Year 9 Science)');
    // Each opens the class's report, and closes the panel.
    expect(within(items[1]).getByRole('link')).toHaveAttribute('href', '/analytics/c1');
    await user.click(within(items[0]).getByRole('link', { name: /Sam Student completed Cells/ }));
    expect(screen.queryByRole('list', { name: 'Recent activity' })).not.toBeInTheDocument();
    await user.click(bell);
    answer('getNotifications', { unread: 0, items: [] });
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(readMarks).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
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
