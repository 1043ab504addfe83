// What CloudFormation is given: only intrinsic functions it documents, each where its documentation allows it; values
// from other stacks only as strong references (an export and Fn::ImportValue), never inside a dynamic reference; and
// exports that stay put when their consumers change (an export still imported cannot be removed, which blocks a deploy).
import type { Template } from 'aws-cdk-lib/assertions';
import { PRODUCERS_ALONE } from './prebuilt-syntheses';
import { synthesize, type Synthesized } from './synthesize';

let app: Synthesized;
let templates: [string, Record<string, any>][];

beforeAll(() => {
  // The WAF on: its ARN crosses regions, so every kind of reference the app makes is in these templates.
  app = synthesize({ region: 'eu-west-1', account: '123456789012', context: { waf: 'true' } });
  // As CloudFormation gets them: each stack's and each nested stack's own template.
  templates = app.cloudFormationTemplates;
}, 120_000);
afterAll(() => app.cleanup());

/** A function that yields a string, as the documentation lists them for the functions that take strings. */
const STRINGS = ['Fn::Base64', 'Fn::FindInMap', 'Fn::GetAtt', 'Fn::GetAZs', 'Fn::If', 'Fn::ImportValue', 'Fn::Join', 'Fn::Select', 'Fn::Split', 'Fn::Sub', 'Ref'];
const CONDITIONS = ['Fn::Equals', 'Fn::Not', 'Fn::And', 'Fn::Or', 'Condition', 'Fn::FindInMap', 'Ref'];
const without = (list: string[], ...left: string[]) => list.filter((name) => !left.includes(name));

/**
 * CloudFormation's intrinsic functions, and for each the functions its documentation ("Supported functions") allows
 * directly inside it. A plain object or list inside a function (a property block in Fn::If) may hold any.
 */
const DOCUMENTED: Record<string, readonly string[]> = {
  Ref: [],
  Condition: [],
  'Fn::GetAtt': ['Ref'],
  'Fn::Join': without(STRINGS),
  'Fn::Sub': without(STRINGS, 'Fn::Split'),
  'Fn::Select': ['Fn::FindInMap', 'Fn::GetAtt', 'Fn::GetAZs', 'Fn::If', 'Fn::Split', 'Ref'],
  'Fn::Split': without(STRINGS, 'Fn::Split'),
  'Fn::ImportValue': ['Fn::Base64', 'Fn::FindInMap', 'Fn::If', 'Fn::Join', 'Fn::Select', 'Fn::Split', 'Fn::Sub', 'Ref'],
  'Fn::If': without(STRINGS, 'Fn::ImportValue', 'Fn::Split'),
  'Fn::Equals': CONDITIONS,
  'Fn::Not': CONDITIONS,
  'Fn::And': CONDITIONS,
  'Fn::Or': CONDITIONS,
  'Fn::FindInMap': ['Fn::FindInMap', 'Ref'],
  'Fn::Base64': STRINGS,
  'Fn::Cidr': ['Fn::Select', 'Ref'],
  'Fn::GetAZs': ['Ref'],
  'Fn::Length': STRINGS,
  'Fn::ToJsonString': STRINGS,
};

/** The Rules section has functions of its own (CDK's bootstrap-version check uses them). */
const RULE_FUNCTIONS = ['Fn::And', 'Fn::Contains', 'Fn::EachMemberEquals', 'Fn::EachMemberIn', 'Fn::Equals', 'Fn::Not', 'Fn::Or', 'Fn::RefAll', 'Fn::ValueOf', 'Fn::ValueOfAll', 'Ref'];
/** A template without its Rules, and its Rules. */
const sections = ({ Rules, ...rest }: Record<string, any>) => ({ rest, rules: Rules ?? {} });

/** An object of one key that is a function name is a function call. */
const callOf = (value: unknown): [string, unknown] | undefined => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  return keys.length === 1 && (keys[0] === 'Ref' || keys[0] === 'Condition' || keys[0].startsWith('Fn::'))
    ? [keys[0], (value as Record<string, unknown>)[keys[0]]]
    : undefined;
};

/** Every function call in a value, with the function it sits directly in (undefined: a property or a plain value). */
function calls(value: unknown, within?: string, found: { name: string; within?: string; args: unknown }[] = []) {
  const call = callOf(value);
  if (call) {
    const [name, args] = call;
    found.push({ name, within, args });
    // Arguments that are lists are the function's own; anything deeper in a plain object is a property block.
    const direct = Array.isArray(args) ? args.flatMap((arg) => (Array.isArray(arg) ? arg : [arg])) : [args];
    for (const arg of direct) calls(arg, callOf(arg) ? name : Array.isArray(arg) ? name : undefined, found);
    // Fn::Sub's variables are a map of values, each directly in the Fn::Sub.
    if (name === 'Fn::Sub' && Array.isArray(args) && args[1]) for (const each of Object.values(args[1] as object)) calls(each, name, found);
  } else if (Array.isArray(value)) {
    for (const each of value) calls(each, within, found);
  } else if (value && typeof value === 'object') {
    for (const each of Object.values(value)) calls(each, undefined, found);
  }
  return found;
}

