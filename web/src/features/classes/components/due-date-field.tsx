// A due date and time, typed in the school's time zone, which the hint names with its offset on that date. A date that
// has already passed is asked about, not taken silently: the field says students would see the module overdue at
// once, and the form saves it only once the teacher ticks that they mean it.
import { useState } from 'react';
import { instantOf, zoneOffsetName } from '@web/lib/due-dates';
import { schoolTimeZone } from '@web/lib/school-time-zone';

const PAST = 'This date has passed: students would see the module as overdue at once.';
const KEEP_PAST = 'Keep this date that has passed';
const UNCONFIRMED = `Choose a later date, or tick “${KEEP_PAST}”.`;

/** The state of one due-date field: the typed value, whether it lies in the past and whether that was confirmed. */
export function useDueDate(initial = '') {
  const [value, setTyped] = useState(initial);
  const [pastConfirmed, setPastConfirmed] = useState(false);
  const [flagged, setFlagged] = useState(false);
  const dueAt = value ? instantOf(value, schoolTimeZone()) : undefined;
  const past = dueAt !== undefined && Date.parse(dueAt) < Date.now();
  return {
    value,
    /** The instant to save (undefined: no due date). */
    dueAt,
    past,
    pastConfirmed,
    flagged: flagged && past && !pastConfirmed,
    setValue: (next: string) => {
      setTyped(next);
      setPastConfirmed(false);
      setFlagged(false);
    },
    setPastConfirmed,
    /** Before saving: false (and the field says what to do) while a past date is not confirmed. */
    ready: () => {
      setFlagged(true);
      return !past || pastConfirmed;
    },
    reset: () => {
      setTyped('');
      setPastConfirmed(false);
      setFlagged(false);
    },
  };
}

export type DueDateState = ReturnType<typeof useDueDate>;

interface DueDateFieldProps {
  id: string;
  due: DueDateState;
  disabled?: boolean;
}

export function DueDateField({ id, due, disabled }: DueDateFieldProps) {
  const zone = schoolTimeZone();
  const at = due.dueAt ? new Date(due.dueAt) : undefined;
  const described = [`${id}-zone`, due.past && `${id}-past`, due.flagged && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>Due date (optional)</label>
      <input
        id={id}
        type="datetime-local"
        value={due.value}
        onChange={(event) => due.setValue(event.target.value)}
        disabled={disabled}
        aria-describedby={described}
        aria-invalid={due.flagged || undefined}
      />
      <span id={`${id}-zone`} className="field-hint">
        School time: {zone} ({zoneOffsetName(zone, at)})
      </span>
      {due.past && (
        <>
          <span id={`${id}-past`} className="field-hint">
            {PAST}
          </span>
          <label className="checkbox-field">
            <input type="checkbox" checked={due.pastConfirmed} onChange={(event) => due.setPastConfirmed(event.target.checked)} disabled={disabled} /> {KEEP_PAST}
          </label>
        </>
      )}
      {due.flagged && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {UNCONFIRMED}
        </span>
      )}
    </div>
  );
}
