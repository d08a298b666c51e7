import { describe, expect, it } from 'vitest';
import { formatIntervals, parseHolidays, parseIntervals } from './sla-policy-inputs';
import { durationText } from './SlaPolicyPages';

describe('SLA policy form values', () => {
  it('reads working intervals as the API pairs, keeping a half-typed one for the check to name', () => {
    expect(parseIntervals('09:00-12:00, 13:00 – 17:00')).toEqual([
      ['09:00', '12:00'],
      ['13:00', '17:00'],
    ]);
    expect(parseIntervals('09:00-12:00,')).toEqual([['09:00', '12:00']]);
    expect(parseIntervals('09:0')).toEqual([['09:0', '']]);
    expect(parseIntervals('  ')).toEqual([]);
    expect(formatIntervals([['09:00', '12:00'], ['13:00', '17:00']])).toBe('09:00-12:00, 13:00-17:00');
  });

  it('reads holidays one per line or comma separated', () => {
    expect(parseHolidays('2026-12-25\n2026-12-26, 2027-01-01\n')).toEqual(['2026-12-25', '2026-12-26', '2027-01-01']);
  });

  it('says business minutes as hours and minutes', () => {
    expect([30, 240, 1650, 60].map(durationText)).toEqual(['30 min', '4 h', '27 h 30 min', '1 h']);
  });
});
