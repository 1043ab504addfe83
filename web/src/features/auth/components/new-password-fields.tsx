// A new password twice, with the user pool's policy shown and checked before anything is sent (the pool asks for
// PASSWORD_MIN_LENGTH characters and no character classes; Cognito refuses spaces at either end).
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { Field } from '@web/components/field';

export const PASSWORD_POLICY = `At least ${PASSWORD_MIN_LENGTH} characters, without spaces at the start or end.`;

export interface NewPasswordValue {
  password: string;
  confirmation: string;
}

export interface NewPasswordErrors {
  password?: string;
  confirmation?: string;
}

/** What is wrong with the new password, per field; empty when it can be sent. */
export function checkNewPassword({ password, confirmation }: NewPasswordValue): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (password.length < PASSWORD_MIN_LENGTH) errors.password = `The password needs at least ${PASSWORD_MIN_LENGTH} characters.`;
  else if (password !== password.trim()) errors.password = 'The password cannot start or end with a space.';
  if (!errors.password && confirmation !== password) errors.confirmation = 'The two passwords do not match.';
  return errors;
}

interface NewPasswordFieldsProps {
  idPrefix: string;
  value: NewPasswordValue;
  errors: NewPasswordErrors;
  onChange: (value: NewPasswordValue) => void;
}

export function NewPasswordFields({ idPrefix, value, errors, onChange }: NewPasswordFieldsProps) {
  return (
    <>
      <Field
        id={`${idPrefix}-password`}
        label="New Password"
        hint={PASSWORD_POLICY}
        type="password"
        autoComplete="new-password"
        required
        value={value.password}
        error={errors.password}
        onChange={(event) => onChange({ ...value, password: event.target.value })}
      />
      <Field
        id={`${idPrefix}-confirmation`}
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        required
        value={value.confirmation}
        error={errors.confirmation}
        onChange={(event) => onChange({ ...value, confirmation: event.target.value })}
      />
    </>
  );
}
