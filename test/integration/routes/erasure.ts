// The erasure route's fixture (test/integration/routes/context.ts says what a fixture holds).
import type { erasureRoutes } from '@shared/contract/erasure';
import { MEDIA, pdfBytes, person } from '../support/world';
import type { ResourceFixtures } from './context';

export const erasureFixtures: ResourceFixtures<typeof erasureRoutes> = {
  erasePerson: {
    request: async ({ invited }) => {
      const { userId, email } = await invited();
      return { params: { userId }, body: { confirm: email } };
    },
    statuses: { admin: 200 },
    // Last of all the routes (the contract lists it last): the student and the teacher go for good.
    drive: async ({ world, unique }) => {
      const erase = (erased: { userId: string; email: string }, body: Record<string, unknown> = {}, status = 200) =>
        world.ok('erasePerson', { as: world.admin, params: { userId: erased.userId }, body: { confirm: erased.email, ...body } }, status);
      // A teacher with a module and its file, and a class: they go to the teacher named (checked against their role), the
      // file copied to that teacher's folder.
      const newTeacher = await person(world.config, `${unique('leaving')}@example.com`, 'Teachers', unique('Leaving'));
      const file = await world.upload(newTeacher, `${unique('file')}.pdf`, MEDIA.pdf, pdfBytes('leaving'));
      await world.createModule(newTeacher, [{ title: 'One', contentUrl: file }], unique('Module'));
      await world.ok('createClass', { as: world.admin, body: { className: unique('Class'), teacherId: newTeacher.userId } });
      await erase(newTeacher, { transferModulesTo: world.otherTeacher.userId });
      await erase(world.student);
      await erase(world.teacher, {}, 400);
      await erase(world.teacher, { deleteModules: true });
    },
  },
};
