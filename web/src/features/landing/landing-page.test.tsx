// The landing page claims only what the product does: files are read in the app (not "in a new tab"), "Learn
// Intelligently" is the adaptive path and its checks, and it names what drafts check questions (the built-in
// drafter; Amazon Bedrock where a school turns it on).
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import LandingPage from './landing-page';

beforeEach(() => {
  window.matchMedia = jest.fn(() => ({ matches: true, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList);
  render(
    <MemoryRouter>
      <LandingPage />
    </MemoryRouter>,
  );
});

it('says files are read inside the app, never that they open in a new tab', () => {
  expect(document.body.textContent).not.toMatch(/new tab/i);
  expect(screen.getByText('Read every section’s file inside the app')).toBeInTheDocument();
});

it('describes Learn Intelligently as the checks and the path their scores set', () => {
  const step = screen.getByRole('heading', { name: 'Learn Intelligently' }).closest('li')!;
  expect(step.textContent).toMatch(/answer its check/);
  expect(step.textContent).toMatch(/score sets the path: a review section .* an extension .* optional sections skipped/);
});

it('says what drafts check questions: the built-in drafter, no AI model, and Amazon Bedrock only where a school turns it on', () => {
  expect(screen.queryByText(/AI-assisted/)).toBeNull();
  const drafting = screen.getByText(/questions drafted from the section’s file/);
  expect(drafting.textContent).toMatch(/by the built-in drafter \(no AI model\), or by Amazon Bedrock’s AI model where your school turns it on: you review every draft/);
});
