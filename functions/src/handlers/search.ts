import { searchQuerySchema } from '@shared/contract/search';
import { buildSearchService } from '../composition/section-texts';
import type { SearchService } from '../domain/search';
import { apiHandler, ok, validate } from '../platform/http';

export const makeHandler = (searches: SearchService) =>
  apiHandler('search', async (request, caller) => {
    const { q, moduleId } = validate(searchQuerySchema, request.query);
    return ok({ results: await searches.search(caller, q, moduleId) });
  });

export const handler = makeHandler(buildSearchService());
