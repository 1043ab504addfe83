// The reader's reports of a student reading a section (PUT …/sections/{sectionId}/reading): one "opened" when the
// file is shown, the page or slide they are on (after it has stayed a moment, and when they leave), and one minute for
// each minute the tab was visible at the beat. Coarse on purpose: the server keeps a count, minutes and the last page.
// A report refused for a reason that passes (the API's throttle when a whole school reads at once, a 5xx, no answer)
// is sent again after a jittered back-off, so a class's retries do not arrive together (docs/capacity.md).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { Module } from '@shared/contract/modules';
import type { RecordReadingInput } from '@shared/contract/progress';
import { moduleKeys } from '@web/api/modules';
import { recordReading } from '@web/api/progress';
import { ApiError } from '@web/lib/api-client';

/** A page is reported once it has been shown this long (paging through a file sends one report, not one per page). */
export const PAGE_REPORT_DELAY_MS = 2_000;
/** One minute is reported per beat at which the tab is visible. */
export const MINUTE_BEAT_MS = 60_000;
/** The waits before each new try of a failed report; each is stretched by a random 0 to 50 %. */
export const REPORT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000] as const;

/** Worth sending again: throttled (429), a server error, or no answer. A 4xx other than 429 would be refused again. */
const passes = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500);

export interface ReadingTarget {
  classId: string;
  moduleId: string;
  sectionId: string;
  /** The page the reader opened at (the one remembered): not reported again. */
  initialPage?: number;
}

/**
 * Reports a student's reading of the target section while it is shown (nothing without a target: a teacher's preview,
 * a locked section). Answers the viewer's page-change callback. A report that fails for a reason that passes is sent
 * again with back-off (REPORT_RETRY_DELAYS_MS), a page report only while no later page has been reported; after the
 * last try, or refused for good, it is dropped: reading counts are coarse.
 */
export function useReadingReport(target: ReadingTarget | undefined): (page: number) => void {
  const queryClient = useQueryClient();
  const { classId, moduleId, sectionId, initialPage } = target ?? {};
  const pending = useRef<{ page: number; timer: ReturnType<typeof setTimeout> }>(undefined);
  // The page last reported or opened at (a file without a remembered page opens at 1); the remembered page follows the
  // module read (and this hook's own reports).
  const lastPage = useRef(initialPage ?? 1);
  const remembered = useRef(initialPage ?? 1);
  remembered.current = initialPage ?? 1;

  const send = useCallback(
    (report: Omit<RecordReadingInput, 'classId'>, keepalive = false, tries = 0) => {
      if (!classId || !moduleId || !sectionId) return;
      const retry = (error: unknown) => {
        const delay = REPORT_RETRY_DELAYS_MS[tries];
        if (delay === undefined || !passes(error)) return;
        setTimeout(() => {
          // A later page was reported meanwhile: this one is out of date.
          if (report.page === undefined || report.page === lastPage.current) send(report, false, tries + 1);
        }, delay * (1 + Math.random() / 2));
      };
      recordReading(moduleId, sectionId, { classId, ...report }, { keepalive }).then(
        (reading) => {
          if (report.page === undefined) return;
          // The module read in the cache opens the section at this page next time, as the server will. Its age stays
          // that of the read: the signed links in it are renewed by age.
          const key = moduleKeys.detail(moduleId);
          queryClient.setQueryData<Module>(
            key,
            (module) => module && { ...module, sections: module.sections.map((section) => (section._id === sectionId ? { ...section, lastPage: reading.page } : section)) },
            { updatedAt: queryClient.getQueryState(key)?.dataUpdatedAt },
          );
        },
        retry,
      );
    },
    [queryClient, classId, moduleId, sectionId],
  );

  const flushPage = useCallback(
    (keepalive: boolean) => {
      const waiting = pending.current;
      if (!waiting) return;
      clearTimeout(waiting.timer);
      pending.current = undefined;
      send({ page: waiting.page }, keepalive);
    },
    [send],
  );

  useEffect(() => {
    if (!sectionId) return;
    lastPage.current = remembered.current;
    send({ opened: true });
    const beat = setInterval(() => {
      if (document.visibilityState === 'visible') send({ minutes: 1 });
    }, MINUTE_BEAT_MS);
    // Leaving the page (closing the tab, following a link out): the page waiting to be reported goes now.
    const leave = () => flushPage(true);
    window.addEventListener('pagehide', leave);
    return () => {
      clearInterval(beat);
      window.removeEventListener('pagehide', leave);
      flushPage(false);
    };
  }, [sectionId, send, flushPage]);

  return useCallback(
    (page: number) => {
      if (!sectionId || page === lastPage.current) return;
      lastPage.current = page;
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = { page, timer: setTimeout(() => flushPage(false), PAGE_REPORT_DELAY_MS) };
    },
    [sectionId, flushPage],
  );
}
