// Builds the class use cases (a teacher's and a student's classes, rosters, assigning modules) over the table; each
// class handler calls it once, at cold start.
import { makeClassService } from '../classes/classes';
import { systemClock } from './system';
import { classStore, moduleStore } from './table-stores';

export const buildClassService = () => makeClassService({ classes: classStore(), modules: moduleStore(), clock: systemClock });
