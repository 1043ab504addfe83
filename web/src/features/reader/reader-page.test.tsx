/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { DOWNLOAD_URL_TTL_SECONDS } from '@shared/constants';
import { createQueryClient } from '../../app/query-client';
import type { Section } from '@shared/contract/modules';
import { answer, HttpError, withFakeApi } from '../../testing/api-server';
import { moduleFixture } from '../../testing/fixtures';
import { captureConsoleErrors } from '../../testing/console-errors';
import { renderPage, STUDENT, TEACHER } from '../../testing/test-utils';
import { FileTooLargeError } from './utils/fetch-file';
import type { ViewerProps } from './viewers/viewer-props';
import ReaderPage from './reader-page';

withFakeApi();

/**
 * Stands in for the real viewers (pdf.js and the office renderers need a real browser; the browser tests cover them):
 * it renders what it was given, or fails the way the link in its URL says.
 */
function mockViewer(kind: string) {
  return {
    __esModule: true,
    default: function FakeViewer({ url, label, onReady, onError, initialPage, onPageChange }: ViewerProps) {
      const [page, setPage] = useState(initialPage ?? 1);
      useEffect(() => onPageChange?.(page), [page, onPageChange]);
      useEffect(() => {
        if (url.includes('expired')) onError(Object.assign(new Error('Forbidden'), { status: 403 }));
        else if (url.includes('broken')) onError(new Error('Not a valid file'));
        else if (url.includes('bomb')) onError(new FileTooLargeError('word/document.xml declares 419430400 bytes.'));
        else if (!url.includes('slow')) onReady();
      }, [url, onReady, onError]);
      return (
        <>
          <p>
            {kind} viewer of {label} from {url}
          </p>
          <p>On page {page}</p>
          <button type="button" onClick={() => setPage(9)}>
            Turn to page 9
          </button>
        </>
      );
    },
  };
}
jest.mock('./viewers/pdf-viewer', () => mockViewer('PDF'));
jest.mock('./viewers/docx-viewer', () => mockViewer('Word'));
jest.mock('./viewers/pptx-viewer', () => mockViewer('PowerPoint'));

const section = (id: string, order: number, overrides: Partial<Section> = {}): Section => ({
  _id: id,
  title: `Section ${order}`,
  order,
  contentType: 'PDF',
  contentUrl: `k-${id}`,
  originalFileName: `${id}.pdf`,
  size: 1843,
  downloadUrl: `https://bucket/${id}?sig=1`,
  role: 'core',
  ...overrides,
});

const sections = [
  section('s1', 1, { title: 'Intro' }),
  section('s2', 2, { title: 'Slides', contentType: 'PPT', originalFileName: 'slides.pptx', size: 10_343 }),
  section('s3', 3, { title: 'Worksheet', contentType: 'WORD', originalFileName: 'sheet.docx' }),
];

const progress = (completedSections: string[]) => ({ studentId: 'student-sub', moduleId: 'm1', classId: 'c1', completedSections });

function openAsStudent(sectionId: string) {
  return renderPage(<ReaderPage />, {
    path: '/student/class/:classId/module/:moduleId/section/:sectionId',
    url: `/student/class/c1/module/m1/section/${sectionId}`,
    user: STUDENT,
    also: { '/student/class/:classId/module/:moduleId/section/:sectionId': <ReaderPage /> },
  });
}

const consoleErrors = captureConsoleErrors();

afterEach(() => {
  focusManager.setFocused(undefined);
  jest.useRealTimers();
});

let moduleReads: ReturnType<typeof answer<'getModule'>>;
let progressReads: ReturnType<typeof answer<'getProgress'>>;
let readingReports: ReturnType<typeof answer<'recordReading'>>;
beforeEach(() => {
  moduleReads = answer('getModule', moduleFixture({ sections }));
  progressReads = answer('getProgress', progress([]));
  readingReports = answer('recordReading', ({ params, body }) => ({ sectionId: params.sectionId, opened: 1, minutes: 0, ...(body.page && { page: body.page }) }));
});

