import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { bothQueries, QueryView } from './query-view';

const view = (query: { data: string[] | undefined; error: Error | null }, pending = false) =>
  render(
    <QueryView query={query} loading="Loading classes..." error="Could not load classes." pending={pending} empty={{ when: (data) => data.length === 0, show: <p>No classes yet.</p> }}>
      {(data) => <ul>{data.map((each) => <li key={each}>{each}</li>)}</ul>}
    </QueryView>,
  );

it('announces loading (role=status), then shows the data', () => {
  const { rerender } = view({ data: undefined, error: null });
  expect(screen.getByRole('status')).toHaveTextContent('Loading classes...');
  rerender(
    <QueryView query={{ data: ['Year 7 Art'], error: null }} loading="Loading classes..." error="Could not load classes.">
      {(data) => <ul>{data.map((each) => <li key={each}>{each}</li>)}</ul>}
    </QueryView>,
  );
  expect(screen.getByRole('listitem')).toHaveTextContent('Year 7 Art');
  expect(screen.queryByRole('status')).toBeNull();
});

it('shows a failure with nothing to show as an alert (role=alert), and an error handed to a function as it words it', () => {
  view({ data: undefined, error: new Error('Server down') });
  expect(screen.getByRole('alert')).toHaveTextContent('Could not load classes.');
  render(
    <QueryView query={{ data: undefined, error: new Error('Server down') }} loading="Loading..." error={(error) => <p>Failed: {error.message}</p>}>
      {() => null}
    </QueryView>,
  );
  expect(screen.getByText('Failed: Server down')).toBeInTheDocument();
});

it('keeps the data on screen when a read again fails, but shows the failure while more is still to come', () => {
  view({ data: ['Year 7 Art'], error: new Error('Server down') });
  expect(screen.getByRole('listitem')).toHaveTextContent('Year 7 Art');
  expect(screen.queryByRole('alert')).toBeNull();
  view({ data: ['Year 7 Art'], error: new Error('Server down') }, true);
  expect(screen.getByRole('alert')).toHaveTextContent('Could not load classes.');
});

it('says so when the answer holds nothing, and keeps loading while more is to come', () => {
  view({ data: [], error: null });
  expect(screen.getByText('No classes yet.')).toBeInTheDocument();
  view({ data: ['Year 7 Art'], error: null }, true);
  expect(screen.getByRole('status')).toHaveTextContent('Loading classes...');
});

it('climbs two queries as one: loading until both have answered, a failure of either with nothing to show, then both', () => {
  const failed = new Error('Server down');
  type Answer<T> = { data: T | undefined; error: Error | null };
  const pair = (first: Answer<string>, second: Answer<number>) => (
    <QueryView query={bothQueries(first, second)} loading="Loading module..." error={(error) => <p>Failed: {error.message}</p>}>
      {([title, done]) => <p>{`${title}: ${done} done`}</p>}
    </QueryView>
  );
  const { rerender } = render(pair({ data: 'Cells', error: null }, { data: undefined, error: null }));
  expect(screen.getByRole('status')).toHaveTextContent('Loading module...');
  // A failed read again of the one that answered keeps waiting for the other.
  rerender(pair({ data: 'Cells', error: failed }, { data: undefined, error: null }));
  expect(screen.getByRole('status')).toHaveTextContent('Loading module...');
  rerender(pair({ data: undefined, error: null }, { data: undefined, error: failed }));
  expect(screen.getByText('Failed: Server down')).toBeInTheDocument();
  rerender(pair({ data: 'Cells', error: failed }, { data: 2, error: null }));
  expect(screen.getByText('Cells: 2 done')).toBeInTheDocument();
  expect(screen.queryByText(/Failed/)).toBeNull();
});

it('keeps the state of a screen whose loading rung is the same component as its data rung (placeholders until the data)', async () => {
  function Figures({ count }: { count?: number }) {
    const [note, setNote] = useState('');
    return (
      <>
        <p>{count ?? '…'}</p>
        <input aria-label="Note" value={note} onChange={(event) => setNote(event.target.value)} />
      </>
    );
  }
  const figures = (data: number | undefined) => (
    <QueryView query={{ data, error: null }} loading={<Figures />} error="Could not load the figures.">
      {(count) => <Figures count={count} />}
    </QueryView>
  );
  const { rerender } = render(figures(undefined));
  await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'typed while loading');
  rerender(figures(3));
  expect(screen.getByText('3')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('typed while loading');
});
