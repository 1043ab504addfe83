import { useId, useState } from 'react';
import { CAROUSEL_WIDE_BREAKPOINT_PX } from '@shared/constants';
import { LineIcon } from '@web/components/line-icon';
import { useHydrated } from '@web/components/use-hydrated';
import { useMinWidth } from '@web/components/use-media-query';
import type { Testimonial } from '../testimonials';

interface TestimonialCarouselProps {
  items: readonly Testimonial[];
  /** Id of the heading that names the carousel. */
  labelledBy: string;
}

/** Visible card positions starting at `start`, wrapping past the end. */
export function visibleIndexes(start: number, perView: number, count: number): number[] {
  const shown = Math.min(perView, count);
  return Array.from({ length: shown }, (_, offset) => (start + offset) % count);
}

/**
 * Shows 2 cards from CAROUSEL_WIDE_BREAKPOINT_PX up and 1 below; previous and next move one card and wrap around.
 * Nothing moves on its own, so there is nothing to pause.
 */
export function TestimonialCarousel({ items, labelledBy }: TestimonialCarouselProps) {
  const wide = useMinWidth(CAROUSEL_WIDE_BREAKPOINT_PX);
  const perView = wide ? 2 : 1;
  const [start, setStart] = useState(0);
  const listId = useId();
  // The landing page is prerendered: its arrows work once the script has taken over.
  const hydrated = useHydrated();
  const count = items.length;
  if (count === 0) return null;

  const shown = visibleIndexes(start, perView, count);
  const step = (delta: number) => setStart((current) => (current + delta + count) % count);
  const position = shown.map((index) => index + 1);
  const status =
    position.length > 1 ? `Showing examples ${position.join(' and ')} of ${count}` : `Showing example ${position[0]} of ${count}`;

  return (
    <div className="carousel" role="group" aria-roledescription="carousel" aria-labelledby={labelledBy}>
      <div id={listId} className={`carousel-track carousel-track-${shown.length}`}>
        {shown.map((index) => {
          const item = items[index]!;
          return (
            <div key={index} className="carousel-card card" role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${count}`}>
              <blockquote>
                <p>“{item.quote}”</p>
              </blockquote>
              <p className="carousel-who">{item.who}</p>
            </div>
          );
        })}
      </div>
      <div className="carousel-controls">
        <button type="button" className="icon-button" aria-controls={listId} aria-label="Previous example" onClick={() => step(-1)} disabled={!hydrated}>
          <Arrow direction="left" />
        </button>
        <p className="carousel-status" aria-live="polite">
          {status}
        </p>
        <button type="button" className="icon-button" aria-controls={listId} aria-label="Next example" onClick={() => step(1)} disabled={!hydrated}>
          <Arrow direction="right" />
        </button>
      </div>
    </div>
  );
}

function Arrow({ direction }: { direction: 'left' | 'right' }) {
  return (
    <LineIcon viewBox="0 0 20 20">
      <path d={direction === 'left' ? 'M12 4l-6 6 6 6' : 'M8 4l6 6-6 6'} strokeLinecap="round" strokeLinejoin="round" />
    </LineIcon>
  );
}
