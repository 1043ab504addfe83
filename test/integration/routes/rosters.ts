// The rosters routes' fixtures (test/integration/routes/context.ts says what a fixture holds).
import type { rostersRoutes } from '@shared/contract/rosters';
import { sampleFiles, zipFiles, zipSample } from '@functions/src/rosters/oneroster/samples/zip-sample';
import { CLASS_ID } from '../support/world';
import type { ResourceFixtures } from './context';

export const rostersFixtures: ResourceFixtures<typeof rostersRoutes> = {
  listAdminClasses: {
    request: async () => ({}),
    statuses: { admin: 200 },
  },
  createClass: {
    request: async ({ world }) => ({ body: { className: 'A new class', teacherId: world.otherTeacher.userId } }),
    statuses: { admin: 201 },
    // A form's own class id: a repeat answers the class it made.
    drive: async ({ world, unique, freshClass }) => {
      await freshClass();
      const body = { classId: crypto.randomUUID(), className: unique('Class') };
      await world.ok('createClass', { as: world.admin, body });
      await world.ok('createClass', { as: world.admin, body }, 200);
    },
  },
  getAdminClass: {
    request: async () => ({ params: { classId: CLASS_ID } }),
    statuses: { admin: 200 },
  },
  renameClass: {
    request: async ({ freshClass }) => ({ params: { classId: await freshClass() }, body: { className: 'Renamed class' } }),
    statuses: { admin: 200 },
  },
  deleteClass: {
    request: async ({ freshClass }) => ({ params: { classId: await freshClass() } }),
    statuses: { admin: 204 },
    // A class with a module and the student's progress in it.
    drive: async ({ world, classWithProgress }) => world.ok('deleteClass', { as: world.admin, params: { classId: await classWithProgress() } }),
  },
  setClassTeacher: {
    request: async ({ world, freshClass }) => ({ params: { classId: await freshClass() }, body: { teacherId: world.otherTeacher.userId } }),
    statuses: { admin: 200 },
    // Another teacher, then none.
    drive: async ({ world, freshClass }) => {
      const classId = await freshClass();
      await world.ok('setClassTeacher', { as: world.admin, params: { classId }, body: { teacherId: world.otherTeacher.userId } });
      await world.ok('setClassTeacher', { as: world.admin, params: { classId }, body: { teacherId: null } });
    },
  },
  enrolStudents: {
    request: async ({ world, freshClass }) => ({ params: { classId: await freshClass() }, body: { studentIds: [world.otherStudent.userId] } }),
    statuses: { admin: 200 },
    // A student coming back to a class where they have progress.
    drive: async ({ world, classWithProgress }) => {
      const classId = await classWithProgress();
      await world.ok('unenrolStudent', { as: world.admin, params: { classId, studentId: world.student.userId } }, 200);
      await world.ok('enrolStudents', { as: world.admin, params: { classId }, body: { studentIds: [world.student.userId] } });
    },
  },
  unenrolStudent: {
    request: async ({ world, freshClass }) => ({ params: { classId: await freshClass(), studentId: world.student.userId } }),
    statuses: { admin: 200 },
    // A student with progress in the class.
    drive: async ({ world, classWithProgress }) =>
      world.ok('unenrolStudent', { as: world.admin, params: { classId: await classWithProgress(), studentId: world.student.userId } }, 200),
  },
  listClassStudents: {
    request: async () => ({ params: { classId: CLASS_ID } }),
    statuses: { teacher: 200, otherTeacher: 404, admin: 200 },
    // A page of it too.
    drive: async ({ world }) => {
      await world.ok('listClassStudents', { as: world.teacher, params: { classId: CLASS_ID } });
      await world.ok('listClassStudents', { as: world.teacher, params: { classId: CLASS_ID }, path: `/api/classes/${CLASS_ID}/students?limit=1` });
      await world.ok('listClassStudents', { as: world.admin, params: { classId: CLASS_ID } });
    },
  },
  importOneRoster: {
    // A preview: every call sees the same school.
    request: async ({ world }) => ({ body: { contentUrl: await world.putFile(world.admin, 'package.zip', 'application/zip', zipSample('bulk-1.2')), mode: 'preview' } }),
    statuses: { admin: 200 },
    // Created, then renamed, made a teacher, disabled and enabled again, a class deleted, an enrolment removed by a delta.
    drive: async ({ world }) => {
      const files = sampleFiles('bulk-1.2');
      const edit = (file: string, change: (text: string) => string) => ({ ...files, [file]: change(files[file]!) });
      const apply = async (changed: Record<string, string>, mode = 'apply') => {
        const contentUrl = await world.putFile(world.admin, 'package.zip', 'application/zip', zipFiles(changed));
        await world.ok('importOneRoster', { as: world.admin, body: { contentUrl, mode } });
      };
      await apply(files, 'preview');
      await apply(files);
      const withoutScience = (text: string) => text.split('\n').filter((line) => !line.includes('cl-12')).join('\n');
      await apply({
        ...edit('users.csv', (text) => text.replace('Björn', 'Bjørn').replace('s-300,,,true,', 's-300,,,false,')),
        'roles.csv': files['roles.csv']!.replace('s-305,primary,student', 's-305,primary,teacher'),
        'classes.csv': withoutScience(files['classes.csv']!),
        'enrollments.csv': withoutScience(files['enrollments.csv']!),
      });
      await apply(files);
      await apply(sampleFiles('delta-1.2'));
      await world.ok('importOneRoster', { as: world.admin, body: { contentUrl: `protected/${world.admin.userId}/missing.zip`, mode: 'apply' } }, 404);
    },
  },
  listOneRosterRuns: {
    request: async () => ({}),
    statuses: { admin: 200 },
  },
  // The class's checks and scores and the OneRoster links read, the gradebook zip written to the bucket.
  exportOneRosterScores: {
    request: async () => ({ params: { classId: CLASS_ID } }),
    statuses: { teacher: 200, otherTeacher: 404, admin: 200 },
  },
};
