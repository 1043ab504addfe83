/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@shared/contract/audit';
import { answer, withFakeApi } from '@web/testing/api-server';
import { ADMIN, renderPage } from '@web/testing/test-utils';
import AuditTrailPage from './audit-trail-page';

withFakeApi();
jest.setTimeout(30_000);

const entry = (index: number): AuditEntry => ({
  at: new Date(Date.UTC(2026, 10, 20, 12, 0, 60 - index)).toISOString(),
  actorId: index % 2 ? 'admin-two' : ADMIN.userId,
  actor: index % 2 ? 'Second Admin' : ADMIN.name,
  action: index % 2 ? 'disable' : 'invite',
  subject: `Person ${index}`,
  ...(index === 0 ? { detail: '=as Students' } : {}),
});

let pages: ReturnType<typeof answer<'listAuditTrail'>>;
const downloads: { name: string; blob: Blob }[] = [];
beforeEach(() => {
  downloads.length = 0;
  answer('listPeople', ({ query }) => ({
    people:
      query.get('role') === 'Teachers'
        ? [{ userId: 'teacher-one', email: 'ada@school.example', name: 'Ada Teacher', role: 'Teachers' as const, status: 'active' as const, createdAt: '' }]
        : [
            { userId: ADMIN.userId, email: ADMIN.email, name: ADMIN.name, role: 'Admins' as const, status: 'active' as const, createdAt: '' },
            { userId: 'admin-two', email: 'two@school.example', name: 'Second Admin', role: 'Admins' as const, status: 'active' as const, createdAt: '' },
          ],
  }));
  pages = answer('listAuditTrail', ({ query }) =>
    query.get('next') ? { entries: Array.from({ length: 10 }, (_, index) => entry(50 + index)) } : { entries: Array.from({ length: 50 }, (_, index) => entry(index)), next: 'page-2' },
  );
  let made: Blob | undefined;
  URL.createObjectURL = jest.fn((blob: Blob) => {
    made = blob;
    return 'blob:audit';
  });
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: made! });
  });
});

const render = () => renderPage(<AuditTrailPage />, { path: '/admin/audit', url: '/admin/audit', user: ADMIN });

it('pages the trail newest first with Show More Changes', async () => {
  const user = userEvent.setup();
  render();
  const changes = screen.getByRole('region', { name: 'Changes' });
  expect(await within(changes).findByText('Person 49')).toBeInTheDocument();
  expect(within(changes).getAllByRole('listitem')).toHaveLength(50);
  await user.click(within(changes).getByRole('button', { name: 'Show More Changes (50 shown)' }));
  expect(await within(changes).findByText('Person 59')).toBeInTheDocument();
  expect(pages.at(-1)!.query.get('next')).toBe('page-2');
  expect(within(changes).queryByRole('button', { name: /Show More Changes/ })).not.toBeInTheDocument();
});

it('asks for who, what and the days chosen, and exports every matching change as CSV', async () => {
  const user = userEvent.setup();
  render();
  await screen.findByText('Person 0');
  await user.selectOptions(await screen.findByLabelText('Who'), 'Second Admin (administrator)');
  await user.selectOptions(screen.getByLabelText('What'), 'disabled');
  await user.type(screen.getByLabelText('From (day)'), '2026-11-20');
  await user.type(screen.getByLabelText('To (day)'), '2026-11-21');
  await screen.findByText('Person 1');
  const asked = Object.fromEntries(pages.at(-1)!.query);
  expect(asked).toEqual({
    actorId: 'admin-two',
    action: 'disable',
    from: new Date('2026-11-20T00:00:00').toISOString(),
    to: new Date('2026-11-21T23:59:59.999').toISOString(),
  });

  await user.click(screen.getByRole('button', { name: 'Export CSV' }));
  await screen.findByRole('button', { name: 'Export CSV' });
  expect(downloads.map((file) => file.name)).toEqual(['audit-trail-2026-11-20-2026-11-21.csv']);
  const lines = (await downloads[0]!.blob.text()).replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('When (UTC),Who,What,About,Detail');
  expect(lines[1]).toBe(`${entry(0).at},Alex Admin,invited,Person 0,'=as Students`);
  expect(lines.filter(Boolean)).toHaveLength(61);
  expect(pages.slice(-2).map((page) => Object.fromEntries(page.query))).toEqual([asked, { ...asked, next: 'page-2' }]);
});

it("names teachers as well as administrators under Who, and says teachers' overrides are listed", async () => {
  const user = userEvent.setup();
  render();
  await screen.findByText('Person 0');
  expect(screen.getByText(/and teachers to their students' paths \(overrides\)/)).toBeInTheDocument();
  await screen.findByRole('option', { name: 'Ada Teacher (teacher)' });
  await user.selectOptions(screen.getByLabelText('Who'), 'Ada Teacher (teacher)');
  await waitFor(() => expect(pages.at(-1)!.query.get('actorId')).toBe('teacher-one'));
});
