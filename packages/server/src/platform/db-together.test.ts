import { describe, expect, it } from 'vitest';
import { together } from './db';
import { createTestApp } from '../test/test-app';

/** Two tasks that log when they start and end, the first slower than the second. */
function recordedTasks() {
  const log: string[] = [];
  const task = (name: string, ms: number, value: number) => async () => {
    log.push(`${name} start`);
    await new Promise((resolve) => setTimeout(resolve, ms));
    log.push(`${name} end`);
    return value;
  };
  return { log, tasks: [task('a', 30, 1), task('b', 1, 2)] as const };
}

describe('together (independent statements of one request)', () => {
  it('runs the tasks at once on the database, in turn inside a transaction (one connection), and returns results in order', async () => {
    const t = await createTestApp();
    try {
      const onPool = recordedTasks();
      expect(await together(t.database.db, onPool.tasks)).toEqual([1, 2]);
      expect(onPool.log).toEqual(['a start', 'b start', 'b end', 'a end']);

      const inTransaction = recordedTasks();
      const results = await t.database.db.transaction((tx) => together(tx, inTransaction.tasks));
      expect(results).toEqual([1, 2]);
      expect(inTransaction.log).toEqual(['a start', 'a end', 'b start', 'b end']);
    } finally {
      await t.close();
    }
  });
});
