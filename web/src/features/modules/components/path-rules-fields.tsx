// What a teacher sets of a module's path rules: its order mode and each section's role (a check's score bands are set
// in the check editor). The one-line hints say what each choice does for students.
import { useId } from 'react';
import { DEFAULT_SECTION_ROLE, SECTION_ROLE_NAMES, SECTION_ROLES, type SectionRole } from '@shared/paths';
import { SelectField } from '@web/components/field';

const ROLE_CHOICES = SECTION_ROLES.map((role) => [role, SECTION_ROLE_NAMES[role]] as const);

export const ROLE_HINTS: Record<SectionRole, string> = {
  core: 'Everyone does it.',
  review: 'Opens only for students a check’s score band sends back to review.',
  extension: 'Opens only for students a check’s score band sends further.',
  optional: 'Never required; a check’s score band can let students skip it.',
};

export function SectionRoleSelect({ id, label, role, onChange, disabled, error }: {
  id: string;
  label: string;
  role: SectionRole | undefined;
  onChange: (role: SectionRole) => void;
  disabled: boolean;
  error?: string;
}) {
  const value = role ?? DEFAULT_SECTION_ROLE;
  return (
    <div className="section-role">
      <SelectField id={id} label={label} hint={ROLE_HINTS[value]} value={value} options={ROLE_CHOICES} onChange={onChange} disabled={disabled} error={error} />
    </div>
  );
}

/** Any order (today's behaviour, the default) or in order: a section locks until the previous required one is complete. */
export function OrderModeField({ sequential, onChange, disabled }: { sequential: boolean; onChange: (sequential: boolean) => void; disabled: boolean }) {
  const id = useId();
  return (
    <fieldset className="order-mode">
      <legend>Order</legend>
      <label className="order-mode-choice">
        <input type="radio" name={`${id}-order`} checked={!sequential} onChange={() => onChange(false)} disabled={disabled} />
        <span>
          Any order <span className="muted">— students open the sections in any order.</span>
        </span>
      </label>
      <label className="order-mode-choice">
        <input type="radio" name={`${id}-order`} checked={sequential} onChange={() => onChange(true)} disabled={disabled} />
        <span>
          In order <span className="muted">— a section locks until the previous required one is complete.</span>
        </span>
      </label>
    </fieldset>
  );
}
