// One search rule for the admin's people list and the class page's enrol search.
import { matchesPeopleSearch, normaliseSearchText, searchTerms } from './people-search';

const amara = { name: 'Amára Okafor', email: 's30@school.example' };

describe('matchesPeopleSearch', () => {
  it.each(['amara', 'Okafor', 's30', 'OKAF', 'school.example', 'okafor amara', 'Ámara  S30'])('finds Amára Okafor by "%s"', (search) => {
    expect(matchesPeopleSearch(amara, search)).toBe(true);
  });

  it.each(['amaro', 'okafor ben', 's31'])('does not by "%s" (every word must occur)', (search) => {
    expect(matchesPeopleSearch(amara, search)).toBe(false);
  });

  it('matches everyone with an empty search', () => {
    expect(matchesPeopleSearch(amara, '  ')).toBe(true);
  });
});

describe('normalising', () => {
  it('drops case, accents and extra spaces, and keeps each distinct word once', () => {
    expect(normaliseSearchText('  Zoë   BRONTË ')).toBe('zoe bronte');
    expect(searchTerms('Zoë zoe Brontë')).toEqual(['zoe', 'bronte']);
  });
});
