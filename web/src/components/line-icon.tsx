// The frame of the app's small line icons: sized for 44px icon buttons, drawn in the text colour, and hidden from
// assistive technology because the button around an icon carries the name.
import type { ReactNode } from 'react';

export function LineIcon({ viewBox, children }: { viewBox: string; children: ReactNode }) {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox={viewBox} fill="none" stroke="currentColor" strokeWidth="2">
      {children}
    </svg>
  );
}
