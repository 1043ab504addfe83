// The class report: one row per student (with their last activity), one column per module, each cell its status
// (icon and hidden text) and "percentage% (completed/total)".
// A large class (hundreds or thousands of students × tens of modules) renders only the rows near the screen, each row
// memoised, so opening or scrolling the report never blocks the page; every row has the same fixed height, so nothing
// moves as rows come and go. Rows may arrive in pages: the table is as tall as the whole class (`totalRows`), rows not
// loaded yet show as placeholders, and `onNearEnd` asks for more when the last loaded rows come near the screen.
import { useWindowVirtualizer, windowScroll } from '@tanstack/react-virtual';
import { memo, useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import type { ClassReportRow } from '@shared/contract/reports';
import type { ModuleRef } from '@shared/contract/classes';
import { PersonLabel } from '@web/components/person-label';
import { cellText, scoreCellText, type ReportColumn } from '../utils/report-csv';
import { LastActivity, StatusIcon } from './report-status';

/** Columns follow the class's module order; modules only the report knows (none, normally) come last. */
export function reportColumns(rows: ClassReportRow[], classModules: Pick<ModuleRef, '_id' | 'title'>[] = []): ReportColumn[] {
  const columns = new Map<string, ReportColumn>();
  for (const module of classModules) columns.set(module._id, { moduleId: module._id, title: module.title });
  for (const row of rows) {
    for (const module of row.modules) {
      if (!columns.has(module.moduleId)) columns.set(module.moduleId, { moduleId: module.moduleId, title: module.moduleTitle });
    }
  }
  return [...columns.values()];
}

/** Every body row is this tall (names are clamped to two lines in CSS), so the virtual rows need no measuring. */
export const REPORT_ROW_HEIGHT_PX = 73;
/** From this many students on, only the rows near the screen are rendered. */
export const VIRTUALIZE_FROM_ROWS = 60;
const OVERSCAN_ROWS = 6;
/** The next page is asked for when a rendered row is this close to the last loaded one. */
const NEAR_END_ROWS = 30;

interface ReportTableProps {
  caption: string;
  rows: ClassReportRow[];
  /** The class's number of students, when only some rows are loaded yet. */
  totalRows?: number;
  onNearEnd?: () => void;
  classModules?: Pick<ModuleRef, '_id' | 'title'>[];
  /** Drill-downs: a module's column heading and a student's name open them. */
  onOpenModule?: (column: ReportColumn) => void;
  onOpenStudent?: (row: ClassReportRow) => void;
  /** Completion (default) or Scores: each cell the student's mean best percent on the module's checks and n/m passed. */
  view?: ReportView;
}

export type ReportView = 'completion' | 'scores';

export function ReportTable({ caption, rows, totalRows = 0, onNearEnd, classModules, onOpenModule, onOpenStudent, view = 'completion' }: ReportTableProps) {
  const columns = useMemo(() => reportColumns(rows, classModules), [rows, classModules]);
  const count = Math.max(rows.length, totalRows);
  const virtualized = count >= VIRTUALIZE_FROM_ROWS;
  const body = useRef<HTMLTableSectionElement>(null);
  const captionId = useId();
  const bodyTop = useDocumentTop(body);
  // The page's own scroll position, read while rendering (before this table is in the page, so it costs no layout).
  const [initialOffset] = useState(() => window.scrollY);
  const started = useRef(false);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => REPORT_ROW_HEIGHT_PX,
    // Opened at the top of the page, no rows beyond the window until the body's place is known: the first render takes
    // the body to start at the top of the page, so its window's worth of rows already reaches below the screen (on a
    // phone, where the table starts below the summary and controls, the overscan's rows were a third of the first
    // frame's layout). A restored scroll position keeps them: there the guess errs the other way.
    overscan: bodyTop || initialOffset ? OVERSCAN_ROWS : 0,
    scrollMargin: bodyTop,
    enabled: virtualized,
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    // A Back navigation restores the scroll position before this table mounts: the virtualizer starts there.
    initialOffset,
    // When it starts, the virtualizer scrolls the window to where it already is: a no-op that forced a layout of the
    // whole new table inside the commit (the longest task on a phone). That first call is skipped; later ones scroll.
    scrollToFn: (offset, options, instance) => {
      if (!started.current) {
        started.current = true;
        return;
      }
      windowScroll(offset, options, instance);
    },
  });

  const items = virtualized
    ? virtualizer.getVirtualItems().map((item) => ({ index: item.index, start: item.start - bodyTop }))
    : Array.from({ length: count }, (_, index) => ({ index, start: index * REPORT_ROW_HEIGHT_PX }));
  const total = virtualized ? virtualizer.getTotalSize() : count * REPORT_ROW_HEIGHT_PX;
  const lastRendered = items.length ? items[items.length - 1]!.index : -1;
  // Asked when the rows rendered or loaded change, not whenever the page re-renders: the page's rows lag its query's
  // (a deferred value), and asking again while they lag would load a page nobody came near.
  const nearEnd = useEffectEvent(() => onNearEnd?.());
  useEffect(() => {
    if (rows.length < count && lastRendered >= rows.length - NEAR_END_ROWS) nearEnd();
  }, [lastRendered, rows.length, count]);
  const spaceAbove = items.length ? items[0]!.start : 0;
  const spaceBelow = items.length ? total - (items[items.length - 1]!.start + REPORT_ROW_HEIGHT_PX) : total;

  // The caption sits above the scroller, not in the table: a <caption> is as wide as the table, and keeping its words
  // within the part on screen took a size container, whose extra layout pass was a third of the table's first layout.
  return (
    <div className="report-frame">
      <p id={captionId} className="report-caption">
        {caption}
      </p>
      <div className="report-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        {/* The rows below the window are stood for by the table's bottom margin rather than a row: a row there would
            move down whenever rows are added above it, which browsers count as layout shift while it is on screen. */}
        <table className="report-table" aria-labelledby={captionId} aria-rowcount={count + 1} style={spaceBelow > 0 ? { marginBottom: spaceBelow } : undefined}>
          <colgroup>
            <col className="report-student-column" />
            <col className="report-activity-column" />
            {columns.map((column) => (
              <col key={column.moduleId} className="report-module-column" />
            ))}
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              <th scope="col">Student</th>
              <th scope="col">Last activity</th>
              {columns.map((column) => (
                <ColumnHeading key={column.moduleId} column={column} onOpen={onOpenModule} />
              ))}
            </tr>
          </thead>
          <tbody ref={body}>
            {spaceAbove > 0 && <Spacer height={spaceAbove} span={columns.length + 2} />}
            {items.map(({ index }) =>
              rows[index] ? (
                <ReportRowView key={rows[index].studentId} row={rows[index]} columns={columns} rowIndex={index + 2} onOpenStudent={onOpenStudent} view={view} />
              ) : (
                <PendingRow key={`pending-${index}`} span={columns.length + 1} rowIndex={index + 2} />
              ),
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * A module's column heading: its title cut to three lines on a narrow column (hyphenated, then an ellipsis), whole in
 * the heading's text, so the accessible name is always the full title. Focus (a tap focuses it too) or hover shows the
 * full title beside it; the teacher's heading is also the button that opens the module's drill-down, titled in full.
 */
function ColumnHeading({ column, onOpen }: { column: ReportColumn; onOpen?: (column: ReportColumn) => void }) {
  const title = <span className="report-column-title line-clamped">{column.title}</span>;
  // A heading cell half out of the table's sideways scroll comes into view whole, with the tip under it, when the
  // keyboard brings it there. Not on a press: scrolling between the press and the release loses the click.
  const reveal = (event: React.FocusEvent<HTMLElement>) => {
    if (event.currentTarget.matches(':focus-visible')) event.currentTarget.parentElement?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };
  return (
    <th scope="col" className="report-column-heading">
      {onOpen ? (
        <button type="button" className="report-drill report-column-focus" onClick={() => onOpen(column)} onFocus={reveal}>
          {title}
        </button>
      ) : (
        // Focusable, so a keyboard or a tap can show the full title.
        <span className="report-column-focus" tabIndex={0} onFocus={reveal}>
          {title}
        </span>
      )}
      {/* What the eye sees of the full title; assistive technology has it already, from the heading's own text. */}
      <span className="report-column-tip" aria-hidden="true">
        {column.title}
      </span>
    </th>
  );
}

/** Stands in for the rows above the window (its top never moves), so rendered rows sit where they belong. */
function Spacer({ height, span }: { height: number; span: number }) {
  return (
    <tr aria-hidden="true" className="report-spacer" style={{ height }}>
      <td colSpan={span} />
    </tr>
  );
}

/** A student whose page is still loading: the same height as a row, so nothing moves when it arrives. */
function PendingRow({ span, rowIndex }: { span: number; rowIndex: number }) {
  return (
    <tr aria-rowindex={rowIndex} aria-busy="true" style={{ height: REPORT_ROW_HEIGHT_PX }}>
      <td colSpan={span + 1} className="muted">
        Loading…
      </td>
    </tr>
  );
}

interface ReportRowViewProps {
  row: ClassReportRow;
  columns: ReportColumn[];
  rowIndex: number;
  onOpenStudent?: (row: ClassReportRow) => void;
  view: ReportView;
}

const ReportRowView = memo(function ReportRowView({ row, columns, rowIndex, onOpenStudent, view }: ReportRowViewProps) {
  const byModule = new Map(row.modules.map((module) => [module.moduleId, module]));
  return (
    <tr aria-rowindex={rowIndex} style={{ height: REPORT_ROW_HEIGHT_PX }}>
      <th scope="row">
        <span className="report-student-cell">
          {onOpenStudent ? (
            <button type="button" className="report-drill report-student-name" onClick={() => onOpenStudent(row)}>
              <PersonLabel name={row.studentName} email={row.studentEmail} className="report-student" />
            </button>
          ) : (
            <PersonLabel name={row.studentName} email={row.studentEmail} className="report-student report-student-name" />
          )}
          {/* In the row's header, so every cell of the row is read with it. */}
          {row.disabled && <span className="account-disabled-badge">Disabled</span>}
        </span>
      </th>
      <td>
        <LastActivity iso={row.lastActivityAt} />
      </td>
      {columns.map((column) => {
        const cell = byModule.get(column.moduleId);
        if (!cell) {
          return (
            <td key={column.moduleId}>
              <span aria-hidden="true">—</span>
              <span className="visually-hidden">No data</span>
            </td>
          );
        }
        // Each part of a cell is a child of its <td>, with no wrapper (the line break puts the figures under the shape
        // and bar; a chip follows a space, which a wrapped line drops): a report row on screen holds twenty cells, and
        // each element is layout a phone must do.
        if (view === 'scores') {
          return (
            <td key={column.moduleId}>
              {cell.scores && cell.scores.meanBestPercent !== null && <ReportMeter percent={cell.scores.meanBestPercent} ownLine />}
              {scoreCellText(cell)}
            </td>
          );
        }
        return (
          <td key={column.moduleId}>
            <StatusIcon cell={cell} />
            <ReportMeter percent={cell.percentage} />
            <br />
            {cellText(cell)}
            {/* The student's branch of a module with review or extension sections, in words. */}
            {cell.branch && <> <span className="branch-chip">{cell.branch}</span></>}
            {/* Shut by the class's prerequisite the student is not done with (the server's reading of their path). */}
            {cell.waitsFor && <> <span className="branch-chip">Locked: needs {cell.waitsFor.moduleTitle}</span></>}
          </td>
        );
      })}
    </tr>
  );
});

/** A bar filled to `percent` (0–100) by its left border (progress.css): one element; `ownLine` puts it above the figures. */
function ReportMeter({ percent, ownLine = false }: { percent: number; ownLine?: boolean }) {
  const filled = { '--filled': Math.max(0, Math.min(100, percent)) } as React.CSSProperties;
  return <span className={ownLine ? 'report-meter report-meter-line' : 'report-meter'} aria-hidden="true" style={filled} />;
}

/**
 * The element's distance from the top of the document, kept up to date when the window resizes. Read once the first
 * frame with the table has been painted, when layout is clean: reading it earlier (a layout effect, or an effect React
 * runs before that frame) forced the layout of the whole table into the task that rendered it, the longest task of the
 * report on a phone. Until then 0, which renders a few rows more than needed, never fewer.
 */
function useDocumentTop(element: React.RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useEffect(() => {
    const measure = () => {
      if (element.current) setTop(Math.round(element.current.getBoundingClientRect().top + window.scrollY));
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(measure);
    });
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      window.removeEventListener('resize', measure);
    };
  }, [element]);
  return top;
}
