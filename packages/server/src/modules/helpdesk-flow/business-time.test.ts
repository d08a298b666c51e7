import { describe, expect, it } from 'vitest';
import { addBusinessMinutes, businessMinutesBetween, type BusinessCalendar } from './business-time';

const weekdays = (spans: [string, string][]) => ({ mon: spans, tue: spans, wed: spans, thu: spans, fri: spans });
const SYDNEY: BusinessCalendar = {
  hours: { timezone: 'Australia/Sydney', days: weekdays([['08:00', '17:00']]) },
  holidays: ['2026-01-26', '2026-04-03'],
};
const SYDNEY_NO_HOLIDAYS: BusinessCalendar = { ...SYDNEY, holidays: [] };
const SPLIT: BusinessCalendar = {
  hours: {
    timezone: 'Australia/Sydney',
    days: weekdays([
      ['08:00', '12:00'],
      ['13:00', '17:00'],
    ]),
  },
  holidays: [],
};
const ALWAYS: BusinessCalendar = {
  hours: {
    timezone: 'Australia/Sydney',
    days: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['00:00', '24:00']]])),
  },
  holidays: [],
};
const NIGHT_SUNDAY: BusinessCalendar = {
  hours: { timezone: 'Australia/Sydney', days: { sun: [['01:00', '04:00']] } },
  holidays: [],
};
const LONDON: BusinessCalendar = {
  hours: { timezone: 'Europe/London', days: weekdays([['09:00', '17:30']]) },
  holidays: ['2026-12-25'],
};

