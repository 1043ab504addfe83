import { createHash } from 'node:crypto';
import { COUNTER_SHARDS, counterShardOf } from './completion-writes';

/** A fixed id shaped like the user pool's (a UUID), the nth of a class. */
const poolId = (index: number) => createHash('sha256').update(String(index)).digest('hex').slice(0, 32).replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');

test("a student's completions always count in the same one of the counter's shards", () => {
  const ids = Array.from({ length: 200 }, (_, index) => `student-${index}`);
  expect(ids.map(counterShardOf)).toEqual(ids.map(counterShardOf));
  expect(ids.every((id) => /^[0-7]$/.test(counterShardOf(id)))).toBe(true);
});

test('a class of students spreads over every shard, none holding much more than its share', () => {
  const perShard = new Map<string, number>();
  for (let index = 0; index < 5000; index += 1) {
    const shard = counterShardOf(poolId(index));
    perShard.set(shard, (perShard.get(shard) ?? 0) + 1);
  }
  expect(perShard.size).toBe(COUNTER_SHARDS);
  expect(Math.max(...perShard.values())).toBeLessThan((5000 / COUNTER_SHARDS) * 1.25);
});
