// Builds the drafting use case: the module and the section's stored text from the table, the day's drafting count,
// and the drafter: Bedrock where the stack enabled it (DRAFTING_MODEL_ID), with the school's daily limit, else the local
// drafter (which costs nothing, so the school has no limit of its own).
import { DRAFT_LIMITS } from '@shared/drafts';
import { makeDraftService } from '../checks/drafts';
import type { QuestionDrafter } from '../checks/port';
import { makeBedrockDrafter } from '../checks/adapters/bedrock-drafter';
import { localDrafter } from '../checks/adapters/local-drafter';
import { makeBedrockClient } from '../platform/bedrock-client';
import { draftingModelId } from '../platform/env';
import { systemClock } from './system';
import { draftQuota, moduleStore, sectionTextStore, settledDraftStore } from './table-stores';

export function questionDrafter(modelId = draftingModelId()): QuestionDrafter {
  return modelId ? makeBedrockDrafter({ client: makeBedrockClient(), modelId }) : localDrafter;
}

export const buildDraftService = () =>
  makeDraftService({
    modules: moduleStore(),
    texts: sectionTextStore(),
    drafter: questionDrafter(),
    quota: draftQuota(),
    schoolDailyDraftsMax: draftingModelId() ? DRAFT_LIMITS.schoolDailyBedrockDraftsMax : undefined,
    settled: settledDraftStore(),
    clock: systemClock,
  });
