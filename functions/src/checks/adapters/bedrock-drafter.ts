// The drafter in AWS where Bedrock is enabled (CDK context `bedrockDrafting`): one Converse call to the configured
// model with the file's prose (its headings, contents lines and page numbers left out) and the question shape, asking
// for JSON. The answer is parsed with the shared schema and each source passage must be on the page it names; an
// unusable answer is sent back once with what was wrong, then reported. The file's text goes only into the request:
// nothing here logs, and a refusal names what was wrong with the answer, never the text.
import { ConverseCommand, type BedrockRuntimeClient, type ConverseCommandInput, type Message } from '@aws-sdk/client-bedrock-runtime';
import { DRAFT_LIMITS, type DraftKind } from '@shared/drafts';
import { draftedQuestionSchema, type DraftedQuestion } from '@shared/contract/checks';
import { describeIssues } from '@shared/contract/blocks';
import * as z from '@shared/zod';
import { upstreamFailed } from '../../kernel/errors';
import type { TextPage } from '@shared/contract/search';
import type { QuestionDrafter } from '../port';
import { proseText, withPrintedPages } from './passages';

/** About 15,000 words: a long manual's first chapters, well inside the model's context and a 10 s Lambda. */
export const BEDROCK_TEXT_MAX_CHARACTERS = 60_000;
const MAX_OUTPUT_TOKENS = 4096;

const KIND_RULES: Record<DraftKind, string> = {
  single: '"single": multiple choice, "options" 3 or 4 of { "id", "text" }, "answer" the one correct option id in a list',
  truefalse: '"truefalse": a statement, "answer" true or false',
  text: '"text": a short-answer question, "answer" a list of accepted answers, each a word or phrase copied from the passage',
};

const instructions = (count: number, kinds: readonly DraftKind[]) =>
  [
    `You write quiz questions for a teacher to review, from the document below. Write ${count} questions of these kinds, in turn:`,
    ...kinds.map((kind) => `- ${KIND_RULES[kind]}`),
    'Rules: ask only about facts stated in the document; never about a heading, a table of contents or a page number;',
    'no two questions may ask the same thing; every correct answer must be stated in the passage the question comes from.',
    `Each question: { "id", "kind", "prompt", "points": 1, "explanation", "options" (choice only), "answer", "source": { "page", "passage" } },`,
    `where "passage" is the sentence the question comes from, copied exactly from that page (at most ${DRAFT_LIMITS.passageMaxLength} characters).`,
    'Answer with one JSON object { "questions": [...] } and nothing else.',
  ].join('\n');

const documentText = (pages: readonly TextPage[], isSettled: (passage: string) => boolean) =>
  proseText(pages, BEDROCK_TEXT_MAX_CHARACTERS, isSettled)
    .map((page) => `<page number="${page.page}">\n${page.text}\n</page>`)
    .join('\n');

const answerSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({ questions: z.array(draftedQuestionSchema).check(z.minLength(1, { error: 'questions must not be empty.' })) }),
);

const squeezed = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** The model's questions, or what is wrong with its answer (in words the model is sent back). */
function parseAnswer(answer: string, pages: readonly TextPage[], count: number): DraftedQuestion[] | string {
  const json = answer.slice(answer.indexOf('{'), answer.lastIndexOf('}') + 1);
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return 'The answer was not a JSON object.';
  }
  const parsed = answerSchema.safeParse(value);
  if (!parsed.success) return describeIssues(parsed.error);
  const pageText = new Map(pages.map((page) => [page.number, squeezed(page.text)]));
  const questions = parsed.data.questions.slice(0, count) as DraftedQuestion[];
  const misquoted = questions.findIndex((question) => !pageText.get(question.source.page)?.includes(squeezed(question.source.passage)));
  if (misquoted >= 0) return `questions.${misquoted}.source: the passage is not on page ${questions[misquoted]!.source.page} of the document.`;
  return questions.map((question, index) => ({ ...question, id: `draft-${index + 1}` }));
}

/** Bedrock's refusals a teacher can act on (by waiting, or asking whoever runs the school's deployment), by error name. */
const SERVICE_REFUSALS: Record<string, string> = {
  ThrottlingException: 'The drafting service is busy. Try again in a minute.',
  ServiceUnavailableException: 'The drafting service is not available right now. Try again in a minute.',
  ModelNotReadyException: 'The drafting service is not available right now. Try again in a minute.',
  ModelTimeoutException: 'The drafting model took too long. Try again, or ask for fewer questions.',
  AccessDeniedException: 'This deployment may not use its drafting model (model access is not granted in Amazon Bedrock). Ask whoever runs it.',
};

/** One Converse call; a refusal the teacher can act on becomes a 502 with its sentence (nothing of the request in it). */
async function converse(client: BedrockRuntimeClient, input: ConverseCommandInput) {
  try {
    return await client.send(new ConverseCommand(input));
  } catch (error) {
    const refusal = error instanceof Error ? SERVICE_REFUSALS[error.name] : undefined;
    if (refusal) throw upstreamFailed(refusal);
    throw error;
  }
}

const textOf = (message: Message | undefined) => (message?.content ?? []).map((block) => block.text ?? '').join('');

export function makeBedrockDrafter({ client, modelId }: { client: BedrockRuntimeClient; modelId: string }): QuestionDrafter {
  return {
    async draft(pages, { count, kinds, isSettled = () => false }) {
      const messages: Message[] = [{ role: 'user', content: [{ text: `${instructions(count, kinds)}\n\n<document>\n${documentText(pages, isSettled)}\n</document>` }] }];
      for (let tries = 0; tries < 2; tries += 1) {
        const { output } = await converse(client, { modelId, messages, inferenceConfig: { maxTokens: MAX_OUTPUT_TOKENS, temperature: 0.2 } });
        const answer = textOf(output?.message);
        const questions = parseAnswer(answer, pages, count);
        // Settled sentences were left out of the document, but the model may still quote one: its drafts are dropped.
        // The rest cite their printed page too.
        if (typeof questions !== 'string') {
          const fresh = questions.filter((question) => !isSettled(question.source.passage)).map((question, index) => ({ ...question, id: `draft-${index + 1}` }));
          return { drafter: 'bedrock', questions: withPrintedPages(fresh, pages) };
        }
        messages.push({ role: 'assistant', content: [{ text: answer || '(empty)' }] }, { role: 'user', content: [{ text: `That answer cannot be used: ${questions} Answer again with the JSON object only.` }] });
      }
      throw upstreamFailed('The drafting model answered twice with questions that could not be used. Try again, or ask for fewer questions.');
    },
  };
}
