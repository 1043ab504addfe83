// Builds the read-only people use cases over the user pool alone: their routes touch no table.
import { makePeopleQueries } from '../domain/people';
import { userDirectory } from './user-directory';

export const buildPeopleQueries = () => makePeopleQueries({ directory: userDirectory() });
