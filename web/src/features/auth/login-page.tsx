// The login screen of one role (spec section 4). Teacher and student screens differ only in role and wording.
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { useMinWidth } from '../../components/use-media-query';
import { prepareAmplifyAuth, useSession } from '../../lib/auth';
import { ForgotPassword } from './components/forgot-password';
import { checkNewPassword, NewPasswordFields, type NewPasswordErrors } from './components/new-password-fields';
import { QuotePanel } from './components/quote-panel';
import { SchoolSignIn } from './components/school-sign-in';
import { TotpCodeField, useTotpCode } from './components/totp-code-field';
import { LOGIN_PATH, readLoginState, type LoginRole } from './role-paths';
import { useLoginFlow } from './use-login-flow';
import './login.css';

/** Below this width the quote panel would squeeze the form, so it is left out. */
const QUOTE_PANEL_MIN_WIDTH_PX = 900;

const COPY: Record<LoginRole, { heading: string; intro: string; otherPrompt: string; otherLink: string; otherRole: LoginRole }> = {
  Teachers: {
    heading: 'Teacher Login',
    intro: 'Sign in to build modules, manage your classes and follow their progress.',
    otherPrompt: 'Are you a student?',
    otherLink: 'Go to the student login',
    otherRole: 'Students',
  },
  Students: {
    heading: 'Student Login',
    intro: 'Sign in to see your classes and continue your learning path.',
    otherPrompt: 'Are you a teacher?',
    otherLink: 'Go to the teacher login',
    otherRole: 'Teachers',
  },
  Admins: {
    heading: 'Administrator Login',
    intro: 'Sign in to manage your school: people, classes and enrolments.',
    otherPrompt: 'Are you a teacher?',
    otherLink: 'Go to the teacher login',
    otherRole: 'Teachers',
  },
};

export function LoginPage({ role }: { role: LoginRole }) {
  const location = useLocation();
  const incoming = readLoginState(location.state);
  const flow = useLoginFlow(role, incoming.from);
  // The screen paints before the session check ends; signing in needs the services that check waits for.
  const sessionChecked = useSession().state.status !== 'loading';
  const wide = useMinWidth(QUOTE_PANEL_MIN_WIDTH_PX);
  const [noticeDismissed, setNoticeDismissed] = useState(false);
  // "Forgot password?" replaces the sign-in form until the teacher or student is done with it.
  const [resetFor, setResetFor] = useState<string | null>(null);
  const [afterReset, setAfterReset] = useState<{ email: string; changed: boolean } | null>(null);
  const copy = COPY[role];

  return (
    <div className="login-layout">
      <section className="login-card card" aria-labelledby="login-heading">
        <h1 id="login-heading">{copy.heading}</h1>
        <p className="muted">{copy.intro}</p>

        {incoming.message && !noticeDismissed && (
          <Alert tone={incoming.messageTone ?? 'info'} onDismiss={() => setNoticeDismissed(true)}>
            {incoming.message}
          </Alert>
        )}
        {flow.error && resetFor === null && <Alert tone="error">{flow.error}</Alert>}

        {afterReset?.changed && resetFor === null && (
          <Alert tone="success" onDismiss={() => setAfterReset(null)}>
            Your password was changed. Sign in with your new password.
          </Alert>
        )}
        {resetFor !== null ? (
          <ForgotPassword
            initialEmail={resetFor}
            onDone={(result) => {
              setAfterReset(result);
              setResetFor(null);
            }}
          />
        ) : flow.step === 'credentials' ? (
          <>
            <CredentialsForm
              key={`${location.key}-${afterReset?.email ?? ''}`}
              initialEmail={afterReset?.email ?? incoming.email ?? flow.email}
              busy={flow.busy}
              ready={sessionChecked}
              onSubmit={flow.submitCredentials}
              onForgotPassword={setResetFor}
            />
            {/* Below the password form: the providers arrive with config.json, after the page is drawn, and must not move it. */}
            <SchoolSignIn disabled={!sessionChecked} />
          </>
        ) : flow.step === 'newPassword' ? (
          <NewPasswordForm busy={flow.busy} onSubmit={flow.submitNewPassword} onBack={flow.backToCredentials} />
        ) : (
          <TotpCodeForm busy={flow.busy} onSubmit={flow.submitTotpCode} onBack={flow.backToCredentials} />
        )}

        <p className="login-switch">
          {copy.otherPrompt} <Link to={LOGIN_PATH[copy.otherRole]}>{copy.otherLink}</Link>
        </p>
      </section>
      {wide && <QuotePanel />}
    </div>
  );
}

