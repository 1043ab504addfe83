// How a person is shown: their name, or their e-mail while they have none. Its own module without zod, because the
// header shows it on every page and the app's entry chunk must not carry the schema library.
export const displayName = (person: { name?: string; email: string }) => person.name?.trim() || person.email;

/** The letter of a person's avatar: the first of how they are shown. */
export const initialOf = (shown: string) => shown.slice(0, 1).toUpperCase() || '?';