// Sydney is UTC+11 (AEDT) until Sunday 5 April 2026 03:00, UTC+10 (AEST) until Sunday 4 October 2026 02:00.
const ADD_CASES: { name: string; calendar: BusinessCalendar; start: string; minutes: number; due: string }[] = [
  {
    name: 'within one morning',
    calendar: SYDNEY,
    start: '2026-03-01T22:00:00Z' /* Mon 09:00 */,
    minutes: 60,
    due: '2026-03-01T23:00:00Z',
  },
  {
    name: 'zero minutes is the start itself',
    calendar: SYDNEY,
    start: '2026-03-01T19:00:00Z' /* Mon 06:00 */,
    minutes: 0,
    due: '2026-03-01T19:00:00Z',
  },
  {
    name: 'before opening counts from 08:00',
    calendar: SYDNEY,
    start: '2026-03-01T19:00:00Z',
    minutes: 1,
    due: '2026-03-01T21:01:00Z',
  },
  {
    name: 'after closing counts from the next morning',
    calendar: SYDNEY,
    start: '2026-03-02T08:00:00Z' /* Mon 19:00 */,
    minutes: 30,
    due: '2026-03-02T21:30:00Z',
  },
  {
    name: 'overnight',
    calendar: SYDNEY,
    start: '2026-03-02T05:30:00Z' /* Mon 16:30 */,
    minutes: 60,
    due: '2026-03-02T21:30:00Z' /* Tue 08:30 */,
  },
  {
    name: 'ends exactly at closing',
    calendar: SYDNEY,
    start: '2026-03-01T21:00:00Z' /* Mon 08:00 */,
    minutes: 540,
    due: '2026-03-02T06:00:00Z',
  },
  {
    name: 'a whole working week',
    calendar: SYDNEY,
    start: '2026-03-01T21:00:00Z',
    minutes: 5 * 540,
    due: '2026-03-06T06:00:00Z' /* Fri 17:00 */,
  },
  {
    name: 'over a weekend',
    calendar: SYDNEY,
    start: '2026-03-06T05:00:00Z' /* Fri 16:00 */,
    minutes: 120,
    due: '2026-03-08T22:00:00Z' /* Mon 09:00 */,
  },
  {
    name: 'raised on a Saturday',
    calendar: SYDNEY,
    start: '2026-03-06T23:00:00Z' /* Sat 10:00 */,
    minutes: 30,
    due: '2026-03-08T21:30:00Z',
  },
  {
    name: 'raised on a Sunday night',
    calendar: SYDNEY,
    start: '2026-03-08T12:00:00Z' /* Sun 23:00 */,
    minutes: 540,
    due: '2026-03-09T06:00:00Z',
  },
  {
    name: 'over a Monday holiday (Australia Day)',
    calendar: SYDNEY,
    start: '2026-01-23T05:00:00Z' /* Fri 16:00 */,
    minutes: 120,
    due: '2026-01-26T22:00:00Z' /* Tue 09:00 */,
  },
  {
    name: 'raised on a holiday',
    calendar: SYDNEY,
    start: '2026-01-25T23:00:00Z' /* Mon 26 Jan 10:00 */,
    minutes: 60,
    due: '2026-01-26T22:00:00Z',
  },
  {
    name: 'Good Friday then the DST end weekend',
    calendar: SYDNEY,
    start: '2026-04-02T05:00:00Z' /* Thu 16:00 AEDT */,
    minutes: 120,
    due: '2026-04-05T23:00:00Z' /* Mon 09:00 AEST */,
  },
  {
    name: 'DST ends over the weekend (no holidays)',
    calendar: SYDNEY_NO_HOLIDAYS,
    start: '2026-04-03T05:00:00Z' /* Fri 16:00 AEDT */,
    minutes: 120,
    due: '2026-04-05T23:00:00Z',
  },
  {
    name: 'DST starts over the weekend',
    calendar: SYDNEY,
    start: '2026-10-02T06:00:00Z' /* Fri 16:00 AEST */,
    minutes: 120,
    due: '2026-10-04T22:00:00Z' /* Mon 09:00 AEDT */,
  },
  {
    name: 'a week across DST start',
    calendar: SYDNEY,
    start: '2026-09-30T22:00:00Z' /* Thu 1 Oct 08:00 AEST */,
    minutes: 3 * 540,
    due: '2026-10-05T06:00:00Z' /* Tue 6 Oct 17:00 AEDT */,
  },
  {
    name: 'lunch break skipped',
    calendar: SPLIT,
    start: '2026-03-02T00:30:00Z' /* Mon 11:30 */,
    minutes: 60,
    due: '2026-03-02T02:30:00Z' /* 13:30 */,
  },
  {
    name: 'a split day holds 480 minutes',
    calendar: SPLIT,
    start: '2026-03-01T21:00:00Z',
    minutes: 481,
    due: '2026-03-02T21:01:00Z',
  },
  {
    name: 'round the clock counts real minutes on the 25-hour day',
    calendar: ALWAYS,
    start: '2026-04-04T12:00:00Z',
    minutes: 1440,
    due: '2026-04-05T12:00:00Z',
  },
  {
    name: 'round the clock counts real minutes on the 23-hour day',
    calendar: ALWAYS,
    start: '2026-10-03T12:00:00Z',
    minutes: 1440,
    due: '2026-10-04T12:00:00Z',
  },
  {
    name: 'night shift on the DST start Sunday lasts 2 real hours',
    calendar: NIGHT_SUNDAY,
    start: '2026-10-03T13:00:00Z' /* Sun 00:00 AEST */,
    minutes: 150,
    due: '2026-10-10T14:30:00Z' /* next Sun 01:30 AEDT */,
  },
  {
    name: 'night shift on the DST end Sunday lasts 4 real hours',
    calendar: NIGHT_SUNDAY,
    start: '2026-04-04T13:00:00Z' /* Sun 00:00 AEDT */,
    minutes: 230,
    due: '2026-04-04T17:50:00Z',
  },
  {
    name: 'London across BST end',
    calendar: LONDON,
    start: '2026-10-23T15:30:00Z' /* Fri 16:30 BST */,
    minutes: 120,
    due: '2026-10-26T10:00:00Z' /* Mon 10:00 GMT */,
  },
  {
    name: 'London Christmas',
    calendar: LONDON,
    start: '2026-12-24T17:00:00Z' /* Thu 17:00 GMT */,
    minutes: 60,
    due: '2026-12-28T09:30:00Z' /* Mon 09:30 */,
  },
];

