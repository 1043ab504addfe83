// The login screen of one role (spec section 4). Teacher and student screens differ only in role and wording.
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/constants';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { useMinWidth } from '../../components/use-media-query';
import { QuotePanel } from './components/quote-panel';
import { LOGIN_PATH, readLoginState, type LoginRole } from './role-paths';
import { useLoginFlow } from './use-login-flow';

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
  const wide = useMinWidth(QUOTE_PANEL_MIN_WIDTH_PX);
  const [noticeDismissed, setNoticeDismissed] = useState(false);
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
        {flow.error && <Alert tone="error">{flow.error}</Alert>}

        {flow.step === 'credentials' ? (
          <CredentialsForm
            key={location.key}
            initialEmail={incoming.email ?? flow.email}
            busy={flow.busy}
            onSubmit={flow.submitCredentials}
          />
        ) : (
          <NewPasswordForm busy={flow.busy} onSubmit={flow.submitNewPassword} onBack={flow.backToCredentials} />
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
  onSubmit: (email: string, password: string) => void;
}

function CredentialsForm({ initialEmail, busy, onSubmit }: CredentialsFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(email.trim(), password);
  };
  return (
    <form onSubmit={submit} aria-label="Sign in">
      <Field
        id="login-email"
        label="Email"
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Field
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <button type="submit" className="button button-block" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </button>
    </form>
  );
}

interface NewPasswordFormProps {
  busy: boolean;
  onSubmit: (newPassword: string) => void;
  onBack: () => void;
}

function NewPasswordForm({ busy, onSubmit, onBack }: NewPasswordFormProps) {
  const [newPassword, setNewPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(newPassword);
  };
  return (
    <form onSubmit={submit} aria-labelledby="new-password-heading">
      <h2 id="new-password-heading">Set a new password</h2>
      <p className="muted">Your account has a temporary password. Choose a new one to continue.</p>
      <Field
        id="new-password"
        label="New Password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        type="password"
        autoComplete="new-password"
        required
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
      />
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Setting password...' : 'Set New Password'}
        </button>
        <button type="button" className="button button-secondary" onClick={onBack} disabled={busy}>
          Back to sign in
        </button>
      </div>
    </form>
  );
}
