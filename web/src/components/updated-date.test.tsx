import { render, screen } from '@testing-library/react';
import { formatShortDate } from '@web/lib/dates';
import { UpdatedDate } from './updated-date';

it('formats dates as the English UI writes them, in the reader’s time zone', () => {
  expect(formatShortDate(new Date(2026, 2, 4, 23, 30))).toBe('Mar 4, 2026');
  expect(formatShortDate(new Date(2025, 11, 31))).toBe('Dec 31, 2025');
});

it('shows "Updated" with a machine-readable date, or "unknown" for a date it cannot read', () => {
  const { rerender } = render(<UpdatedDate iso="2026-11-23T10:00:00.000Z" />);
  const time = screen.getByText(formatShortDate(new Date('2026-11-23T10:00:00.000Z')));
  expect(time).toHaveAttribute('datetime', '2026-11-23T10:00:00.000Z');
  expect(time.parentElement).toHaveTextContent(/^Updated /);
  rerender(<UpdatedDate iso="not a date" />);
  expect(screen.getByText('unknown')).toBeInTheDocument();
});
