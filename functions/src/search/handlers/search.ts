import { searchQuerySchema } from '@shared/contract/search';
import { buildSearchService } from '../../composition/section-texts';
import type { SearchService } from '../search';
import { apiHandler } from '../../composition/api-handler';
import { ok, validate } from '../../platform/http';

export const makeHandler = (searches: SearchService) =>
  apiHandler('search', async (request, caller) => {
    const { q, moduleId } = validate(searchQuerySchema, request.query);
    return ok({ results: await searches.search(caller, q, moduleId) });
  });

export const handler = makeHandler(buildSearchService());
