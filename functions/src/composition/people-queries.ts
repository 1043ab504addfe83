// Builds the read-only list of people over the user pool and the people index.
import { makePeopleQueries } from '../people/people';
import { peopleIndex } from './table-stores';
import { userDirectory } from './user-directory';

export const buildPeopleQueries = () => makePeopleQueries({ directory: userDirectory(), index: peopleIndex() });
