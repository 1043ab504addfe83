// The input for a code from an authenticator app, shared by the sign-in step and the profile's set-up: digits only
// (spaces, as some apps show "123 456", are dropped), checked for six digits before anything is sent.
import { useState } from 'react';
import { Field } from '@web/components/field';
import { TOTP_MESSAGES } from '../login-messages';

export function useTotpCode() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  /** The six digits, or undefined (and the field shows why). */
  const check = (): string | undefined => {
    const digits = value.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError(TOTP_MESSAGES.format);
      return undefined;
    }
    setError(undefined);
    return digits;
  };
  return { value, setValue, error, check };
}

export function TotpCodeField({ id, code, autoFocus }: { id: string; code: ReturnType<typeof useTotpCode>; autoFocus?: boolean }) {
  return (
    <Field
      id={id}
      label="6-digit code"
      hint={TOTP_MESSAGES.prompt}
      error={code.error}
      inputMode="numeric"
      autoComplete="one-time-code"
      required
      autoFocus={autoFocus}
      value={code.value}
      onChange={(event) => code.setValue(event.target.value)}
    />
  );
}
