import { describe, expect, it } from 'vitest';
import { dayLabel, dayOf, groupByDay, previousDay } from './notification-groups';

const at = (timestamp: string, id = timestamp) => ({ id, timestamp });

describe('notifications grouped by day', () => {
  const now = new Date('2026-11-28T10:00:00Z');

  it('heads today and yesterday by name and older days by weekday and date, in order', () => {
    const groups = groupByDay(
      [at('2026-11-28T09:00:00Z'), at('2026-11-28T00:30:00Z'), at('2026-11-27T23:59:00Z'), at('2026-11-23T12:00:00Z'), at('2025-12-31T12:00:00Z')],
      { now, timeZone: 'UTC' },
    );
    expect(groups.map((g) => [g.label, g.items.length])).toEqual([
      ['Today', 2],
      ['Yesterday', 1],
      ['Monday 23 November', 1],
      ['Wednesday 31 December 2025', 1],
    ]);
  });

  it("counts days in the user's time zone, not the browser's or UTC", () => {
    // 23:30 UTC on the 27th is already the 28th in Sydney (UTC+11) and still the 27th in New York.
    const item = at('2026-11-27T23:30:00Z');
    expect(groupByDay([item], { now, timeZone: 'Australia/Sydney' })[0]!.label).toBe('Today');
    expect(groupByDay([item], { now, timeZone: 'America/New_York' })[0]!.label).toBe('Yesterday');
  });

  it('an unknown time zone falls back to the browser\'s rather than failing', () => {
    expect(dayOf(now, 'Not/AZone')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('yesterday is calendar arithmetic across months, years and daylight-saving changes', () => {
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(previousDay('2028-03-01')).toBe('2028-02-29');
    expect(previousDay('2027-01-01')).toBe('2026-12-31');
    // The day after Sydney's clocks went forward is still "Yesterday" for the day before.
    expect(dayLabel('2026-10-04', '2026-10-05')).toBe('Yesterday');
  });

  it('keeps one group per day when the list is not in order', () => {
    const groups = groupByDay([at('2026-11-28T09:00:00Z', 'a'), at('2026-11-27T09:00:00Z', 'b'), at('2026-11-28T08:00:00Z', 'c')], { now, timeZone: 'UTC' });
    expect(groups.map((g) => g.items.map((i) => i.id))).toEqual([['a', 'c'], ['b']]);
  });
});
