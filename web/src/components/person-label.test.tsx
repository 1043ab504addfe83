import { render, screen } from '@testing-library/react';
import { PersonLabel } from './person-label';

it('shows the name with the e-mail as secondary text, its full value in the text and the tooltip', () => {
  const email = 'samantha.very-long-address@secondary-school.example';
  render(<PersonLabel name="Sam Student" email={email} />);
  expect(screen.getByText('Sam Student')).toHaveClass('person-label-name');
  const secondary = screen.getByText(email);
  expect(secondary).toHaveClass('person-label-email');
  expect(secondary).toHaveAttribute('title', email);
});

it('shows the name alone when no e-mail is known, or when the name is the e-mail', () => {
  const { container, rerender } = render(<PersonLabel name="Sam Student" />);
  expect(container).toHaveTextContent(/^Sam Student$/);
  expect(container.querySelector('.person-label-email')).toBeNull();
  rerender(<PersonLabel name="sam@school.example" email="sam@school.example" />);
  expect(container).toHaveTextContent(/^sam@school\.example$/);
  expect(container.querySelector('.person-label-email')).toBeNull();
});
