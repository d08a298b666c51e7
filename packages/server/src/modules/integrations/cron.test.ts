import { describe, expect, it } from 'vitest';
import { parseCron } from './cron';

const at = (s: string) => new Date(s);
const fmt = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;

describe('cron expressions', () => {
  it.each([
    ['*/15 * * * *', '2025-03-04T10:07:30', '2025-03-04 10:15'],
    ['0 2 * * *', '2025-03-04T10:07:00', '2025-03-05 02:00'],
    ['30 6 * * 1-5', '2025-03-07T07:00:00', '2025-03-10 06:30'],
    ['0 0 1 */3 *', '2025-02-10T00:00:00', '2025-04-01 00:00'],
    ['5,35 9-10 * * 0', '2025-03-04T00:00:00', '2025-03-09 09:05'],
    ['0 12 15 * 7', '2025-03-01T00:00:00', '2025-03-02 12:00'],
    ['0 0 29 2 *', '2025-03-01T00:00:00', '2028-02-29 00:00'],
  ])('%s after %s is %s', (expression, after, expected) => {
    expect(fmt(parseCron(expression).next(at(after)))).toBe(expected);
  });

  it.each(['* * * *', '60 * * * *', '* 24 * * *', '*/0 * * * *', 'a * * * *', '5-1 * * * *'])('rejects %s', (expression) => {
    expect(() => parseCron(expression)).toThrow(/cron/);
  });

  it('reports an expression that never matches', () => {
    expect(() => parseCron('0 0 30 2 *').next(at('2025-01-01T00:00:00'))).toThrow(/never matches/);
  });
});