interface CredentialsFormProps {
  initialEmail: string;
  busy: boolean;
  /**
   * False until the session check has ended: Sign In and Forgot password? stay disabled (in the prerendered page they
   * are drawn before the script runs, and a click there would be lost).
   */
  ready: boolean;
  onSubmit: (email: string, password: string) => void;
  /** Opens the password reset, with the e-mail typed so far. */
  onForgotPassword: (email: string) => void;
}

function CredentialsForm({ initialEmail, busy, ready, onSubmit, onForgotPassword }: CredentialsFormProps) {
  // Uncontrolled: the screen is in the page before its script runs (prerendered), so what was typed before the
  // script took over stays in the inputs and is read from them.
  const form = useRef<HTMLFormElement>(null);
  const typed = (name: 'email' | 'password') => (form.current?.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) onSubmit(typed('email').trim(), typed('password'));
  };
  return (
    // Focus in the form (someone is about to sign in) starts loading Amplify, which a first visit has not loaded.
    <form ref={form} onSubmit={submit} onFocus={prepareAmplifyAuth} aria-label="Sign in">
      <Field id="login-email" name="email" label="Email" type="email" autoComplete="username" required defaultValue={initialEmail} />
      <Field id="login-password" name="password" label="Password" type="password" autoComplete="current-password" required />
      <button type="submit" className="button button-block" disabled={busy || !ready}>
        {busy ? 'Signing in...' : 'Sign In'}
      </button>
      <p className="forgot-password">
        <button type="button" className="link-button" onClick={() => onForgotPassword(typed('email').trim())} disabled={busy || !ready}>
          Forgot password?
        </button>
      </p>
    </form>
  );
}

interface NewPasswordFormProps {
  busy: boolean;
  onSubmit: (newPassword: string) => void;
  onBack: () => void;
}

function NewPasswordForm({ busy, onSubmit, onBack }: NewPasswordFormProps) {
  const [value, setValue] = useState({ password: '', confirmation: '' });
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkNewPassword(value);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(value.password);
  };
  return (
    <form onSubmit={submit} aria-labelledby="new-password-heading" noValidate>
      <h2 id="new-password-heading">Set a new password</h2>
      <p className="muted">Your account has a temporary password. Choose a new one to continue.</p>
      <NewPasswordFields idPrefix="new" value={value} errors={errors} onChange={setValue} />
      <StepActions busy={busy} label="Set New Password" busyLabel="Setting password..." onBack={onBack} />
    </form>
  );
}

interface TotpCodeFormProps {
  busy: boolean;
  onSubmit: (code: string) => void;
  onBack: () => void;
}

/** The second step for someone with two-factor authentication on. */
function TotpCodeForm({ busy, onSubmit, onBack }: TotpCodeFormProps) {
  const code = useTotpCode();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = code.check();
    if (checked) onSubmit(checked);
  };
  return (
    <form onSubmit={submit} aria-labelledby="totp-heading" noValidate>
      <h2 id="totp-heading">Two-factor authentication</h2>
      <TotpCodeField id="login-totp" code={code} autoFocus />
      <StepActions busy={busy} label="Verify" busyLabel="Checking..." onBack={onBack} />
    </form>
  );
}

/** A sign-in step's submit button and the way back to e-mail and password. */
function StepActions({ busy, label, busyLabel, onBack }: { busy: boolean; label: string; busyLabel: string; onBack: () => void }) {
  return (
    <div className="actions">
      <button type="submit" className="button" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
      <button type="button" className="button button-secondary" onClick={onBack} disabled={busy}>
        Back to sign in
      </button>
    </div>
  );
}
