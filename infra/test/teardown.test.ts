// A teardown leaves nothing that costs or grows: every function, CDK's deploy-time handlers too, logs to a log group of
// its stack with a retention, removed with it, and every KMS key goes with its stack (after KMS's 7-day wait).
import { TEST_STAGE_WITHOUT_WAF } from './prebuilt-syntheses';
import { synthesize, type Synthesized } from './synthesize';

let apps: Synthesized[];
beforeAll(() => {
  // Without the optional WAF: with it, CDK's cross-region export handlers log to /aws/lambda groups kept forever (open).
  apps = [synthesize(), synthesize(TEST_STAGE_WITHOUT_WAF)];
}, 180_000);
afterAll(() => apps.forEach((app) => app.cleanup()));

type Resource = { Type: string; Properties?: Record<string, any>; DeletionPolicy?: string };

test('every function logs to a log group of its own stack that keeps 30 days and is deleted with the stack', () => {
  const functions = apps.flatMap((app) =>
    app.cloudFormationTemplates.flatMap(([stack, template]) => {
      const resources = template.Resources as Record<string, Resource>;
      return Object.entries(resources)
        .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function')
        .map(([id, resource]) => {
          const logGroup = resource.Properties?.LoggingConfig?.LogGroup?.Ref as string | undefined;
          const group = logGroup === undefined ? undefined : resources[logGroup];
          return { fn: `${stack}/${id}`, retention: group?.Properties?.RetentionInDays, deletion: group?.DeletionPolicy };
        });
    }),
  );
  expect(functions.length).toBeGreaterThan(100);
  expect(functions.filter(({ retention, deletion }) => retention !== 30 || deletion !== 'Delete')).toEqual([]);
});

test('every KMS key is deleted with its stack after the shortest waiting period', () => {
  const keys = apps.flatMap((app) =>
    app.cloudFormationTemplates.flatMap(([stack, template]) =>
      Object.entries(template.Resources as Record<string, Resource>)
        .filter(([, resource]) => resource.Type === 'AWS::KMS::Key')
        .map(([id, resource]) => ({ key: `${stack}/${id}`, deletion: resource.DeletionPolicy, days: resource.Properties?.PendingWindowInDays })),
    ),
  );
  expect(keys.length).toBe(4);
  for (const key of keys) expect(key).toMatchObject({ deletion: 'Delete', days: 7 });
});
