// What the class report page's tests share: the fake API, the class Year 7 Maths (c1) answered for the page with the
// modules a test file gives it, and the page rendered at /analytics/c1.
import type { QueryClient } from '@tanstack/react-query';
import type { ClassDetail } from '@shared/contract/classes';
import ClassReportPage from '../features/progress/class-report-page';
import { answer, withFakeApi } from './api-server';
import { renderPage } from './test-utils';

/** Registers the fake API and, before each test, the class with these modules; answers the class. */
export function withClassReportPage(assignedModuleIds: ClassDetail['assignedModuleIds']): ClassDetail {
  const klass: ClassDetail = { _id: 'c1', className: 'Year 7 Maths', teacherId: { _id: 't1', username: 'Ms Rivera' }, studentIds: [], assignedModuleIds };
  withFakeApi();
  beforeEach(() => {
    // jsdom has no scrolling; the large table's virtualizer would scroll only when asked to move.
    window.scrollTo = jest.fn();
    answer('getClass', klass);
  });
  return klass;
}

/** The class report page of c1, as the teacher opens it. */
export const renderClassReport = (options: { queryClient?: QueryClient } = {}) =>
  renderPage(<ClassReportPage />, { path: '/analytics/:classId', url: '/analytics/c1', ...options });
