// The profile's two-factor authentication (TOTP, Cognito's software token): turn it on by scanning a QR code (or
// typing the key) into an authenticator app and confirming one code; see that it is on; turn it off. Administrators
// keep it on: the API refuses administration without it (shared/second-factor.ts), so the profile does not offer a
// switch that would only lock them out of their work.
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { QueryView } from '@web/components/query-view';
import { secondFactorKey, useSecondFactorOn } from '@web/api/second-factor';
import { loadAmplifyAuth, useCurrentUser } from '@web/lib/auth';
import { useLogError } from '@web/lib/use-log-error';
import { errorMessage, isCodeMismatch, TOTP_MESSAGES } from '../login-messages';
import './two-factor.css';
import { QrCode } from './qr-code';
import { TotpCodeField, useTotpCode } from './totp-code-field';

/** How authenticator apps list this account. */
const ISSUER = 'Learning Paths';

export const TWO_FACTOR_MESSAGES = {
  off: 'Two-factor authentication is off. Turn it on to be asked for a code from an authenticator app each time you sign in.',
  adminNeedsIt: 'Administration requires two-factor authentication. Turn it on to manage your school.',
  on: 'Two-factor authentication is on: each sign-in asks for a code from your authenticator app.',
  turnedOn: 'Two-factor authentication is on. Next time you sign in, enter the code from your authenticator app.',
  turnedOff: 'Two-factor authentication is off.',
  adminKeepsIt: 'Administrators keep two-factor authentication on: administration requires it.',
  loadFailed: 'Could not read your two-factor authentication setting.',
  setUpFailed: 'Could not start the set-up. Please try again.',
  turnOffFailed: 'Could not turn off two-factor authentication.',
  confirmOff: 'Turn off two-factor authentication? Signing in will ask for your password only.',
} as const;

type Outcome = { tone: 'success' | 'error'; text: string } | null;
interface Setup {
  secret: string;
  uri: string;
}

export function TwoFactorSettings() {
  const user = useCurrentUser();
  const isAdmin = user.role === 'Admins';
  const queryClient = useQueryClient();
  const setting = useSecondFactorOn({ fresh: true });
  useLogError(setting.error, 'Reading the MFA preference failed');
  const [setup, setSetup] = useState<Setup | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmingOff, setConfirmingOff] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  /** Whatever the API refused before (administration) may now be allowed, or the other way round. */
  const settingChanged = (on: boolean, text: string) => {
    queryClient.setQueryData(secondFactorKey, on);
    setSetup(null);
    setOutcome({ tone: 'success', text });
    void queryClient.invalidateQueries();
  };

  const startSetup = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const { setUpTOTP } = await loadAmplifyAuth();
      const details = await setUpTOTP();
      setSetup({ secret: details.sharedSecret, uri: details.getSetupUri(ISSUER, user.email).toString() });
    } catch (caught) {
      setOutcome({ tone: 'error', text: errorMessage(caught, TWO_FACTOR_MESSAGES.setUpFailed) });
    } finally {
      setBusy(false);
    }
  };

  const confirmCode = async (code: string) => {
    setBusy(true);
    setOutcome(null);
    try {
      const { verifyTOTPSetup, updateMFAPreference } = await loadAmplifyAuth();
      await verifyTOTPSetup({ code });
      await updateMFAPreference({ totp: 'PREFERRED' });
      settingChanged(true, TWO_FACTOR_MESSAGES.turnedOn);
    } catch (caught) {
      setOutcome({ tone: 'error', text: isCodeMismatch(caught) ? TOTP_MESSAGES.mismatch : errorMessage(caught, TWO_FACTOR_MESSAGES.setUpFailed) });
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const { updateMFAPreference } = await loadAmplifyAuth();
      await updateMFAPreference({ totp: 'DISABLED' });
      settingChanged(false, TWO_FACTOR_MESSAGES.turnedOff);
    } catch (caught) {
      setOutcome({ tone: 'error', text: errorMessage(caught, TWO_FACTOR_MESSAGES.turnOffFailed) });
    } finally {
      setBusy(false);
      setConfirmingOff(false);
    }
  };

  return (
    <section className="card profile-card" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading">Two-factor authentication</h2>
      {outcome && (
        <Alert tone={outcome.tone} onDismiss={() => setOutcome(null)}>
          {outcome.text}
        </Alert>
      )}
      <QueryView query={setting} loading="Reading your setting..." error={TWO_FACTOR_MESSAGES.loadFailed}>
        {(on) =>
          on ? (
            <>
              <p>{TWO_FACTOR_MESSAGES.on}</p>
              {isAdmin ? (
                <p className="muted">{TWO_FACTOR_MESSAGES.adminKeepsIt}</p>
              ) : (
                <button type="button" className="button button-secondary" onClick={() => setConfirmingOff(true)} disabled={busy}>
                  Turn Off
                </button>
              )}
            </>
          ) : setup ? (
            <TotpSetup setup={setup} busy={busy} onConfirm={confirmCode} onCancel={() => setSetup(null)} />
          ) : (
            <>
              {isAdmin && <Alert tone="info">{TWO_FACTOR_MESSAGES.adminNeedsIt}</Alert>}
              <p>{TWO_FACTOR_MESSAGES.off}</p>
              <button type="button" className="button" onClick={() => void startSetup()} disabled={busy}>
                {busy ? 'Starting...' : 'Set Up Two-Factor Authentication'}
              </button>
            </>
          )
        }
      </QueryView>
      <ConfirmDialog
        open={confirmingOff}
        message={TWO_FACTOR_MESSAGES.confirmOff}
        confirmLabel="Turn Off"
        busy={busy}
        onConfirm={() => void turnOff()}
        onCancel={() => setConfirmingOff(false)}
      />
    </section>
  );
}

interface TotpSetupProps {
  setup: Setup;
  busy: boolean;
  onConfirm: (code: string) => Promise<void>;
  onCancel: () => void;
}

/** Step 1: the secret into the app (QR code, link, or typed key); step 2: one code back, proving the app has it. */
function TotpSetup({ setup, busy, onConfirm, onCancel }: TotpSetupProps) {
  const code = useTotpCode();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = code.check();
    if (checked) void onConfirm(checked);
  };
  return (
    <div className="totp-setup">
      <ol className="totp-steps">
        <li>
          <p>
            Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password).
            On this device, you can also <a href={setup.uri}>open it in your authenticator app</a>.
          </p>
          <QrCode text={setup.uri} label="QR code for your authenticator app" />
          <p>
            Or enter this key by hand (time-based):{' '}
            <code className="totp-secret" aria-label="Set-up key">
              {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
            </code>
          </p>
        </li>
        <li>
          <form onSubmit={submit} aria-label="Confirm two-factor authentication" noValidate>
            <TotpCodeField id="profile-totp" code={code} />
            <div className="actions">
              <button type="submit" className="button" disabled={busy}>
                {busy ? 'Checking...' : 'Turn On'}
              </button>
              <button type="button" className="button button-secondary" onClick={onCancel} disabled={busy}>
                Cancel
              </button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}
