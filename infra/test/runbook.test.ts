// Whoever an alarm wakes finds what it means, what to check and what to do: every alarm the app synthesizes (both
// stages, the WAF on) names its entry in docs/runbook.md, and every entry has the three parts.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../constructs/bundling';
import { TEST_STAGE } from './prebuilt-syntheses';
import { synthesize, type Synthesized } from './synthesize';

const runbook = readFileSync(path.join(REPO_ROOT, 'docs', 'runbook.md'), 'utf8');
/** The runbook's entries by anchor (a `## Heading`'s lower-cased text), with their text. */
const entries = new Map(
  runbook
    .split(/^## /m)
    .slice(1)
    .map((section) => [section.split('\n')[0]!.trim().toLowerCase(), section] as const),
);

let apps: Synthesized[];
beforeAll(() => {
  apps = [
    synthesize({ region: 'eu-west-1', account: '123456789012', context: { waf: 'true' } }),
    synthesize(TEST_STAGE),
  ];
}, 180_000);
afterAll(() => apps.forEach((app) => app.cleanup()));

type Alarm = { Type: string; Properties: { AlarmDescription?: string } };

test('every synthesized alarm names an entry of docs/runbook.md', () => {
  const alarms = apps.flatMap((app) =>
    app.cloudFormationTemplates.flatMap(([stack, template]) =>
      Object.entries(template.Resources as Record<string, Alarm>)
        .filter(([, resource]) => resource.Type === 'AWS::CloudWatch::Alarm')
        .map(([id, resource]) => ({ alarm: `${stack}/${id}`, anchor: /Runbook: docs\/runbook\.md#([a-z0-9-]+)$/.exec(resource.Properties.AlarmDescription ?? '')?.[1] })),
    ),
  );
  expect(alarms.length).toBeGreaterThan(50);
  expect(alarms.filter(({ anchor }) => anchor === undefined || !entries.has(anchor))).toEqual([]);
});

test('every runbook entry says what the alarm means, what to check and what to do', () => {
  expect(entries.size).toBeGreaterThanOrEqual(7);
  for (const [anchor, text] of entries) {
    expect({ anchor, parts: ['**Means**', '**Check**', '**Do**'].filter((part) => text.includes(part)) }).toEqual({ anchor, parts: ['**Means**', '**Check**', '**Do**'] });
  }
});
