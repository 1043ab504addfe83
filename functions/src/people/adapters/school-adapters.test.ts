import { CLASS_ID, OTHER_CLASS_ID, classRecord, givenSchool } from '@functions/test/in-memory/records';
import { inMemoryPorts } from '@functions/test/in-memory/ports';
import { makeSchoolFigures } from './school-adapters';

test("the school's class figures leave archived classes out: they are last year's, off the dashboards", async () => {
  const ports = inMemoryPorts();
  givenSchool(ports);
  ports.classes.put(classRecord({ classId: 'class-3', className: 'Physics 9C', teacherId: '', students: {} }));
  const figures = makeSchoolFigures(ports.rosters, ports.modules);
  expect(await figures.classes()).toEqual({ total: 3, withoutTeacher: 1, withoutStudents: 1 });

  ports.classes.put(classRecord({ classId: 'class-3', className: 'Physics 9C', teacherId: '', students: {}, archivedAt: '2026-07-01T00:00:00.000Z' }));
  expect(await figures.classes()).toEqual({ total: 2, withoutTeacher: 0, withoutStudents: 0 });
  expect((await ports.rosters.listAllClasses()).map((record) => record.classId).sort()).toEqual([CLASS_ID, OTHER_CLASS_ID, 'class-3']);
});
