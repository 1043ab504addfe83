// What the administration handler tests share: a school over in-memory stores (test/in-memory/records.ts's classes)
// with a directory of its people, the administration services over them, and the user pool's two answers to the
// two-factor check every administration route makes.
import { STUDENT_ID, TEACHER_ID, tokens } from '@test/unit-helpers/events';
import { makeClassAdminService } from '../../src/rosters/class-admin';
import { makePeopleService } from '../../src/people/people';
import { makeOneRosterHistory, makeOneRosterImport } from '../../src/rosters/oneroster-import';
import { InMemoryOneRosterStore } from '../../src/rosters/fakes/oneroster-store';
import type { SecondFactorCheck } from '../../src/platform/http';
import { makeRosterNames, makeSchoolFigures } from '../../src/people/adapters/school-adapters';
import { InMemoryDirectory, InMemoryPeopleIndex, InMemoryPersonAccess } from '../../src/people/fakes/people';
import { givenSchool } from './records';
import { inMemoryPorts } from './ports';

export const ADMIN_ID = tokens.admin.sub;
export const withSecondFactor: SecondFactorCheck = async () => ({ secondFactor: true, name: 'Alex Admin' });
export const withoutSecondFactor: SecondFactorCheck = async () => ({ secondFactor: false, name: 'Alex Admin' });

/** The school of records.ts, and its admin, teacher and student in the directory, plus a second teacher and an invitee. */
export function givenAdminSchool() {
  const ports = inMemoryPorts();
  givenSchool(ports);
  const directory = new InMemoryDirectory();
  directory.add({ userId: ADMIN_ID, email: 'admin@example.com', name: 'Alex Admin', role: 'Admins', status: 'active' });
  directory.add({ userId: TEACHER_ID, email: 'teacher@example.com', name: 'Ada Teacher', role: 'Teachers', status: 'active' });
  directory.add({ userId: STUDENT_ID, email: 'student@example.com', name: 'Sam Student', role: 'Students', status: 'active' });
  const newTeacher = directory.add({ email: 'grace@example.com', name: 'Grace Teacher', role: 'Teachers', status: 'active' });
  const invitee = directory.add({ email: 'kim@example.com', name: 'Kim Student', role: 'Students', status: 'invited' });
  const index = InMemoryPeopleIndex.of(directory);
  const access = new InMemoryPersonAccess();
  const people = makePeopleService({
    directory,
    access,
    index,
    audit: ports.audit,
    clock: ports.clock,
    rosters: makeRosterNames(ports.classes, ports.rosters),
    figures: makeSchoolFigures(ports.rosters, ports.modules),
  });
  const classAdmin = makeClassAdminService({ ...ports, directory, access });
  return { ports, directory, access, index, newTeacher, invitee, people, classAdmin };
}

/** The OneRoster import over the admin school, reading packages from `stored` (key → zip bytes). */
export function givenOneRoster(school: ReturnType<typeof givenAdminSchool>, invitations: 'email' | 'none' = 'email') {
  const stored = new Map<string, Uint8Array>();
  const links = new InMemoryOneRosterStore();
  const oneRoster = makeOneRosterImport({
    files: {
      readFile: async (key) => stored.get(key) ?? 'missing',
      deleteFiles: async (keys) => {
        for (const key of keys) stored.delete(key);
      },
    },
    links,
    directory: school.directory,
    index: school.index,
    people: school.people,
    classAdmin: school.classAdmin,
    rosters: school.ports.rosters,
    classes: school.ports.classes,
    progress: school.ports.progress,
    audit: school.ports.audit,
    clock: school.ports.clock,
    ids: school.ports.ids,
    invitations,
  });
  return { oneRoster, links, stored, history: makeOneRosterHistory({ links }) };
}
