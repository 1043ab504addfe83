import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PageJump, PagingToolbar } from './paging';

it('goes to the page typed, and takes no page outside the document', async () => {
  const user = userEvent.setup();
  const onPage = jest.fn();
  render(<PageJump count={36} onPage={onPage} />);
  const field = screen.getByLabelText('Go to page');

  await user.type(field, '7{Enter}');
  expect(onPage).toHaveBeenLastCalledWith(7);
  expect(field).toHaveValue(null);

  await user.type(field, '40');
  await user.click(screen.getByRole('button', { name: 'Go' }));
  await user.clear(field);
  await user.type(field, '0{Enter}');
  expect(onPage).toHaveBeenCalledTimes(1);
});

it('shows the toolbar before the page count is known, with nothing to page to', () => {
  render(<PagingToolbar unit="Page" page={1} count={0} onPage={jest.fn()} tools={null} />);
  expect(screen.getByText('Page 1 of …')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
});

it('keeps Go to page in the toolbar, disabled, until there is a page to go to', () => {
  const { rerender } = render(<PageJump count={0} onPage={jest.fn()} />);
  expect(screen.getByLabelText('Go to page')).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Go' })).toBeDisabled();
  rerender(<PageJump count={50} onPage={jest.fn()} />);
  expect(screen.getByLabelText('Go to page')).toBeEnabled();
});

it('opens and closes the tools with the Tools button, which says what it controls', async () => {
  const user = userEvent.setup();
  render(<PagingToolbar unit="Slide" page={2} count={3} onPage={jest.fn()} tools={<button type="button">Zoom in</button>} />);
  const toggle = screen.getByRole('button', { name: 'Tools', expanded: false });
  const tools = document.getElementById(toggle.getAttribute('aria-controls')!)!;
  expect(tools).toContainElement(screen.getByRole('button', { name: 'Zoom in' }));
  expect(tools).not.toHaveClass('is-open');

  await user.click(toggle);
  expect(screen.getByRole('button', { name: 'Tools', expanded: true })).toBe(toggle);
  expect(tools).toHaveClass('is-open');
  await user.click(toggle);
  expect(tools).not.toHaveClass('is-open');
});