describe('addBusinessMinutes', () => {
  it.each(ADD_CASES)('$name', ({ calendar, start, minutes, due }) => {
    expect(addBusinessMinutes(new Date(start), minutes, calendar).toISOString()).toBe(new Date(due).toISOString());
  });

  it('refuses a calendar without working time', () => {
    expect(() => addBusinessMinutes(new Date(), 5, { hours: { timezone: 'UTC', days: {} }, holidays: [] })).toThrow(
      /no working time/,
    );
  });
});

const BETWEEN_CASES: { name: string; calendar: BusinessCalendar; from: string; to: string; minutes: number }[] = [
  { name: 'same instant', calendar: SYDNEY, from: '2026-03-01T22:00:00Z', to: '2026-03-01T22:00:00Z', minutes: 0 },
  { name: 'backwards', calendar: SYDNEY, from: '2026-03-02T22:00:00Z', to: '2026-03-01T22:00:00Z', minutes: 0 },
  { name: 'one business hour', calendar: SYDNEY, from: '2026-03-01T22:00:00Z', to: '2026-03-01T23:00:00Z', minutes: 60 },
  { name: 'a weekend is free', calendar: SYDNEY, from: '2026-03-06T05:00:00Z', to: '2026-03-08T22:00:00Z', minutes: 120 },
  { name: 'a whole weekend only', calendar: SYDNEY, from: '2026-03-06T07:00:00Z', to: '2026-03-08T20:00:00Z', minutes: 0 },
  { name: 'a holiday is free', calendar: SYDNEY, from: '2026-01-25T21:00:00Z', to: '2026-01-26T06:00:00Z', minutes: 0 },
  {
    name: 'DST start Sunday night shift',
    calendar: NIGHT_SUNDAY,
    from: '2026-10-03T13:00:00Z',
    to: '2026-10-04T13:00:00Z',
    minutes: 120,
  },
  {
    name: 'DST end Sunday night shift',
    calendar: NIGHT_SUNDAY,
    from: '2026-04-04T13:00:00Z',
    to: '2026-04-05T14:00:00Z',
    minutes: 240,
  },
  { name: 'partial seconds round down', calendar: ALWAYS, from: '2026-03-01T00:00:00Z', to: '2026-03-01T00:01:59Z', minutes: 1 },
];

describe('businessMinutesBetween', () => {
  it.each(BETWEEN_CASES)('$name', ({ calendar, from, to, minutes }) => {
    expect(businessMinutesBetween(new Date(from), new Date(to), calendar)).toBe(minutes);
  });
});

describe('the two agree everywhere (exhaustive grid over DST changes, weekends and holidays)', () => {
  const windows = ['2026-01-22T00:00:00Z', '2026-04-01T00:00:00Z', '2026-10-01T00:00:00Z'];
  const amounts = [1, 59, 539, 540, 541, 2700];
  for (const calendar of [SYDNEY, SPLIT, ALWAYS, NIGHT_SUNDAY]) {
    it(`${calendar.hours.days.sun ? 'weekend calendar' : 'weekday calendar'} ${JSON.stringify(calendar.hours.days.mon ?? calendar.hours.days.sun)}`, () => {
      const failures: string[] = [];
      for (const window of windows) {
        // Every 53 minutes over five days: starts inside and outside hours, on holidays and on DST Sundays.
        for (let offset = 0; offset < 5 * 24 * 60; offset += 53) {
          const start = new Date(Date.parse(window) + offset * 60_000);
          let previous = start;
          for (const minutes of amounts) {
            const due = addBusinessMinutes(start, minutes, calendar);
            if (businessMinutesBetween(start, due, calendar) !== minutes)
              failures.push(`${start.toISOString()} +${minutes} -> ${due.toISOString()}`);
            if (due < previous) failures.push(`not monotonic at ${start.toISOString()} +${minutes}`);
            previous = due;
          }
        }
      }
      expect(failures.slice(0, 5)).toEqual([]);
      // About 20,000 schedule walks per calendar: seconds alone, over 30 s on two cores shared with other suites.
    }, 180_000);
  }
});
