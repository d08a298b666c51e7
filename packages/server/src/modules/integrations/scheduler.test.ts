import { describe, expect, it } from 'vitest';
import { cronSchedule } from './scheduler';

const at = (s: string) => new Date(s);
const fmt = (d: Date | null) =>
  d
    ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
    : 'never';

describe('connector cron schedules', () => {
  it.each([
    ['*/15 * * * *', '2025-03-04T10:07:30', '2025-03-04 10:15'],
    ['0 2 * * *', '2025-03-04T10:07:00', '2025-03-05 02:00'],
    ['30 6 * * 1-5', '2025-03-07T07:00:00', '2025-03-10 06:30'],
    ['0 0 1 */3 *', '2025-02-10T00:00:00', '2025-04-01 00:00'],
    ['5,35 9-10 * * 0', '2025-03-04T00:00:00', '2025-03-09 09:05'],
    ['0 12 15 * 7', '2025-03-01T00:00:00', '2025-03-02 12:00'],
    ['0 0 29 2 *', '2025-03-01T00:00:00', '2028-02-29 00:00'],
    // Either restricted day field matches, as in cron: the 13th or any Friday.
    ['0 9 13 * 5', '2025-06-01T00:00:00', '2025-06-06 09:00'],
  ])('%s after %s is %s', (expression, after, expected) => {
    const schedule = cronSchedule(expression);
    try {
      expect(fmt(schedule.nextRun(at(after)))).toBe(expected);
    } finally {
      schedule.stop();
    }
  });

  it.each(['* * * *', '0 * * * * *', '60 * * * *', '* 24 * * *', '*/0 * * * *', 'a * * * *', '5-1 * * * *'])(
    'rejects %s',
    (expression) => {
      expect(() => cronSchedule(expression)).toThrow(/cron/);
    },
  );

  it('rejects an expression that never matches', () => {
    expect(() => cronSchedule('0 0 30 2 *')).toThrow(/never matches/);
  });
});
