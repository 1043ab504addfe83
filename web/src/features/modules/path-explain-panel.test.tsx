/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// The edit screen's path check and preview: the rules as edited checked at once (the module's own problems, with their
// fixes, beside the class prerequisites the server names), and, opened, the path of a student who scores what the
// teacher types, sending the scores and completions as numbers.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, withFakeApi } from '../../testing/api-server';
import { moduleFixture } from '../../testing/fixtures';
import { renderPage } from '../../testing/test-utils';
import { PathExplainPanel } from './components/path-explain-panel';

withFakeApi();

const ruled = moduleFixture({
  sequential: true,
  sections: [
    { _id: 's1', title: 'Intro', order: 1, role: 'core', contentType: 'PDF', contentUrl: 'protected/t/1.pdf', originalFileName: '1.pdf' },
    { _id: 's2', title: 'Membranes', order: 2, role: 'core', contentType: 'PDF', contentUrl: 'protected/t/2.pdf', originalFileName: '2.pdf' },
    { _id: 's3', title: 'Membranes again', order: 3, role: 'review', contentType: 'PDF', contentUrl: 'protected/t/3.pdf', originalFileName: '3.pdf' },
  ],
  checks: [{ sectionId: 's2', version: 1, passMark: 70, maxAttempts: 2, questionCount: 3 }],
});

const draft = { sequential: true, sections: ruled.sections.map((section) => ({ ...section, key: section._id })) };

it('lists the rules’ problems and the class prerequisites, and previews the path of a student with the typed score and completions', async () => {
  const checks = answer('checkPath', {
    problems: [
      { kind: 'unreachable', sectionId: 's3', message: 'The server’s check of the saved rules, which the screen has from the edits instead.' },
      { kind: 'prerequisite', message: 'In “7B” this module waits for a module the class no longer has.' },
    ],
  });
  const previews = answer('previewPath', {
    sections: [
      { sectionId: 's1', state: 'complete' },
      { sectionId: 's2', state: 'open' },
      { sectionId: 's3', state: 'locked', reason: 'Your teacher opens this section for you when you need it.' },
    ],
  });
  const user = userEvent.setup();
  renderPage(<PathExplainPanel module={ruled} draft={draft} />, { path: '/', url: '/' });
  const problems = await screen.findByRole('list', { name: 'Path problems' });
  await waitFor(() => expect(within(problems).getAllByRole('listitem')).toHaveLength(2));
  expect(within(problems).getAllByRole('listitem').map((item) => item.textContent?.slice(0, 60))).toEqual([
    'No score band releases the review section “Membranes again”,',
    'In “7B” this module waits for a module the class no longer h',
  ]);
  expect(checks).toHaveLength(1);

  await user.click(screen.getByText('Preview the path as a student'));

  await user.type(screen.getByLabelText('Score on “Membranes” (%)'), '40');
  await user.click(screen.getByRole('checkbox', { name: 'Intro' }));
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  const path = await screen.findByRole('list', { name: 'The path such a student meets' });
  expect(within(path).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Intro: Complete',
    'Membranes: Open',
    'Membranes again: Locked — Your teacher opens this section for you when you need it.',
  ]);
  expect(previews[0]!.body).toEqual({ scores: { s2: 40 }, completed: ['s1'] });
});
