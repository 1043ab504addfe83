import { visitorReady } from './visitor-ready';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** Whether the promise has settled once pending callbacks have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

it.each(['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'])('settles on the visitor’s first %s', async (event) => {
  const target = new EventTarget();
  const ready = visitorReady(target as unknown as Window, 3000);
  expect(await settled(ready)).toBe(false);
  target.dispatchEvent(new Event(event));
  expect(await settled(ready)).toBe(true);
});

it('settles once the page has sat idle for the time given, and leaves no listener behind', async () => {
  const target = new EventTarget();
  const removed = jest.spyOn(target, 'removeEventListener');
  const ready = visitorReady(target as unknown as Window, 3000);
  jest.advanceTimersByTime(2999);
  expect(await settled(ready)).toBe(false);
  jest.advanceTimersByTime(1);
  expect(await settled(ready)).toBe(true);
  expect(removed).toHaveBeenCalledTimes(7);
});

it('ignores events that say nothing of the visitor', async () => {
  const target = new EventTarget();
  const ready = visitorReady(target as unknown as Window, 3000);
  target.dispatchEvent(new Event('load'));
  target.dispatchEvent(new Event('resize'));
  expect(await settled(ready)).toBe(false);
});
