// The Bedrock drafter against a mocked Bedrock Runtime client: the one Converse call (model, the file's prose in the
// request and nothing of its headings), the answer parsed with the shared schema, one retry with what was wrong, then
// a clear refusal; and nothing of the file's text in what it logs (it logs nothing).
import { BedrockRuntimeClient, ConverseCommand, type ConverseCommandInput } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-jest';
import { makeBedrockDrafter } from './bedrock-drafter';

const bedrock = mockClient(BedrockRuntimeClient);
beforeEach(() => bedrock.reset());

const MODEL = 'anthropic.claude-3-haiku-20240307-v1:0';
const drafter = makeBedrockDrafter({ client: new BedrockRuntimeClient({ region: 'eu-west-1' }), modelId: MODEL });
const pages = [
  { number: 1, text: 'Cells: the building blocks\nThe nucleus holds the genetic material, DNA.\n1' },
  { number: 2, text: 'Chloroplasts contain the green pigment\nchlorophyll, which absorbs light.' },
];
const request = { count: 3, kinds: ['single', 'truefalse', 'text'] as const };

const answer = (text: string) => ({ output: { message: { role: 'assistant' as const, content: [{ text }] } } });
const questions = [
  {
    id: 'q1',
    kind: 'single',
    prompt: 'What holds the genetic material?',
    points: 1,
    options: [{ id: 'a', text: 'The nucleus' }, { id: 'b', text: 'The chloroplast' }, { id: 'c', text: 'The wall' }],
    answer: ['a'],
    source: { page: 1, passage: 'The nucleus holds the genetic material, DNA.' },
  },
  { id: 'q2', kind: 'truefalse', prompt: 'Chlorophyll absorbs light.', answer: true, source: { page: 2, passage: 'Chloroplasts contain the green pigment chlorophyll, which absorbs light.' } },
];
const valid = JSON.stringify({ questions });

const sentText = (call: number) =>
  (bedrock.commandCalls(ConverseCommand)[call]!.args[0].input as ConverseCommandInput).messages!.flatMap((message) => message.content!.map((block) => block.text)).join('\n');

it('sends the prose of each page to the configured model and answers its questions, numbered as drafts', async () => {
  bedrock.on(ConverseCommand).resolves(answer(`Here you are:\n${valid}`));
  const drafts = await drafter.draft(pages, request);
  expect(drafts.drafter).toBe('bedrock');
  expect(drafts.questions.map((question) => [question.id, question.kind, question.source.page])).toEqual([
    ['draft-1', 'single', 1],
    ['draft-2', 'truefalse', 2],
  ]);
  expect(bedrock).toHaveReceivedCommandTimes(ConverseCommand, 1);
  expect(bedrock).toHaveReceivedCommandWith(ConverseCommand, { modelId: MODEL });
  const sent = sentText(0);
  expect(sent).toContain('The nucleus holds the genetic material, DNA.');
  expect(sent).toContain('Chloroplasts contain the green pigment chlorophyll, which absorbs light.');
  expect(sent).toContain('Write 3 questions');
  // Neither the heading nor the page number reaches the model.
  expect(sent).not.toContain('Cells: the building blocks');
});

it('sends an invalid answer back once with what was wrong, and takes the second', async () => {
  bedrock.on(ConverseCommand).resolvesOnce(answer(JSON.stringify({ questions: [{ ...questions[1], kind: 'essay' }] }))).resolvesOnce(answer(valid));
  const drafts = await drafter.draft(pages, request);
  expect(drafts.questions).toHaveLength(2);
  expect(bedrock).toHaveReceivedCommandTimes(ConverseCommand, 2);
  expect(sentText(1)).toMatch(/That answer cannot be used: .*kind must be one of/);
});

it('refuses a passage that is not on the page it names, as an invalid answer', async () => {
  const misquoted = JSON.stringify({ questions: [{ ...questions[1], source: { page: 1, passage: 'Chlorophyll is blue.' } }] });
  bedrock.on(ConverseCommand).resolves(answer(misquoted));
  await expect(drafter.draft(pages, request)).rejects.toMatchObject({ kind: 'upstream', message: expect.stringMatching(/answered twice with questions that could not be used/) });
  expect(bedrock).toHaveReceivedCommandTimes(ConverseCommand, 2);
  expect(sentText(1)).toContain('the passage is not on page 1');
});

