// Whole-app guarantees: cdk-nag finds nothing unsuppressed, every suppression says why, and no policy grants
// everything or writes to the upload bucket as a whole.
import type { SynthesisMessage } from 'aws-cdk-lib/cx-api';
import { actionsOf, policyStatements, synthesize, type StackKey, type Synthesized } from './synthesize';
import { DEFAULT_ONEROSTER_SYNC_PREFIX } from '../../shared/oneroster';

let app: Synthesized;

beforeAll(() => {
  app = synthesize({ region: undefined }); // environment-agnostic: ARNs keep their partition and region tokens
}, 60_000);
afterAll(() => app.cleanup());

const STACKS: StackKey[] = ['data', 'auth', 'api', 'web'];

const nagFindings = (messages: SynthesisMessage[]) =>
  messages
    .filter((m) => m.level === 'error' || m.level === 'warning')
    .map((m) => `${m.id}: ${String(m.entry.data)}`)
    .filter((text) => text.includes('AwsSolutions-'));

describe('cdk-nag AwsSolutions', () => {
  test.each(STACKS)('%s stack has no unsuppressed errors or warnings', (stack) => {
    expect(nagFindings(app.messages[stack])).toEqual([]);
  });

  test.each(STACKS)('every suppression in the %s stack names its rule and gives a reason', (stack) => {
    const resources = Object.values(app.templates[stack].toJSON().Resources) as { Metadata?: Record<string, any> }[];
    const suppressions = resources.flatMap((r) => r.Metadata?.cdk_nag?.rules_to_suppress ?? []) as {
      id: string;
      reason: string;
    }[];
    for (const { id, reason } of suppressions) {
      expect(id).toMatch(/^AwsSolutions-[A-Z]+\d+$/);
      expect(reason.length).toBeGreaterThan(60);
    }
  });
});

describe('IAM', () => {
  test.each(STACKS)('no statement in the %s stack allows every action, of everything or of a service', (stack) => {
    const allows = policyStatements(app.templates[stack]).filter((s) => s.Effect === 'Allow');
    for (const action of allows.flatMap(actionsOf)) {
      expect(action).not.toBe('*');
      expect(action).not.toMatch(/^[a-z0-9-]+:\*$/);
    }
  });

  test.each(STACKS)('no statement in the %s stack writes objects anywhere in the upload bucket but under protected/ (the roster sync only deletes its own packages)', (stack) => {
    const allows = policyStatements(app.templates[stack]).filter((s) => s.Effect === 'Allow');
    const onUploads = allows.filter((s) => JSON.stringify(s.Resource).includes('UploadsBucket'));
    for (const statement of onUploads) {
      const objectWrites = actionsOf(statement).filter((action) => /^s3:(Put|Delete|Abort)/.test(action) && action !== 's3:PutBucketCORS');
      if (objectWrites.length === 0) continue;
      const resource = JSON.stringify(statement.Resource);
      if (resource.endsWith(`"/${DEFAULT_ONEROSTER_SYNC_PREFIX}*"]]}`)) expect(objectWrites).toEqual(['s3:DeleteObject']);
      else expect(resource).toMatch(/"\/protected\/\*"\]\]\}$/);
    }
  });

  test('the only bucket-level write on the upload bucket is its CORS rule, set by the web stack', () => {
    const bucketLevel = STACKS.flatMap((stack) => policyStatements(app.templates[stack]))
      .filter((s) => s.Effect === 'Allow' && JSON.stringify(s.Resource).includes('UploadsBucket'))
      .flatMap(actionsOf)
      .filter((action) => /^s3:(Put|Delete)Bucket/.test(action));
    expect([...new Set(bucketLevel)]).toEqual(['s3:PutBucketCORS']);
  });
});
