// The throttles come from the stage's capacity model (docs/capacity.md): each route class's bucket admits the model's
// demand times its headroom, the stage's admits them all at once, and what a class does together is a student write.
import { routeEntries } from '../../shared/contract';
import { modelDemand, routeClass, throttlesFor, type CapacityModel } from '../capacity';
import { knownStages, loadStageSettings } from '../stage-settings';

test.each(knownStages())("the %s stage's throttles admit its capacity model's demand with its headroom", (stage) => {
  const model = loadStageSettings(stage).capacity;
  const { routes, stage: whole } = throttlesFor(model);
  for (const [routeClassName, { perSecond, atOnce }] of Object.entries(modelDemand(model))) {
    const throttle = routes[routeClassName as keyof ReturnType<typeof modelDemand>];
    expect(throttle.rateLimit).toBeGreaterThanOrEqual(perSecond * model.headroom);
    expect(throttle.burstLimit).toBeGreaterThanOrEqual(atOnce * model.headroom);
  }
  const all = Object.values(routes);
  expect(whole.rateLimit).toBe(all.reduce((sum, throttle) => sum + throttle.rateLimit, 0));
  expect(whole.burstLimit).toBe(all.reduce((sum, throttle) => sum + throttle.burstLimit, 0));
});

test("prod's model: a class of 30 submitting a check, five classes in the same second, fits the student-write burst; a school's lesson start fits the reads", () => {
  const model = loadStageSettings('prod').capacity;
  const { routes } = throttlesFor(model);
  expect(routes.studentWrite.burstLimit).toBeGreaterThanOrEqual(30 * 5);
  expect(routes.read.rateLimit * model.lessonStartSeconds).toBeGreaterThanOrEqual(model.students * model.readsPerStudentAtLessonStart);
});

test('a larger school gets larger limits', () => {
  const model: CapacityModel = loadStageSettings('prod').capacity;
  const bigger = throttlesFor({ ...model, students: model.students * 5 });
  const today = throttlesFor(model);
  expect(bigger.routes.read.rateLimit).toBeGreaterThan(today.routes.read.rateLimit);
  expect(bigger.routes.studentWrite.rateLimit).toBeGreaterThan(today.routes.studentWrite.rateLimit);
  expect(bigger.stage.rateLimit).toBeGreaterThan(today.stage.rateLimit);
});

test('completions, check attempts and reading reports are student writes; GETs are reads; the bulk directory routes have their own class', () => {
  const classes = Object.fromEntries(routeEntries.map(([name, route]) => [name, routeClass(name, route.method)]));
  expect(classes).toMatchObject({ markComplete: 'studentWrite', submitAttempt: 'studentWrite', recordReading: 'studentWrite', getModule: 'read', createModule: 'staffWrite', invitePeople: 'bulkDirectory' });
});