it('reports an answer that is not JSON twice as a clear error', async () => {
  bedrock.on(ConverseCommand).resolves(answer('I cannot help with that.'));
  await expect(drafter.draft(pages, request)).rejects.toMatchObject({ kind: 'upstream' });
});

it('keeps at most the questions asked for', async () => {
  bedrock.on(ConverseCommand).resolves(answer(valid));
  expect((await drafter.draft(pages, { count: 3, kinds: ['single'] })).questions.length).toBeLessThanOrEqual(3);
  const many = JSON.stringify({ questions: [questions[1], { ...questions[1], id: 'q3' }, { ...questions[1], id: 'q4' }, { ...questions[1], id: 'q5' }] });
  bedrock.on(ConverseCommand).resolves(answer(many));
  expect((await drafter.draft(pages, request)).questions).toHaveLength(3);
});

it('writes nothing to the console (the file text is never logged)', async () => {
  const writes = jest.spyOn(process.stdout, 'write');
  const logs = jest.spyOn(console, 'log');
  bedrock.on(ConverseCommand).resolves(answer('not json'));
  await expect(drafter.draft(pages, request)).rejects.toThrow();
  expect(writes).not.toHaveBeenCalled();
  expect(logs).not.toHaveBeenCalled();
});

it.each([
  ['ThrottlingException', /busy\. Try again in a minute/],
  ['AccessDeniedException', /model access is not granted in Amazon Bedrock/],
])('answers a %s from Bedrock with a sentence the teacher can act on, without retrying', async (name, message) => {
  bedrock.on(ConverseCommand).rejects(Object.assign(new Error('Rate exceeded'), { name, $metadata: {} }));
  await expect(drafter.draft(pages, request)).rejects.toMatchObject({ kind: 'upstream', message: expect.stringMatching(message) });
  expect(bedrock).toHaveReceivedCommandTimes(ConverseCommand, 1);
});

it('lets an unexpected failure through (logged by the handler as a 500, with no request in it)', async () => {
  bedrock.on(ConverseCommand).rejects(Object.assign(new Error('socket hang up'), { name: 'Error' }));
  await expect(drafter.draft(pages, request)).rejects.toThrow('socket hang up');
});

it('leaves sentences the teacher settled before out of the document it sends, and out of a page of several sentences', async () => {
  bedrock.on(ConverseCommand).resolves(answer(JSON.stringify({ questions: [questions[1]] })));
  const twoSentences = [{ number: 1, text: 'The nucleus holds the genetic material, DNA. Ribosomes make proteins.' }, pages[1]!];
  await drafter.draft(twoSentences, { ...request, isSettled: (passage) => passage.startsWith('The nucleus') });
  const sent = sentText(0);
  expect(sent).not.toContain('The nucleus');
  expect(sent).toContain('Ribosomes make proteins.');
  expect(sent).toContain('Chloroplasts contain the green pigment chlorophyll, which absorbs light.');
});

it('drops drafts from passages the teacher settled before, and cites the printed page where the document numbers its pages', async () => {
  bedrock.on(ConverseCommand).resolves(answer(valid));
  const settled = (passage: string) => passage.startsWith('The nucleus');
  const drafts = await drafter.draft(pages, { ...request, isSettled: settled });
  expect(drafts.questions.map((question) => [question.id, question.source.passage])).toEqual([['draft-1', 'Chloroplasts contain the green pigment chlorophyll, which absorbs light.']]);
  // A manual whose footers print each page's number one less than the file's (an unnumbered title page first).
  const numbered = [
    { number: 1, text: 'Cell biology\nA title page.' },
    { number: 2, text: 'The nucleus holds the genetic material, DNA.\n1' },
    { number: 3, text: 'Chloroplasts contain the green pigment\nchlorophyll, which absorbs light.\n2' },
  ];
  const shifted = JSON.stringify({ questions: questions.map((question) => ({ ...question, source: { ...question.source, page: question.source.page + 1 } })) });
  bedrock.on(ConverseCommand).resolves(answer(shifted));
  const printed = await drafter.draft(numbered, request);
  expect(printed.questions.map((question) => question.source)).toEqual([
    { page: 2, printedPage: 1, passage: 'The nucleus holds the genetic material, DNA.' },
    { page: 3, printedPage: 2, passage: 'Chloroplasts contain the green pigment chlorophyll, which absorbs light.' },
  ]);
});
