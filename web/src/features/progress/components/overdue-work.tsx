// Under the report's Overdue filter: each student's modules past their due date and not complete, with Nudge, which
// sends the student a reminder in their bell ("{teacher} reminded you: {module} is due {day}"). A second click the
// same day sends nothing more (the server keeps one reminder per student, module and day).
import { useState } from 'react';
import type { ClassReportRow } from '@shared/contract/reports';
import { DueDate } from '@web/components/due-date';
import { useNudgeStudent } from '@web/api/classes';
import { overdueCells, type DueDates } from '../utils/report-view';

interface OverdueWorkProps {
  classId: string;
  rows: ClassReportRow[];
  dueDates: DueDates;
  now: Date;
}

type Sent = Record<string, 'sending' | 'sent' | 'failed'>;

export function OverdueWork({ classId, rows, dueDates, now }: OverdueWorkProps) {
  const nudge = useNudgeStudent(classId);
  const [sent, setSent] = useState<Sent>({});
  const pairs = rows.flatMap((row) => overdueCells(row, dueDates, now).map((cell) => ({ row, cell, key: `${row.studentId}:${cell.moduleId}` })));

  function send(key: string, moduleId: string, studentId: string) {
    setSent((current) => ({ ...current, [key]: 'sending' }));
    nudge.mutate(
      { moduleId, studentId },
      {
        onSuccess: () => setSent((current) => ({ ...current, [key]: 'sent' })),
        onError: () => setSent((current) => ({ ...current, [key]: 'failed' })),
      },
    );
  }

  return (
    <section className="card overdue-work" aria-labelledby="overdue-work-heading">
      <h2 id="overdue-work-heading">Overdue work ({pairs.length})</h2>
      <ul className="overdue-work-list">
        {pairs.map(({ row, cell, key }) => (
          <li key={key} className="overdue-work-item">
            <span className="overdue-work-text">
              <strong>{row.studentName}</strong> · {cell.moduleTitle} ({cell.completed}/{cell.total}) <DueDate dueAt={dueDates.get(cell.moduleId)!} overdue />
            </span>
            <span className="overdue-work-action">
              <button
                type="button"
                className="button button-secondary"
                aria-label={`Nudge ${row.studentName} about ${cell.moduleTitle}`}
                disabled={sent[key] === 'sending' || sent[key] === 'sent'}
                onClick={() => send(key, cell.moduleId, row.studentId)}
              >
                {sent[key] === 'sending' ? 'Sending...' : 'Nudge'}
              </button>
              <span role="status" className="field-hint">
                {sent[key] === 'sent' ? 'Reminder sent' : sent[key] === 'failed' ? 'Could not send the reminder. Try again.' : ''}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
