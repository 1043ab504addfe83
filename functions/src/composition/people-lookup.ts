// Builds the look-up of people by e-mail over the user pool alone: its route touches no table.
import { makePeopleLookup } from '../people/people';
import { userDirectory } from './user-directory';

export const buildPeopleLookup = () => makePeopleLookup({ directory: userDirectory() });
