// A report row's cells as assistive technology names them (a cell's status is an image named by its words).
import { within } from '@testing-library/react';

/** Asserts each cell's accessible name in order, the row header left out. */
export function expectCellNames(row: HTMLElement, names: (string | RegExp)[]): void {
  const cells = within(row).getAllByRole('cell');
  expect(cells).toHaveLength(names.length);
  cells.forEach((cell, index) => expect(cell).toHaveAccessibleName(names[index]));
}
