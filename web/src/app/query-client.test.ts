import { createQueryClient, whenQueriesSettle } from './query-client';

describe('whenQueriesSettle', () => {
  it('settles at once when nothing is fetching, and otherwise once the last query started has its answer', async () => {
    const queryClient = createQueryClient();
    await expect(whenQueriesSettle(queryClient)).resolves.toBeUndefined();

    const answers: Record<string, (value: string) => void> = {};
    const fetchLater = (key: string) =>
      void queryClient.fetchQuery({ queryKey: [key], queryFn: () => new Promise<string>((resolve) => (answers[key] = resolve)) });
    fetchLater('classes');
    fetchLater('modules');
    let settled = false;
    const settling = whenQueriesSettle(queryClient).then(() => (settled = true));

    await new Promise((resolve) => setTimeout(resolve, 10));
    answers.classes!('classes');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    answers.modules!('modules');
    await settling;
    expect(queryClient.isFetching()).toBe(0);
  });
});
