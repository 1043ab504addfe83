// A choice of teacher (or none) from the directory's Teachers group.
import { displayName } from '@shared/person-name';
import { usePeople } from '@web/api/people';

interface TeacherSelectProps {
  id: string;
  value: string;
  onChange: (teacherId: string) => void;
  disabled?: boolean;
}

export function TeacherSelect({ id, value, onChange, disabled }: TeacherSelectProps) {
  const teachers = usePeople({ role: 'Teachers' });
  const options = teachers.data?.pages.flatMap((page) => page.people).filter((person) => person.status !== 'disabled') ?? [];
  return (
    <div className="field">
      <label htmlFor={id}>Teacher</label>
      <select id={id} value={value} disabled={disabled || teachers.isPending} onChange={(event) => onChange(event.target.value)}>
        <option value="">No teacher yet</option>
        {options.map((teacher) => (
          <option key={teacher.userId} value={teacher.userId}>
            {displayName(teacher)} ({teacher.email})
          </option>
        ))}
      </select>
      {teachers.isError && <span className="field-hint">Could not load the teachers: {teachers.error.message}</span>}
      {teachers.hasNextPage && (
        <button type="button" className="link-button" onClick={() => void teachers.fetchNextPage()}>
          Show more teachers
        </button>
      )}
    </div>
  );
}
