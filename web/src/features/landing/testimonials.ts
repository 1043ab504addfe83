// Illustrative scenarios for the landing page carousel. The product has no customer quotes yet, so these describe
// what a teacher or student can do today and are labelled as examples on the page.
export interface Testimonial {
  quote: string;
  who: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote: 'I turned the slides and worksheets I already had into one ordered path, without rebuilding anything.',
    who: 'A secondary-school teacher',
  },
  {
    quote: 'I can see which sections I have finished and open the next file straight from the module page.',
    who: 'A student',
  },
  {
    quote: 'Before a lesson I check the progress report to see how many sections each student has completed.',
    who: 'A teacher with three classes',
  },
  {
    quote: 'Everything assigned to my class is in one syllabus, so I do not have to hunt for files.',
    who: 'A student',
  },
  {
    quote: 'Reusing a module with another class is one dropdown and one button.',
    who: 'A head of department',
  },
];
