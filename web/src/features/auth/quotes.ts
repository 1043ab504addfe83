// Quotes about learning for the login screens' side panel. Attributions are the commonly cited sources.
export interface Quote {
  text: string;
  author: string;
}

export const LOGIN_QUOTES: readonly Quote[] = [
  { text: 'Education is the most powerful weapon which you can use to change the world.', author: 'Nelson Mandela' },
  { text: 'The beautiful thing about learning is that nobody can take it away from you.', author: 'B.B. King' },
  {
    text: 'The more that you read, the more things you will know. The more that you learn, the more places you’ll go.',
    author: 'Dr. Seuss',
  },
  { text: 'In learning you will teach, and in teaching you will learn.', author: 'Phil Collins' },
];