test('the templates use only documented intrinsic functions, never Fn::GetStackOutput', () => {
  for (const [key, template] of templates) {
    const { rest, rules } = sections(template);
    const used = new Set(calls(rest).map(({ name }) => name));
    expect({ key, unknown: [...used].filter((name) => !(name in DOCUMENTED)) }).toEqual({ key, unknown: [] });
    const inRules = new Set(calls(rules).map(({ name }) => name));
    expect({ key, unknown: [...inRules].filter((name) => !RULE_FUNCTIONS.includes(name)) }).toEqual({ key, unknown: [] });
    expect(JSON.stringify(template)).not.toContain('Fn::GetStackOutput');
  }
});

test('each function sits only inside a function whose documentation allows it there', () => {
  for (const [key, template] of templates) {
    const misplaced = calls(sections(template).rest)
      .filter(({ name, within }) => within !== undefined && !DOCUMENTED[within]?.includes(name))
      .map(({ name, within }) => `${key}: ${name} inside ${within}`);
    expect([...new Set(misplaced)]).toEqual([]);
  }
});

test('the arguments that take no function have none (Join and Split delimiters, Sub strings, GetAtt resource names)', () => {
  for (const [, template] of templates) {
    for (const { name, args } of calls(template)) {
      const list = args as unknown[];
      if (name === 'Fn::Join' || name === 'Fn::Split') expect(typeof list[0]).toBe('string');
      if (name === 'Fn::Sub') expect(typeof (Array.isArray(args) ? list[0] : args)).toBe('string');
      if (name === 'Fn::GetAtt') expect(typeof list[0]).toBe('string');
    }
  }
});

test('a dynamic reference ({{resolve:…}}) is built from literal text and this stack\'s own resources only', () => {
  let dynamicReferences = 0;
  for (const [key, template] of templates) {
    for (const { name, args } of calls(template)) {
      if (name !== 'Fn::Join') continue;
      const parts = (args as [string, unknown[]])[1];
      if (!parts.some((part) => typeof part === 'string' && part.includes('{{resolve:'))) continue;
      dynamicReferences += 1;
      const computed = parts.filter((part) => typeof part !== 'string');
      for (const part of computed) expect({ key, part }).toEqual({ key, part: { Ref: expect.any(String) } });
      for (const part of computed as { Ref: string }[]) expect(template.Resources).toHaveProperty([part.Ref]);
    }
    dynamicReferences += (JSON.stringify(template).match(/"\{\{resolve:[^"]*\}\}"/g) ?? []).length;
  }
  // The functions' and CloudFront's origin-verify secret.
  expect(dynamicReferences).toBeGreaterThan(0);
});

test('every Fn::ImportValue names an export of a stack of the same stage', () => {
  const exported = new Set(
    templates.flatMap(([, template]) => Object.values((template.Outputs ?? {}) as Record<string, { Export?: { Name: string } }>).flatMap((o) => (o.Export ? [o.Export.Name] : []))),
  );
  const imports = templates.flatMap(([, template]) => calls(template).filter(({ name }) => name === 'Fn::ImportValue').map(({ args }) => args));
  expect(imports.length).toBeGreaterThan(0);
  for (const name of imports) {
    expect(typeof name).toBe('string');
    expect(exported).toContain(name);
    expect(name).toMatch(/^prod-LearningPaths-/);
  }
});

/** The export names of a synthesized stack. */
const exportsOf = (template: Template) =>
  Object.values((template.toJSON().Outputs ?? {}) as Record<string, { Export?: { Name: string } }>)
    .flatMap((output) => (output.Export ? [output.Export.Name] : []))
    .sort();

test('a producer stack exports the same values whether or not its consumers exist (no export vanishes while imported)', () => {
  // Data and Auth without the Api and Web stacks that import from them; Api without the Web stack.
  const alone = synthesize(PRODUCERS_ALONE);
  expect(exportsOf(alone.templates.data)).toEqual(exportsOf(app.templates.data));
  expect(exportsOf(alone.templates.auth)).toEqual(exportsOf(app.templates.auth));
  expect(exportsOf(alone.templates.api)).toEqual(exportsOf(app.templates.api));
  alone.cleanup();
});
