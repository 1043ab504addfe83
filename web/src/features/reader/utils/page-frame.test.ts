import { reservedAspectRatio } from './page-frame';

it("reserves the first page's shape, or an A4 page's until it is known", () => {
  expect(reservedAspectRatio({ width: 842, height: 595 })).toBe('842 / 595');
  expect(reservedAspectRatio()).toBe('595 / 842');
});
