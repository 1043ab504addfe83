import { act, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { CAROUSEL_WIDE_BREAKPOINT_PX } from '@shared/constants';
import { TestimonialCarousel, visibleIndexes } from './testimonial-carousel';

const ITEMS = ['one', 'two', 'three', 'four'].map((word) => ({ quote: `Quote ${word}`, who: `Person ${word}` }));

/** A matchMedia that answers min-width queries from a settable viewport width and notifies listeners on change. */
function mockViewport(initialWidth: number) {
  let width = initialWidth;
  const listeners = new Set<() => void>();
  window.matchMedia = jest.fn((query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0);
    return {
      get matches() {
        return width >= min;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    } as unknown as MediaQueryList;
  });
  return {
    resize(next: number) {
      width = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

const visibleQuotes = () =>
  within(screen.getByRole('group', { name: 'Examples' }))
    .getAllByRole('group')
    .map((card) => card.querySelector('p')?.textContent);

function renderCarousel() {
  render(
    <>
      <h2 id="examples">Examples</h2>
      <TestimonialCarousel items={ITEMS} labelledBy="examples" />
    </>,
  );
}

const originalMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

describe('TestimonialCarousel', () => {
  it(`shows 2 cards at ${CAROUSEL_WIDE_BREAKPOINT_PX}px and wider`, () => {
    mockViewport(CAROUSEL_WIDE_BREAKPOINT_PX);
    renderCarousel();
    expect(visibleQuotes()).toEqual(['“Quote one”', '“Quote two”']);
    expect(screen.getByRole('group', { name: 'Examples' })).toHaveAttribute('aria-roledescription', 'carousel');
    expect(screen.getByRole('group', { name: '2 of 4' })).toHaveAttribute('aria-roledescription', 'slide');
  });

  it('shows 1 card below the breakpoint', () => {
    mockViewport(CAROUSEL_WIDE_BREAKPOINT_PX - 1);
    renderCarousel();
    expect(visibleQuotes()).toEqual(['“Quote one”']);
    expect(screen.getByText('Showing example 1 of 4')).toBeInTheDocument();
  });

  it('follows the viewport across the breakpoint', () => {
    const viewport = mockViewport(1280);
    renderCarousel();
    expect(visibleQuotes()).toHaveLength(2);
    viewport.resize(375);
    expect(visibleQuotes()).toHaveLength(1);
    viewport.resize(800);
    expect(visibleQuotes()).toHaveLength(2);
  });

  it('wraps around with next at the end and previous at the start (wide)', async () => {
    mockViewport(1280);
    renderCarousel();
    const user = userEvent.setup();
    const next = screen.getByRole('button', { name: 'Next example' });

    await user.click(next);
    await user.click(next);
    expect(visibleQuotes()).toEqual(['“Quote three”', '“Quote four”']);
    await user.click(next);
    expect(visibleQuotes()).toEqual(['“Quote four”', '“Quote one”']);
    await user.click(next);
    expect(visibleQuotes()).toEqual(['“Quote one”', '“Quote two”']);

    await user.click(screen.getByRole('button', { name: 'Previous example' }));
    expect(visibleQuotes()).toEqual(['“Quote four”', '“Quote one”']);
    expect(screen.getByText('Showing examples 4 and 1 of 4')).toBeInTheDocument();
  });

  it('wraps around one card at a time on narrow screens', async () => {
    mockViewport(375);
    renderCarousel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Previous example' }));
    expect(visibleQuotes()).toEqual(['“Quote four”']);
    await user.click(screen.getByRole('button', { name: 'Next example' }));
    expect(visibleQuotes()).toEqual(['“Quote one”']);
  });

  it('falls back to innerWidth where matchMedia is missing', () => {
    // @ts-expect-error jsdom has no matchMedia; make sure it is really absent.
    delete window.matchMedia;
    window.innerWidth = 1024;
    renderCarousel();
    expect(visibleQuotes()).toHaveLength(2);
  });
});

describe('TestimonialCarousel prerendered', () => {
  it('draws its arrows disabled (they would swallow a click before the script runs) and enables them once hydrated', async () => {
    mockViewport(400);
    const carousel = <TestimonialCarousel items={ITEMS} labelledBy="examples" />;
    const page = document.body.appendChild(document.createElement('div'));
    page.innerHTML = renderToString(carousel);
    const arrows = () => within(page).getAllByRole('button');
    expect(arrows().map((arrow) => arrow.hasAttribute('disabled'))).toEqual([true, true]);

    const root = await act(async () => hydrateRoot(page, carousel));
    expect(arrows().map((arrow) => arrow.hasAttribute('disabled'))).toEqual([false, false]);
    act(() => root.unmount());
    page.remove();
  });
});

describe('visibleIndexes', () => {
  it('wraps and never shows more cards than there are', () => {
    expect(visibleIndexes(3, 2, 4)).toEqual([3, 0]);
    expect(visibleIndexes(0, 2, 1)).toEqual([0]);
  });
});
