// Drafting with Bedrock behind its context flag: off by default (no function may call Bedrock); with
// `-c bedrockDrafting=true` only the drafting route's function gets the model id and InvokeModel on that one model,
// a timeout the model's answer fits in, and cdk-nag still finds nothing.
import type { Template } from 'aws-cdk-lib/assertions';
import type { SynthesisMessage } from 'aws-cdk-lib/cx-api';
import { routes } from '../../shared/contract';
import { loadStageSettings } from '../stage-settings';

const DEFAULT_DRAFTING_MODEL_ID = loadStageSettings('prod').draftingModelId;
import { WITH_SETTINGS_CHANGED } from './prebuilt-syntheses';
import { synthesize, type Synthesized } from './synthesize';

let plain: Synthesized;
let bedrock: Synthesized;
let chosen: Synthesized;
const OTHER_MODEL = 'anthropic.claude-3-5-haiku-20241022-v1:0';

beforeAll(() => {
  plain = synthesize();
  bedrock = synthesize(WITH_SETTINGS_CHANGED); // bedrockDrafting: 'true'
  chosen = synthesize({ region: 'eu-west-1', context: { bedrockDrafting: true, draftingModelId: OTHER_MODEL } });
}, 180_000);
afterAll(() => [plain, bedrock, chosen].forEach((app) => app.cleanup()));

type Resource = { Type: string; Properties: Record<string, any> };
const resourcesOf = (template: Template, type: string) => Object.values(template.toJSON().Resources as Record<string, Resource>).filter((resource) => resource.Type === type);
const functions = (app: Synthesized) => resourcesOf(app.templates.api, 'AWS::Lambda::Function').map((resource) => resource.Properties);
const bedrockStatements = (app: Synthesized) =>
  resourcesOf(app.templates.api, 'AWS::IAM::Policy')
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
    .filter((statement) => JSON.stringify(statement.Action).includes('bedrock:'));
const DRAFTING = `${routes.draftQuestions.method} ${routes.draftQuestions.path}`;

test('is off by default: no function calls Bedrock or is told a model', () => {
  expect(bedrockStatements(plain)).toEqual([]);
  for (const fn of functions(plain)) expect(fn.Environment.Variables).not.toHaveProperty('DRAFTING_MODEL_ID');
  expect(functions(plain).find((fn) => fn.Description === DRAFTING)!.Timeout).toBe(10);
});

test.each([
  ['the default model', () => bedrock, DEFAULT_DRAFTING_MODEL_ID],
  ['a model chosen by context', () => chosen, OTHER_MODEL],
])('with -c bedrockDrafting=true, only the drafting function may invoke %s, and only that one', (_, app, model) => {
  const told = functions(app()).filter((fn) => fn.Environment.Variables.DRAFTING_MODEL_ID);
  expect(told.map((fn) => [fn.Description, fn.Environment.Variables.DRAFTING_MODEL_ID, fn.Timeout])).toEqual([[DRAFTING, model, 29]]);
  const statements = bedrockStatements(app());
  expect(statements).toHaveLength(1);
  expect(statements[0]!.Action).toBe('bedrock:InvokeModel');
  const resource = JSON.stringify(statements[0]!.Resource);
  expect(resource).toContain(`:bedrock:`);
  expect(resource).toContain(`::foundation-model/${model}`);
  expect(resource).not.toContain('*');
});

test('with Bedrock on, cdk-nag still finds nothing unsuppressed', () => {
  const findings = (messages: SynthesisMessage[]) =>
    messages.filter((message) => (message.level === 'error' || message.level === 'warning') && String(message.entry.data).includes('AwsSolutions-'));
  expect(findings(bedrock.messages.api)).toEqual([]);
});
