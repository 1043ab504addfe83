import { buildSectionTextReader } from '../../composition/section-texts';
import type { SectionTextReader } from '../section-texts';
import { apiHandler } from '../../composition/api-handler';
import { ok, pathId } from '../../platform/http';

export const makeHandler = (texts: SectionTextReader) =>
  apiHandler('getSectionText', async (request, caller) => ok(await texts.read(caller, pathId(request, 'id'), pathId(request, 'sectionId'))));

export const handler = makeHandler(buildSectionTextReader());
