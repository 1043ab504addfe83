// A link to a part of a page (`/teacher-modules/m1#assign`): the router does not scroll to it, so the part named by
// the hash brings itself into view once rendered, and says whether it was the one asked for.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

export function useHashTarget(id: string, ref: React.RefObject<HTMLElement | null>): boolean {
  const targeted = useLocation().hash === `#${id}`;
  useEffect(() => {
    if (targeted) ref.current?.scrollIntoView?.({ block: 'start' });
  }, [targeted, ref]);
  return targeted;
}
