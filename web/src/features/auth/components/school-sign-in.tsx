// The login pages' school sign-in: a button per identity provider the stage federates (none when it federates none),
// and, when the hosted sign-in sent the person back refused, why. The answer's text comes from the URL, so only known
// refusals are shown in words; anything else gets a fixed sentence.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ADMIN_SECOND_FACTOR_MESSAGE, DISABLED_MESSAGE, NOT_SET_UP_MESSAGE, OTHER_DOMAIN_MESSAGE } from '@shared/school-sign-in';
import { Alert } from '@web/components/alert';
import { isSignInCallback, prepareAmplifyAuth, schoolSignInProviders, signInWithSchool } from '@web/lib/auth';

const FAILED_MESSAGE = 'Signing in with your school account did not work. Try again, or sign in with your password.';

export function refusalMessage(search: string): string | undefined {
  const params = new URLSearchParams(search);
  if (!params.has('error')) return undefined;
  const description = params.get('error_description') ?? '';
  if (description.includes(NOT_SET_UP_MESSAGE)) return NOT_SET_UP_MESSAGE;
  if (description.includes(OTHER_DOMAIN_MESSAGE)) return OTHER_DOMAIN_MESSAGE;
  if (description.includes(ADMIN_SECOND_FACTOR_MESSAGE)) return ADMIN_SECOND_FACTOR_MESSAGE;
  if (description.includes(DISABLED_MESSAGE) || description.includes('User is disabled')) return DISABLED_MESSAGE;
  return FAILED_MESSAGE;
}

export function SchoolSignIn({ disabled }: { disabled: boolean }) {
  // The hosted sign-in's answer is read once, as the page loads (Amplify then clears it from the address).
  const [search] = useState(useLocation().search);
  const [providers, setProviders] = useState<{ name: string; label: string }[]>([]);
  // Set after hydration: the prerendered page has no answer in it.
  const [refusal, setRefusal] = useState<string | undefined>();
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    let current = true;
    void schoolSignInProviders().then((found) => current && setProviders(found));
    setRefusal(refusalMessage(search));
    // Back from the hosted sign-in: Amplify, once started, trades the code for tokens and signs the person in.
    if (isSignInCallback(search)) prepareAmplifyAuth();
    return () => {
      current = false;
    };
  }, [search]);

  // Back from the provider's page may show this page as it was left, buttons disabled: they come back to life.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => event.persisted && setLeaving(false);
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);

  const start = (provider: string) => {
    setLeaving(true);
    setRefusal(undefined);
    signInWithSchool(provider).catch((error: unknown) => {
      console.error('School sign-in did not start', error);
      setLeaving(false);
      setRefusal(FAILED_MESSAGE);
    });
  };

  if (providers.length === 0 && !refusal) return null;
  return (
    <div className="school-sign-in">
      {refusal && <Alert tone="error">{refusal}</Alert>}
      {providers.map((provider) => (
        <button
          key={provider.name}
          type="button"
          className="button button-secondary button-block"
          disabled={disabled || leaving}
          onClick={() => start(provider.name)}
        >
          {provider.label}
        </button>
      ))}
    </div>
  );
}
