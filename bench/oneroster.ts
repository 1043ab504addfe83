// `npm run bench` (OneRoster part): reading and planning a OneRoster 1.2 bulk package of 5,000 people (4,750
// students, 230 teachers, 20 administrators), 250 classes and six classes per student, pure code on this machine:
// once into an empty school (everything created) and once into the school as that import leaves it (everything
// unchanged, the nightly sync's usual case). Prints the median of several runs beside the budget, which leaves the
// Lambda (15 min) and the API's 29 s ample room for the writes; then the whole apply into the in-memory stores, and the
// floor Cognito's pace puts on a first import in AWS, beside the sync's and the route's time limits. Asserts nothing.
import { performance } from 'node:perf_hooks';
import { readPackage } from '../functions/src/rosters/oneroster/package';
import { planRoster, type RosterPlan, type RosterSnapshot } from '../functions/src/rosters/oneroster/plan';
import { readRoster } from '../functions/src/rosters/oneroster/roster';
import { sampleFiles, zipFiles } from '../functions/src/rosters/oneroster/samples/zip-sample';
import { ADMIN_ID, givenAdminSchool, givenOneRoster } from '../functions/test/in-memory/admin';

const STUDENTS = 4750;
const TEACHERS = 230;
const ADMINS = 20;
const CLASSES = 250;
const CLASSES_PER_STUDENT = 6;
const RUNS = 7;
const BUDGET_MS = 3000;

const GIVEN = ['Amara', 'Zoë', 'José', 'Ingrid', 'Chidi', 'Björn', 'Aoife', 'Mei', 'Søren', 'Lucía', 'Omar', 'Hélène'];
const FAMILY = ['Okafor', 'Brontë', 'Núñez', 'Larsen', '"Nwosu, Jr."', 'Østergaard', 'Ní Bhriain', 'Chen', 'Müller'];

function syntheticSchool() {
  const header = (file: string) => sampleFiles('bulk-1.2')[file]!.replace(/^\ufeff/, '').split('\r\n')[0];
  const people = [
    ...Array.from({ length: STUDENTS }, (_, index) => ({ id: `s-${index}`, role: 'student' as const })),
    ...Array.from({ length: TEACHERS }, (_, index) => ({ id: `t-${index}`, role: 'teacher' as const })),
    ...Array.from({ length: ADMINS }, (_, index) => ({ id: `a-${index}`, role: 'systemAdministrator' as const })),
  ];
  const users = people.map(({ id }, index) => {
    const given = GIVEN[index % GIVEN.length]!;
    const family = FAMILY[Math.floor(index / GIVEN.length) % FAMILY.length]!;
    return `${id},,,true,${id},,${given},${family},,${id},${id}@bench.school.example,,,,,,,,,,org-1,`;
  });
  const roles = people.map(({ id, role }) => `r-${id},,,${id},primary,${role},,,org-1,`);
  const classes = Array.from({ length: CLASSES }, (_, index) => `cl-${index},,,"Class ${index}, group ${index % 7}",09,,C${index},scheduled,,org-1,term-1,,,`);
  const enrollments = [
    ...Array.from({ length: CLASSES }, (_, index) => `e-t-${index},,,cl-${index},org-1,t-${index % TEACHERS},teacher,true,,`),
    ...Array.from({ length: STUDENTS * CLASSES_PER_STUDENT }, (_, index) => {
      const student = Math.floor(index / CLASSES_PER_STUDENT);
      return `e-s-${index},,,cl-${(student * CLASSES_PER_STUDENT + (index % CLASSES_PER_STUDENT)) % CLASSES},org-1,s-${student},student,false,,`;
    }),
  ];
  const csv = (file: string, rows: string[]) => [header(file), ...rows].join('\r\n') + '\r\n';
  const zip = zipFiles({
    'manifest.csv': sampleFiles('bulk-1.2')['manifest.csv']!,
    'users.csv': csv('users.csv', users),
    'roles.csv': csv('roles.csv', roles),
    'classes.csv': csv('classes.csv', classes),
    'enrollments.csv': csv('enrollments.csv', enrollments),
    'orgs.csv': sampleFiles('bulk-1.2')['orgs.csv']!,
    'academicSessions.csv': sampleFiles('bulk-1.2')['academicSessions.csv']!,
    'courses.csv': sampleFiles('bulk-1.2')['courses.csv']!,
  });
  return { zip, enrollments: enrollments.length };
}

