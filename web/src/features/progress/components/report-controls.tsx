// Sort, filter (with the teacher's number of days for "stalled") and CSV export of the rows shown.
import { useId, useState } from 'react';
import { FILTER_LABELS, SORT_LABELS, type ReportFilter, type ReportSort } from '../utils/report-view';

interface ReportControlsProps {
  sort: ReportSort;
  filter: ReportFilter;
  stalledDays: number;
  shown: number | undefined;
  total: number | undefined;
  onSort: (sort: ReportSort) => void;
  onFilter: (filter: ReportFilter) => void;
  onStalledDays: (days: number) => void;
  onExport: (() => void) | undefined;
}

export const MAX_STALLED_DAYS = 365;
/** Said under the field while what is typed is not a number of days the report can use (it keeps the last one that was). */
export const STALLED_DAYS_RULE = `Enter a whole number of days from 1 to ${MAX_STALLED_DAYS}; the report still uses the last valid number.`;

function validDays(text: string): number | undefined {
  const days = Number(text);
  return text.trim() !== '' && Number.isInteger(days) && days >= 1 && days <= MAX_STALLED_DAYS ? days : undefined;
}

export function ReportControls(props: ReportControlsProps) {
  const { sort, filter, stalledDays, shown, total, onSort, onFilter, onStalledDays, onExport } = props;
  const id = useId();
  // The field keeps what is typed (empty while retyping); the report follows each whole number in range.
  const [daysText, setDaysText] = useState(String(stalledDays));
  const daysError = validDays(daysText) === undefined && daysText !== '' ? STALLED_DAYS_RULE : undefined;
  return (
    <div className="report-controls">
      <ChoiceField id={`${id}-sort`} label="Sort by" value={sort} labels={SORT_LABELS} onChange={onSort} />
      <ChoiceField id={`${id}-filter`} label="Show" value={filter} labels={FILTER_LABELS} onChange={onFilter} />
      <div className="field report-control report-days">
        <label htmlFor={`${id}-days`}>Stalled after (days)</label>
        <input
          id={`${id}-days`}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_STALLED_DAYS}
          value={daysText}
          aria-invalid={daysError ? true : undefined}
          aria-describedby={daysError ? `${id}-days-error` : undefined}
          onChange={(event) => {
            setDaysText(event.target.value);
            const days = validDays(event.target.value);
            if (days !== undefined) onStalledDays(days);
          }}
        />
        {daysError && (
          <p id={`${id}-days-error`} className="field-error" role="alert">
            {daysError}
          </p>
        )}
      </div>
      <p className="muted report-count" aria-live="polite">
        {shown === undefined || total === undefined ? '' : `Showing ${shown} of ${total} students`}
      </p>
      <button type="button" className="button button-secondary report-export" onClick={onExport} disabled={!onExport}>
        Export CSV
      </button>
    </div>
  );
}

interface ChoiceFieldProps<T extends string> {
  id: string;
  label: string;
  value: T;
  labels: Record<T, string>;
  onChange: (value: T) => void;
}

function ChoiceField<T extends string>({ id, label, value, labels, onChange }: ChoiceFieldProps<T>) {
  return (
    <div className="field report-control">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {(Object.keys(labels) as T[]).map((key) => (
          <option key={key} value={key}>
            {labels[key]}
          </option>
        ))}
      </select>
    </div>
  );
}
