// A person where shown: their name, with their e-mail as secondary text, so two people with the same name can be told
// apart. The e-mail wraps where there is no room for it on one line (a phone), so it is never cut; the report keeps it to
// one line (report.css) and names the student in full on the row's button.
import './person-label.css';

interface PersonLabelProps {
  name: string;
  /** Absent for records written before the e-mail was kept; not repeated when it is also the name. */
  email?: string;
  className?: string;
}

export function PersonLabel({ name, email, className }: PersonLabelProps) {
  const secondary = email && email !== name ? email : undefined;
  return (
    <span className={className ? `person-label ${className}` : 'person-label'}>
      <span className="person-label-name">{name}</span>
      {secondary && (
        <span className="person-label-email" title={secondary}>
          {secondary}
        </span>
      )}
    </span>
  );
}