/** The school as the first import leaves it, built from the plan's own creations. */
function imported(plan: RosterPlan): RosterSnapshot {
  const { users, classes, enrollments } = plan.changes;
  const userId = (ref: { userId: string } | { createdFrom: string }) => ('userId' in ref ? ref.userId : `user-${ref.createdFrom}`);
  return {
    people: users.create.map((person) => ({ userId: `user-${person.sourcedId}`, ...person })),
    classes: classes.create.map(({ teacher, ...item }) => ({ classId: `class-${item.sourcedId}`, ...item, teacherId: teacher && userId(teacher) })),
    enrollments: enrollments.create.map((item) => ({
      classId: 'classId' in item.class ? item.class.classId : `class-${item.class.createdFrom}`,
      studentId: userId(item.student),
      sourcedId: item.sourcedId,
    })),
  };
}

async function time(label: string, run: () => Promise<RosterPlan>) {
  const times: number[] = [];
  let last = await run();
  for (let index = 0; index < RUNS; index += 1) {
    const begin = performance.now();
    last = await run();
    times.push(performance.now() - begin);
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  const counts = Object.entries(last.counts)
    .map(([part, count]) => `${part} +${count.create} ~${count.update} -${count.delete} =${count.unchanged}`)
    .join(', ');
  console.log(`  ${label.padEnd(34)} p50 ${median.toFixed(0).padStart(6)} ms  (budget ≤ ${BUDGET_MS} ms)${median <= BUDGET_MS ? '' : '  OVER BUDGET'}   ${counts}`);
  return last;
}

const { zip, enrollments } = syntheticSchool();
console.log(
  `OneRoster 1.2 bulk package: ${(STUDENTS + TEACHERS + ADMINS).toLocaleString('en')} people, ${CLASSES} classes, ${enrollments.toLocaleString('en')} enrolments, ${(zip.byteLength / 1024).toFixed(0)} KiB zipped; read + plan, median of ${RUNS}`,
);
const readAndPlan = (snapshot: RosterSnapshot) => async () => planRoster(readRoster(await readPackage(zip), { importAdministrators: true }), snapshot);
/** Cognito's AdminCreateUser quota (requests a second per account): the floor of a first import's time in AWS. */
const CREATE_USER_PER_SECOND = 50;
const SYNC_LIMIT_S = 15 * 60;
const ROUTE_LIMIT_S = 29;

/** The whole apply (snapshot, plan, every write) into the in-memory stores: the use case's own work, without I/O. */
async function applyInMemory() {
  const school = givenAdminSchool();
  const { oneRoster, stored } = givenOneRoster(school);
  const key = `protected/${ADMIN_ID}/bench.zip`;
  stored.set(key, zip);
  const caller = { userId: ADMIN_ID, roles: ['Admins' as const], name: 'Bench' };
  const begin = performance.now();
  const first = await oneRoster.importUploaded(caller, { contentUrl: key, mode: 'apply', importAdministrators: true });
  const firstMs = performance.now() - begin;
  const again = performance.now();
  await oneRoster.importUploaded(caller, { contentUrl: key, mode: 'apply', importAdministrators: true });
  const againMs = performance.now() - again;
  const accounts = first.counts.users.create;
  console.log(`  ${'apply into memory, first (all created)'.padEnd(34)} ${firstMs.toFixed(0).padStart(10)} ms  (nightly sync limit ${SYNC_LIMIT_S} s, route ${ROUTE_LIMIT_S} s)`);
  console.log(`  ${'apply into memory, again (unchanged)'.padEnd(34)} ${againMs.toFixed(0).padStart(10)} ms  (nightly sync limit ${SYNC_LIMIT_S} s, route ${ROUTE_LIMIT_S} s)`);
  console.log(
    `  ${accounts.toLocaleString('en')} accounts at Cognito's ${CREATE_USER_PER_SECOND} AdminCreateUser a second take at least ${(accounts / CREATE_USER_PER_SECOND).toFixed(0)} s in AWS: a first import of a whole school is the nightly sync's (limit ${SYNC_LIMIT_S} s), not the route's (${ROUTE_LIMIT_S} s)`,
  );
}

async function main() {
  const first = await time('first import (all created)', readAndPlan({ people: [], classes: [], enrollments: [] }));
  await time('the same again (all unchanged)', readAndPlan(imported(first)));
  await applyInMemory();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
