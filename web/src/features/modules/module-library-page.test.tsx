/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, withFakeApi } from '../../testing/api-server';
import { moduleFixture } from '../../testing/fixtures';
import { renderPage } from '../../testing/test-utils';
import ModuleLibraryPage from './module-library-page';

withFakeApi();

const cells = moduleFixture({ _id: 'm1', title: 'Cells', updatedAt: '2026-03-01T00:00:00.000Z' });
const atoms = moduleFixture({ _id: 'm2', title: 'Atoms', updatedAt: '2026-02-01T00:00:00.000Z' });
const zoology = moduleFixture({ _id: 'm3', title: 'Zoology basics', updatedAt: '2026-04-01T00:00:00.000Z' });

beforeEach(() => {
  answer('listModules', [cells, atoms, zoology]);
  answer('listTeacherClasses', [
    { _id: 'c1', className: 'Year 7', teacherId: { _id: 'teacher-sub', username: 't' }, studentIds: [], assignedModuleIds: ['m1'] },
  ]);
});

const cardTitles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

it('searches by title, sorts by updated or title, and filters the modules not assigned anywhere', async () => {
  const user = userEvent.setup();
  const { router } = renderPage(<ModuleLibraryPage />, { path: '/teacher-modules', url: '/teacher-modules' });

  await screen.findByText('Zoology basics');
  expect(cardTitles()).toEqual(['Zoology basics', 'Cells', 'Atoms']);

  await user.selectOptions(screen.getByLabelText('Sort by'), 'Title (A–Z)');
  expect(cardTitles()).toEqual(['Atoms', 'Cells', 'Zoology basics']);

  await waitFor(() => expect(screen.getByLabelText('Not assigned to any class')).toBeEnabled());
  await user.click(screen.getByLabelText('Not assigned to any class'));
  expect(cardTitles()).toEqual(['Atoms', 'Zoology basics']);
  expect(screen.getByText('2 of 3 modules')).toBeInTheDocument();

  await user.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'ZOO');
  expect(cardTitles()).toEqual(['Zoology basics']);
  await user.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'x');
  expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  expect(screen.getByText('No modules match. Clear the search or the filter to see them all.')).toBeInTheDocument();
  expect(new URLSearchParams(router.location.search)).toEqual(new URLSearchParams('sort=title&unassigned=1&q=ZOOx'));
});

it('finds the search, sort and filter in the address (Back from a module, a reload), and hands them to a module it opens', async () => {
  const { router } = renderPage(<ModuleLibraryPage />, { path: '/teacher-modules', url: '/teacher-modules?q=o&sort=title&unassigned=1' });

  await waitFor(() => expect(cardTitles()).toEqual(['Atoms', 'Zoology basics']));
  expect(screen.getByRole('searchbox', { name: 'Search by title' })).toHaveValue('o');
  expect(screen.getByLabelText('Sort by')).toHaveValue('title');
  expect(screen.getByLabelText('Not assigned to any class')).toBeChecked();

  await userEvent.click(screen.getByRole('link', { name: 'Atoms' }));
  expect(router.location).toMatchObject({ pathname: '/teacher-modules/m2', state: { librarySearch: 'q=o&sort=title&unassigned=1' } });
});

it('searches inside the files and links each match to its page in the reader, the matching words marked', async () => {
  const withSection = moduleFixture({
    _id: 'm1',
    title: 'Cells',
    sections: [{ _id: 's1', title: 'Handbook', order: 1, contentType: 'PDF', contentUrl: 'protected/t/u/handbook.pdf', originalFileName: 'handbook.pdf', role: 'core' }],
  });
  answer('listModules', [withSection]);
  const searches = answer('search', {
    results: [{ moduleId: 'm1', sectionId: 's1', page: 12, snippet: 'Proteins are made on the ribosome, reading messenger RNA.', highlights: ['ribosome'] }],
  });
  const user = userEvent.setup();
  renderPage(<ModuleLibraryPage />, { path: '/teacher-modules', url: '/teacher-modules' });

  await user.type(await screen.findByLabelText('Search inside files'), 'ribosomes');
  await user.click(screen.getByRole('button', { name: 'Search' }));

  const link = await screen.findByRole('link', { name: 'Cells › Handbook › page 12' });
  expect(link).toHaveAttribute('href', '/teacher-modules/m1/section/s1?page=12');
  expect(screen.getByText('ribosome', { selector: 'mark' })).toBeInTheDocument();
  expect(screen.getByText('1 match for “ribosomes”')).toBeInTheDocument();
  expect(searches.map((request) => request.query.get('q'))).toEqual(['ribosomes']);
});

it('says when the files hold nothing that matches', async () => {
  answer('search', { results: [] });
  const user = userEvent.setup();
  renderPage(<ModuleLibraryPage />, { path: '/teacher-modules', url: '/teacher-modules' });

  await user.type(await screen.findByLabelText('Search inside files'), 'quasar');
  await user.click(screen.getByRole('button', { name: 'Search' }));

  expect(await screen.findByText('Nothing found for “quasar”.')).toBeInTheDocument();
});
