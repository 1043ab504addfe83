import { zoomStep } from './zoom-control';

it('steps from the scale shown to the next step in or out, and stays at either end', () => {
  expect(zoomStep(1, 1)).toBe(1.25);
  expect(zoomStep(1, -1)).toBe(0.75);
  // A fitted scale between steps goes to the nearest step on that side.
  expect(zoomStep(1.6, 1)).toBe(2);
  expect(zoomStep(1.6, -1)).toBe(1.5);
  expect(zoomStep(3, 1)).toBe(3);
  expect(zoomStep(0.5, -1)).toBe(0.5);
});
