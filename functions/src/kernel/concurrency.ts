// Bounded parallelism: enough requests in flight to be quick, few enough to stay inside the identity service's quotas.

/** Maps every item with at most `limit` calls in flight; results keep the input's order. */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, map: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < items.length) {
      const index = nextIndex++;
      results[index] = await map(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
