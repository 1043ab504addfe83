// /admin/lti: the LMSs (LTI 1.3 platforms) the school connected: what to paste into the LMS (the tool's own URLs, on
// this site's origin), each registered LMS with edit and remove, and the form that registers one.
import { useState, type FormEvent } from 'react';
import { LTI_LIMITS, ltiToolConfiguration } from '@shared/lti';
import { fieldIssues } from '@shared/contract/blocks';
import { ltiPlatformInputSchema, type LtiPlatform, type LtiPlatformInput } from '@shared/contract/lti';
import { Alert } from '../../components/alert';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Field } from '../../components/field';
import { LoadError } from '../../components/load-error';
import { QueryView } from '@web/components/query-view';
import { useDocumentTitle } from '../../components/use-document-title';
import { useLogError } from '../../lib/use-log-error';
import { ApiError } from '@web/lib/api-client';
import { useEditLtiPlatform, useLtiPlatforms, useRemoveLtiPlatform, useRegisterLtiPlatform } from '@web/api/lti';
import '../people/people.css';

const TOOL_FIELDS = [
  ['loginUrl', 'Login initiation URL (OpenID Connect)'],
  ['launchUrl', 'Launch (redirect) URL'],
  ['deepLinkingUrl', 'Deep linking URL'],
  ['jwksUrl', 'Public keyset (JWKS) URL'],
] as const;

const PLATFORM_FIELDS = [
  ['name', 'Name', 'How people here call this LMS.'],
  ['issuer', 'Issuer (platform ID)', 'https://canvas.instructure.com, for example.'],
  ['clientId', 'Client ID', 'The LMS gives it once the tool is added.'],
  ['deploymentIds', 'Deployment IDs', 'One or more, separated by commas.'],
  ['authLoginUrl', 'Authentication request URL', 'Where the LMS signs people in for the tool (OIDC auth endpoint).'],
  ['accessTokenUrl', 'Access token URL', 'For grades and rosters (OAuth 2 token endpoint).'],
  ['jwksUrl', 'Keyset (JWKS) URL', "The LMS's public keys."],
  [
    'frameOrigins',
    'LMS web addresses (optional)',
    "The app shows inside an LMS's course pages only for the LMSs registered here, at their issuer's and authentication URL's addresses. If your LMS shows its courses at another address (a Canvas school's https://school.instructure.com), give it here; separate several with commas.",
  ],
] as const;

/** The fields that are lists, typed as text separated by commas. */
const listOf = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

type Draft = Record<(typeof PLATFORM_FIELDS)[number][0], string>;
const EMPTY: Draft = { name: '', issuer: '', clientId: '', deploymentIds: '', authLoginUrl: '', accessTokenUrl: '', jwksUrl: '', frameOrigins: '' };
const draftOf = (platform: LtiPlatform): Draft => {
  const { name, issuer, clientId, deploymentIds, authLoginUrl, accessTokenUrl, jwksUrl, frameOrigins = [] } = platform;
  return { name, issuer, clientId, deploymentIds: deploymentIds.join(', '), authLoginUrl, accessTokenUrl, jwksUrl, frameOrigins: frameOrigins.join(', ') };
};
const inputOf = (draft: Draft) => ({ ...draft, deploymentIds: listOf(draft.deploymentIds), frameOrigins: listOf(draft.frameOrigins) });

