// How people are found by a typed search, one rule for the admin's people directory and the class page's enrol search:
// case and accents do not matter, and every word typed must occur somewhere in the person's name or e-mail ("amara",
// "okafor", "s30" and "Ókafor Am" all find amara.okafor@school.test, Amara Okafor). No zod here: the web's search
// boxes and the functions' table copy both use it.

/** Lower case, accents and other combining marks removed, runs of spaces made one. */
export function normaliseSearchText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** What a search is matched against: the person's name and e-mail, normalised, one space apart. */
export const personSearchText = (person: { name: string; email: string }) =>
  `${normaliseSearchText(person.name)} ${normaliseSearchText(person.email)}`.trim();

/** The words of a search (at most `SEARCH_TERMS_MAX` distinct ones; later words add nothing a person types for). */
export function searchTerms(search: string | undefined): string[] {
  if (!search) return [];
  return [...new Set(normaliseSearchText(search).split(' ').filter(Boolean))].slice(0, SEARCH_TERMS_MAX);
}
export const SEARCH_TERMS_MAX = 8;

/** True when every word of the search occurs in the person's name or e-mail (an empty search matches everyone). */
export function matchesPeopleSearch(person: { name: string; email: string }, search: string | undefined): boolean {
  const text = personSearchText(person);
  return searchTerms(search).every((term) => text.includes(term));
}