describe("the student's reading", () => {
  it('opens the file at the page the student was last on, and reports the open', async () => {
    answer('getModule', moduleFixture({ sections: [section('s1', 1, { lastPage: 7 }), ...sections.slice(1)] }));
    openAsStudent('s1');
    expect(await screen.findByText('On page 7')).toBeInTheDocument();
    await waitFor(() => expect(readingReports).toHaveLength(1));
    expect(readingReports[0]).toMatchObject({ params: { id: 'm1', sectionId: 's1' }, body: { classId: 'c1', opened: true } });
  });

  it('reports the page turned to when the student leaves the page, once', async () => {
    openAsStudent('s1');
    expect(await screen.findByText('On page 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Turn to page 9' }));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await waitFor(() => expect(readingReports.map((report) => report.body)).toEqual([{ classId: 'c1', opened: true }, { classId: 'c1', page: 9 }]));
  });

  it('reports a minute for each minute the tab is visible', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'setImmediate', 'nextTick'] });
    openAsStudent('s1');
    expect(await screen.findByText('On page 1')).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(2 * 60_000);
    });
    await waitFor(() => expect(readingReports.filter((report) => report.body.minutes === 1)).toHaveLength(2));
  });
});

describe('the file', () => {
  it('says it is loading until the viewer has drawn the file', async () => {
    answer('getModule', moduleFixture({ sections: [section('s1', 1, { downloadUrl: 'https://bucket/slow' })] }));
    openAsStudent('s1');
    expect(await screen.findByText('PDF viewer of Section 1 from https://bucket/slow')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading file...');
  });

  it("renders it with its type's viewer and shows its type, name and size, with Download original", async () => {
    openAsStudent('s2');
    expect(await screen.findByText('PowerPoint viewer of Slides from https://bucket/s2?sig=1')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Loading file...')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: '2. Slides' })).toBeInTheDocument();
    expect(screen.getByText('PowerPoint · slides.pptx · 10 kB')).toBeInTheDocument();
    const download = screen.getByRole('link', { name: 'Download original' });
    expect(download).toHaveAttribute('href', 'https://bucket/s2?sig=1');
    expect(download).toHaveAttribute('download', 'slides.pptx');
  });

  it('shows a panel with name, type, size and Download for a type the app cannot show', async () => {
    const other = section('s9', 1, { title: 'Data', contentType: 'UNKNOWN', originalFileName: 'data.xlsx', size: 2_500_000 });
    answer('getModule', moduleFixture({ sections: [other] }));
    openAsStudent('s9');
    const panel = await screen.findByRole('region', { name: 'File details' });
    expect(panel).toHaveTextContent('This type of file cannot be shown in the app.');
    expect(panel).toHaveTextContent('Namedata.xlsx');
    expect(panel).toHaveTextContent('TypeOther file');
    expect(panel).toHaveTextContent('Size2.4 MB');
    expect(within(panel).getByRole('link', { name: 'Download' })).toHaveAttribute('href', 'https://bucket/s9?sig=1');
  });

  it('shows the same panel, never a blank area, when the viewer fails on the file', async () => {
    consoleErrors.expect(/^Showing the file failed: Error: Not a valid file/);
    answer('getModule', moduleFixture({ sections: [section('s1', 1, { downloadUrl: 'https://bucket/broken' })] }));
    openAsStudent('s1');
    const panel = await screen.findByRole('region', { name: 'File details' });
    expect(panel).toHaveTextContent('This file could not be shown here.');
    expect(within(panel).getByRole('link', { name: 'Download' })).toHaveAttribute('download', 's1.pdf');
    expect(console.error).toHaveBeenCalledWith('Showing the file failed:', expect.any(Error));
  });

  it('says a file past the size limits is too large to show here, with Download, and logs no error', async () => {
    const worksheet = section('s3', 1, { contentType: 'WORD', originalFileName: 'sheet.docx', downloadUrl: 'https://bucket/bomb' });
    answer('getModule', moduleFixture({ sections: [worksheet] }));
    openAsStudent('s3');
    const panel = await screen.findByRole('region', { name: 'File details' });
    expect(panel).toHaveTextContent('This file is too large to show here. Download it to open it on your device.');
    expect(within(panel).getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'sheet.docx');
    expect(console.error).not.toHaveBeenCalled();
  });

  it('opens the file with a freshly signed link when the bucket refuses an expired one', async () => {
    // The first read signs a link that has expired by the time the viewer uses it; the next signs a fresh one.
    let signed = 0;
    const reads = answer('getModule', () => {
      signed += 1;
      return moduleFixture({ sections: [section('s1', 1, { downloadUrl: signed === 1 ? 'https://bucket/expired' : 'https://bucket/fresh' })] });
    });
    openAsStudent('s1');
    expect(await screen.findByText('PDF viewer of Section 1 from https://bucket/fresh')).toBeInTheDocument();
    expect(reads).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Download original' })).toHaveAttribute('href', 'https://bucket/fresh');
  });

  it('gives up with the panel when the fresh link is refused too', async () => {
    const reads = answer('getModule', moduleFixture({ sections: [section('s1', 1, { downloadUrl: 'https://bucket/expired' })] }));
    openAsStudent('s1');
    expect(await screen.findByRole('region', { name: 'File details' })).toHaveTextContent('could not be shown here');
    expect(reads).toHaveLength(2);
  });
});

describe('signed links (Download original) while the reader stays open', () => {
  const TTL_MS = DOWNLOAD_URL_TTL_SECONDS * 1000;
  const resigned = moduleFixture({ sections: sections.map((each) => ({ ...each, downloadUrl: `${each.downloadUrl}&fresh` })) });
  const download = () => screen.getByRole('link', { name: 'Download original' });
  // With the app's cache defaults (30 s fresh, no refetch on focus), which the module query must override.
  const openWithAppCache = () =>
    renderPage(<ReaderPage />, {
      path: '/student/class/:classId/module/:moduleId/section/:sectionId',
      url: '/student/class/c1/module/m1/section/s1',
      user: STUDENT,
      queryClient: createQueryClient(),
    });

  it('are signed again before they expire, without reopening the file', async () => {
    jest.useFakeTimers();
    openWithAppCache();
    expect(await screen.findByText('PDF viewer of Intro from https://bucket/s1?sig=1')).toBeInTheDocument();
    answer('getModule', resigned);

    // A minute before the first links expire, new ones are on screen; the open file keeps its link.
    await act(async () => jest.advanceTimersByTime(TTL_MS - 60_000));
    await waitFor(() => expect(download()).toHaveAttribute('href', 'https://bucket/s1?sig=1&fresh'));
    expect(screen.getByText('PDF viewer of Intro from https://bucket/s1?sig=1')).toBeInTheDocument();
  });

  it('are signed again when the student comes back to the window after they went stale', async () => {
    jest.useFakeTimers();
    openWithAppCache();
    await screen.findByText('PDF viewer of Intro from https://bucket/s1?sig=1');
    const resignedReads = answer('getModule', resigned);

    // Away (the interval does not run in the background) until the links are about to expire.
    act(() => focusManager.setFocused(false));
    await act(async () => jest.advanceTimersByTime(TTL_MS - 60_000));
    expect([moduleReads.length, resignedReads.length]).toEqual([1, 0]);

    act(() => focusManager.setFocused(true));
    await waitFor(() => expect(download()).toHaveAttribute('href', 'https://bucket/s1?sig=1&fresh'));
  });
});

describe('moving through the module', () => {
  it('lists the sections with their completion and links Previous and Next', async () => {
    answer('getProgress', progress(['s1']));
    openAsStudent('s2');
    const nav = await screen.findByRole('navigation', { name: 'Module sections' });
    expect(within(nav).getByRole('link', { name: '1. Intro (completed)' })).toHaveAttribute('href', '/student/class/c1/module/m1/section/s1');
    expect(within(nav).getByRole('link', { name: '2. Slides' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByText('(1 of 3 complete)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Previous: Intro/ })).toHaveAttribute('href', '/student/class/c1/module/m1/section/s1');
    expect(screen.getByRole('link', { name: /Next: Worksheet/ })).toHaveAttribute('href', '/student/class/c1/module/m1/section/s3');
  });

  it('goes to the next section with Next', async () => {
    const user = userEvent.setup();
    openAsStudent('s1');
    await user.click(await screen.findByRole('link', { name: /Next: Slides/ }));
    expect(await screen.findByText('PowerPoint viewer of Slides from https://bucket/s2?sig=1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '2. Slides' })).toBeInTheDocument();
  });

  it('marks the section complete, for good', async () => {
    const user = userEvent.setup();
    const marks = answer('markComplete', progress(['s1']));
    openAsStudent('s1');
    await user.click(await screen.findByRole('button', { name: 'Mark as Complete' }));
    expect(await screen.findByRole('button', { name: 'Completed' })).toBeDisabled();
    expect(marks.map(({ body }) => body)).toEqual([{ studentId: 'student-sub', moduleId: 'm1', classId: 'c1', sectionId: 's1' }]);
    expect(screen.getByRole('link', { name: '1. Intro (completed)' })).toBeInTheDocument();
  });

  it('undoes a completion marked by mistake, and says why when the server keeps it', async () => {
    const user = userEvent.setup();
    answer('getProgress', progress(['s1']));
    const marks = answer('markComplete', ({ body }) => (body.completed === false ? progress([]) : progress(['s1'])));
    openAsStudent('s1');
    await user.click(await screen.findByRole('button', { name: 'Undo marking complete' }));
    expect(await screen.findByRole('button', { name: 'Mark as Complete' })).toBeEnabled();
    expect(marks.map(({ body }) => body)).toEqual([{ studentId: 'student-sub', moduleId: 'm1', classId: 'c1', sectionId: 's1', completed: false }]);
    expect(screen.getByRole('link', { name: '1. Intro' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo marking complete' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark as Complete' }));
    expect(await screen.findByRole('button', { name: 'Completed' })).toBeDisabled();
    consoleErrors.expect(/^Marking the section complete failed: ApiError: You passed this section's check/);
    answer('markComplete', new HttpError(409, "You passed this section's check, so it stays complete."));
    await user.click(screen.getByRole('button', { name: 'Undo marking complete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("You passed this section's check, so it stays complete.");
    expect(screen.getByRole('button', { name: 'Completed' })).toBeDisabled();
  });

  it('says Could not update progress. when marking fails', async () => {
    consoleErrors.expect(/^Marking the section complete failed: ApiError: boom/);
    const user = userEvent.setup();
    answer('markComplete', new HttpError(500, 'boom'));
    openAsStudent('s1');
    await user.click(await screen.findByRole('button', { name: 'Mark as Complete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not update progress.');
    expect(screen.getByRole('button', { name: 'Mark as Complete' })).toBeEnabled();
  });

  it('at the last section of a complete module, says so and offers the next module of the class', async () => {
    answer('getProgress', progress(['s1', 's2', 's3']));
    answer('getStudentClassProgress', {
      classId: 'c1',
      studentId: 'student-sub',
      modules: [
        { moduleId: 'm1', moduleTitle: 'Fractions', completed: 3, total: 3, percentage: 100, completedSections: ['s1', 's2', 's3'], nextSectionId: null },
        { moduleId: 'm2', moduleTitle: 'Geometry', completed: 0, total: 2, percentage: 0, completedSections: [], nextSectionId: 'g1' },
      ],
    });
    openAsStudent('s3');
    expect(await screen.findByRole('heading', { name: 'Module complete' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Continue with Geometry' })).toHaveAttribute('href', '/student/class/c1/module/m2/section/g1');
    expect(screen.getByRole('link', { name: 'Back to class' })).toHaveAttribute('href', '/student/class/c1');
    expect(screen.queryByRole('link', { name: /^Next:/ })).not.toBeInTheDocument();
  });

  it('at the last section of an unfinished module, points to what is left', async () => {
    answer('getProgress', progress(['s1']));
    openAsStudent('s3');
    expect(await screen.findByText('1 other section of this module still to complete.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Slides' })).toHaveAttribute('href', '/student/class/c1/module/m1/section/s2');
  });

  it('says Section not found. for a section that is not in the module', async () => {
    openAsStudent('gone');
    expect(await screen.findByRole('alert')).toHaveTextContent('Section not found.');
  });
});

it('lets a teacher preview what students see, without progress or Mark as Complete', async () => {
  renderPage(<ReaderPage />, { path: '/teacher-modules/:moduleId/section/:sectionId', url: '/teacher-modules/m1/section/s1', user: TEACHER });
  expect(await screen.findByText('PDF viewer of Intro from https://bucket/s1?sig=1')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Next: Slides/ })).toHaveAttribute('href', '/teacher-modules/m1/section/s2');
  expect(screen.getByRole('link', { name: '← Back to module' })).toHaveAttribute('href', '/teacher-modules/m1');
  expect(screen.queryByRole('button', { name: 'Mark as Complete' })).not.toBeInTheDocument();
  expect(moduleReads).toHaveLength(1);
  expect(progressReads).toHaveLength(0);
});

describe("the student's path", () => {
  const onPath = [
    section('s1', 1, { title: 'Intro', state: 'complete' }),
    section('s2', 2, { title: 'Slides', state: 'locked', reason: 'Pass the check in “Intro” to open this.', downloadUrl: undefined }),
    section('s3', 3, { title: 'Cells again', role: 'review', state: 'open', reason: 'Because you scored 45 % on “Intro”, review this first.' }),
  ];
  beforeEach(() => {
    answer('getModule', moduleFixture({ sections: onPath }));
    answer('getProgress', progress(['s1']));
  });

  it('shows a locked section with what unlocks it, in place of its file, with no Mark as Complete or Download', async () => {
    openAsStudent('s2');
    expect(await screen.findByText('Pass the check in “Intro” to open this.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '2. Slides Locked' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as Complete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download original' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'File details' })).not.toBeInTheDocument();
  });

  it('lists a locked section as Locked without a link, and Next steps over it to the next open section', async () => {
    openAsStudent('s1');
    const nav = await screen.findByRole('navigation', { name: 'Module sections' });
    expect(within(nav).queryByRole('link', { name: /Slides/ })).not.toBeInTheDocument();
    expect(within(nav).getByText('2. Slides').closest('li')).toHaveTextContent('Locked');
    expect(screen.getByRole('link', { name: /Next: Cells again/ })).toHaveAttribute('href', '/student/class/c1/module/m1/section/s3');
  });

  it('Next follows the path past sections skipped or excused, and a skipped review is shown closed, with why and nothing to press', async () => {
    answer(
      'getModule',
      moduleFixture({
        sections: [
          section('s1', 1, { title: 'Intro', state: 'complete' }),
          section('s2', 2, { title: 'Cells again', role: 'review', state: 'skipped', reason: 'Because you scored 90 % on “Intro”, you can skip this.', downloadUrl: undefined }),
          section('s3', 3, { title: 'Extra reading', role: 'optional', state: 'excused', reason: 'Your teacher excused you from this: away' }),
          section('s4', 4, { title: 'Worksheet' }),
        ],
      }),
    );
    openAsStudent('s1');
    expect(await screen.findByRole('link', { name: /Next: Worksheet/ })).toHaveAttribute('href', '/student/class/c1/module/m1/section/s4');
    cleanup();

    openAsStudent('s2');
    expect(await screen.findByText('Because you scored 90 % on “Intro”, you can skip this.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as Complete' })).not.toBeInTheDocument();
    expect(screen.queryByText(/could not be shown/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Next: Worksheet/ })).toBeInTheDocument();
  });

  it('says why a released review section opened', async () => {
    openAsStudent('s3');
    expect(await screen.findByText('Because you scored 45 % on “Intro”, review this first.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '3. Cells again Review' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as Complete' })).toBeEnabled();
    expect(screen.getByRole('link', { name: /Previous: Intro/ })).toHaveAttribute('href', '/student/class/c1/module/m1/section/s1');
  });

  it("shows the server's sentence when it refuses Mark as Complete with 409", async () => {
    consoleErrors.expect(/^Marking the section complete failed: ApiError: Complete “Intro” to open this\./);
    const user = userEvent.setup();
    answer('markComplete', new HttpError(409, 'Complete “Intro” to open this.'));
    openAsStudent('s3');
    await user.click(await screen.findByRole('button', { name: 'Mark as Complete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Complete “Intro” to open this.');
  });
});

describe("the section's text", () => {
  it('shows the text beside the file for a student, page by page, and back to the file', async () => {
    const user = userEvent.setup();
    const texts = answer('getSectionText', { status: 'ready', pages: [{ number: 1, text: 'Cells are small.\n\nThey divide, and\ngrow.\nTitle' }, { number: 2, text: 'Mitochondria make energy.' }] });
    openAsStudent('s1');
    const views = await screen.findByRole('navigation', { name: 'Show this section as' });
    expect(within(views).getByRole('link', { name: 'File' })).toHaveAttribute('aria-current', 'page');
    expect(texts).toHaveLength(0);

    await user.click(within(views).getByRole('link', { name: 'Text' }));
    const text = await screen.findByRole('article', { name: 'Text of Intro' });
    expect(within(text).getByRole('heading', { name: 'Page 2' })).toBeInTheDocument();
    expect(within(text).getAllByRole('paragraph').map((paragraph) => paragraph.textContent)).toEqual(['Cells are small.', 'They divide, and grow.\nTitle', 'Mitochondria make energy.']);
    expect(screen.queryByText(/PDF viewer of Intro/)).not.toBeInTheDocument();
    expect(texts[0]!.params).toEqual({ id: 'm1', sectionId: 's1' });

    await user.click(within(views).getByRole('link', { name: 'File' }));
    expect(await screen.findByText(/PDF viewer of Intro/)).toBeInTheDocument();
  });

  it('says why a text is missing: a file of pictures of text', async () => {
    answer('getSectionText', { status: 'no-text', pages: [] });
    renderPage(<ReaderPage />, { path: '/student/class/:classId/module/:moduleId/section/:sectionId', url: '/student/class/c1/module/m1/section/s1?view=text', user: STUDENT });
    expect(await screen.findByText(/No text found in this file\. It may hold only pictures of text/)).toBeInTheDocument();
  });

  it('shows neither file nor text of a locked section', async () => {
    const texts = answer('getSectionText', { status: 'ready', pages: [{ number: 1, text: 'Secret.' }] });
    answer('getModule', moduleFixture({ sections: [section('s1', 1, { state: 'locked', reason: 'Complete “Intro” to open this.', downloadUrl: undefined })] }));
    renderPage(<ReaderPage />, { path: '/student/class/:classId/module/:moduleId/section/:sectionId', url: '/student/class/c1/module/m1/section/s1?view=text', user: STUDENT });
    expect(await screen.findByText('Complete “Intro” to open this.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Show this section as' })).not.toBeInTheDocument();
    expect(screen.queryByText('Secret.')).not.toBeInTheDocument();
    expect(texts).toHaveLength(0);
  });
});