export default function LtiPlatformsPage() {
  useDocumentTitle('LMS Connections');
  const platforms = useLtiPlatforms();
  useLogError(platforms.error, 'Loading the LMS connections failed');
  const [editing, setEditing] = useState<LtiPlatform | null>(null);
  const [removing, setRemoving] = useState<LtiPlatform | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const remove = useRemoveLtiPlatform();
  const tool = ltiToolConfiguration(window.location.origin);

  return (
    <>
      <h1>LMS Connections</h1>
      <p className="muted">Connect your school&apos;s LMS (Canvas, Moodle, Schoology, Brightspace, Blackboard) over LTI 1.3.</p>
      <section className="card admin-panel" aria-labelledby="tool-config-heading">
        <h2 id="tool-config-heading">This tool&apos;s configuration</h2>
        <p className="muted">Paste these into the LMS when you add this tool as an LTI 1.3 tool.</p>
        <dl className="lti-tool-config">
          {TOOL_FIELDS.map(([key, label]) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd>
                <code>{tool[key]}</code>
              </dd>
            </div>
          ))}
        </dl>
      </section>
      {notice && (
        <Alert tone="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <PlatformForm
        key={editing?.platformId ?? 'new'}
        editing={editing}
        onDone={(text) => {
          setEditing(null);
          setNotice(text);
        }}
        onCancel={() => setEditing(null)}
      />
      <section aria-labelledby="platforms-heading">
        <h2 id="platforms-heading">Registered LMSs</h2>
        <QueryView
          query={platforms}
          loading="Loading LMS connections..."
          error={(error) => <LoadError what="Could not load the LMS connections" error={error} />}
          empty={{ when: (data) => data.length === 0, show: <p className="empty-state">No LMS registered yet: register the first one above.</p> }}
        >
          {(data) => (
            <ul className="people-list" aria-label="Registered LMSs">
              {data.map((platform) => (
                <li key={platform.platformId} className="card person-card">
                  <div className="person-who">
                    <span className="person-name">{platform.name}</span>
                    <span className="muted">{platform.issuer}</span>
                  </div>
                  <p className="person-facts">
                    <span>Client ID {platform.clientId}</span>
                    <span>
                      {platform.deploymentIds.length === 1 ? '1 deployment' : `${platform.deploymentIds.length} deployments`}
                    </span>
                  </p>
                  <div className="person-actions">
                    <button type="button" className="button button-secondary" onClick={() => setEditing(platform)} aria-label={`Edit ${platform.name}`}>
                      Edit
                    </button>
                    <button type="button" className="button button-danger" onClick={() => setRemoving(platform)} aria-label={`Remove ${platform.name}`}>
                      Remove
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </section>
      <ConfirmDialog
        open={removing !== null}
        message={`Remove ${removing?.name ?? ''}?`}
        details="Launches from this LMS stop working until it is registered again."
        confirmLabel="Remove"
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.platformId, {
            onSuccess: () => setNotice(`${removing.name} removed.`),
            onError: (failure) => setNotice(failure.message),
            onSettled: () => setRemoving(null),
          })
        }
      />
    </>
  );
}

function PlatformForm({ editing, onDone, onCancel }: { editing: LtiPlatform | null; onDone: (notice: string) => void; onCancel: () => void }) {
  const register = useRegisterLtiPlatform();
  const edit = useEditLtiPlatform();
  const [draft, setDraft] = useState<Draft>(editing ? draftOf(editing) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const busy = register.isPending || edit.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = ltiPlatformInputSchema.safeParse(inputOf(draft));
    if (!parsed.success) return setErrors(fieldIssues(parsed.error));
    setErrors({});
    const input: LtiPlatformInput = parsed.data;
    const handlers = {
      onSuccess: (platform: LtiPlatform) => {
        setDraft(EMPTY);
        setFailure(null);
        onDone(editing ? `${platform.name} saved.` : `${platform.name} registered.`);
      },
      onError: (error: Error) => {
        setFailure(error.message);
        if (error instanceof ApiError) setErrors(error.fields);
      },
    };
    if (editing) edit.mutate({ platformId: editing.platformId, input }, handlers);
    else register.mutate(input, handlers);
  };

  const heading = editing ? `Edit ${editing.name}` : 'Register an LMS';
  return (
    <section className="card admin-panel" aria-labelledby="platform-form-heading">
      <h2 id="platform-form-heading">{heading}</h2>
      {failure && (
        <Alert tone="error" onDismiss={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <form className="admin-form" onSubmit={submit} noValidate>
        {PLATFORM_FIELDS.map(([key, label, hint]) => (
          <Field
            key={key}
            id={`lti-${key}`}
            label={label}
            hint={hint}
            required={key !== 'frameOrigins'}
            error={errors[key] ?? Object.entries(errors).find(([field]) => field.startsWith(`${key}.`))?.[1]}
            maxLength={key === 'name' ? LTI_LIMITS.nameMaxLength : undefined}
            value={draft[key]}
            onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
          />
        ))}
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Saving...' : editing ? 'Save Changes' : 'Register LMS'}
        </button>
        {editing && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </form>
    </section>
  );
}
