/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { render as renderComponent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TemporaryPassword } from '../people';
import { answer, withFakeApi } from '../../testing/api-server';
import { ADMIN, renderPage } from '../../testing/test-utils';
import LoginSlipsPage from './login-slips-page';

withFakeApi();

beforeEach(() => {
  answer('getAdminClass', { classId: 'c1', className: 'Year 9 Science', studentCount: 3, moduleCount: 0 });
  answer('listClassStudents', ({ query }) =>
    query.get('cursor')
      ? { students: [{ userId: 's3', name: 'Kim Kline', email: 'kim@school.example' }], studentCount: 3 }
      : {
          students: [
            { userId: 's1', name: 'Amara Okafor', email: 'amara@school.example' },
            { userId: 's2', name: 'Ben Brontë', email: 'ben@school.example' },
          ],
          studentCount: 3,
          next: 'page-2',
        },
  );
});

it('prints a slip for every student of the class, with the temporary password only where this tab was shown one', async () => {
  // Shown to the admin right after an invitation (e.g. from the roster list), as the app shows it.
  renderComponent(<TemporaryPassword email="Amara@school.example" password="Xk7m-Pq4r-Ht9w" onDismiss={() => {}} />);
  const print = jest.spyOn(window, 'print').mockImplementation(() => {});
  renderPage(<LoginSlipsPage />, { path: '/admin/classes/:classId/login-slips', url: '/admin/classes/c1/login-slips', user: ADMIN });

  const sheet = await screen.findByRole('list', { name: 'Login slips' });
  const slips = within(sheet).getAllByRole('listitem');
  expect(slips.map((slip) => slip.querySelector('.login-slip-name')?.textContent)).toEqual(['Amara Okafor', 'Ben Brontë', 'Kim Kline']);
  expect(slips[0]).toHaveTextContent(`E-mailamara@school.exampleSign in at${window.location.origin}/student-loginTemporary passwordXk7m-Pq4r-Ht9w`);
  expect(slips[1]).toHaveTextContent('Temporary passwordsent by e-mail, or already changed');
  expect(screen.getByRole('heading', { name: 'Login slips: Year 9 Science' })).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Print Slips' }));
  expect(print).toHaveBeenCalledTimes(1);
});
