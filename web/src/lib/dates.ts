// The app's words are English, so dates are too ("Mar 4, 2026", in the reader's time zone). Formatted by hand: the
// first Intl date formatter a page builds loads locale data, a main-thread pause of a few hundred milliseconds on a
// phone, for three letters and two numbers.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function formatShortDate(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** An instant as the day it fell on, in the reader's locale and time zone (the people list, the audit trail). */
export const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
