import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QUOTE_ROTATION_MS } from '@shared/constants';
import { QuotePanel } from './quote-panel';

const QUOTES = [
  { text: 'First', author: 'A' },
  { text: 'Second', author: 'B' },
  { text: 'Third', author: 'C' },
];

const shownQuote = () => screen.getByRole('blockquote').textContent;

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('QuotePanel', () => {
  it(`changes quote every ${QUOTE_ROTATION_MS} ms and wraps around`, () => {
    render(<QuotePanel quotes={QUOTES} />);
    expect(shownQuote()).toBe('“First”');

    act(() => jest.advanceTimersByTime(QUOTE_ROTATION_MS - 1));
    expect(shownQuote()).toBe('“First”');
    act(() => jest.advanceTimersByTime(1));
    expect(shownQuote()).toBe('“Second”');
    act(() => jest.advanceTimersByTime(QUOTE_ROTATION_MS));
    expect(shownQuote()).toBe('“Third”');
    act(() => jest.advanceTimersByTime(QUOTE_ROTATION_MS));
    expect(shownQuote()).toBe('“First”');
    expect(screen.getByText('— A')).toBeInTheDocument();
  });

  it('can be paused and played again', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<QuotePanel quotes={QUOTES} />);
    await user.click(screen.getByRole('button', { name: 'Pause quotes' }));
    act(() => jest.advanceTimersByTime(QUOTE_ROTATION_MS * 3));
    expect(shownQuote()).toBe('“First”');

    await user.click(screen.getByRole('button', { name: 'Play quotes' }));
    // The pointer is still over the panel, which also holds the quote still.
    act(() => jest.advanceTimersByTime(QUOTE_ROTATION_MS));
    expect(shownQuote()).toBe('“First”');
    await user.unhover(screen.getByRole('complementary', { name: 'Quotes about learning' }));
    act(() => jest.advanceTimersByTime(QUOTE_ROTATION_MS));
    expect(shownQuote()).toBe('“Second”');
  });

  it('stops its timer when removed', () => {
    const { unmount } = render(<QuotePanel quotes={QUOTES} />);
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});
