import { describe, expect, it } from 'vitest';
import { occurrences, ruleProblem } from './occurrences';
import { answerOk, answerValueOf } from './steps';
import type { SiteCheckStep } from '@ops/contract/sitechecks/sitechecks';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('schedule occurrences in the schedule time zone', () => {
  it('keeps 07:00 local across the spring-forward day (Europe/Berlin, 29 March 2026)', () => {
    const got = occurrences('FREQ=DAILY;BYHOUR=7;BYMINUTE=0', 'Europe/Berlin', new Date('2026-03-01T12:00:00Z'), new Date('2026-03-28T00:00:00Z'), new Date('2026-03-31T00:00:00Z'));
    // 07:00 CET is 06:00Z; from the 29th 07:00 CEST is 05:00Z.
    expect(iso(got)).toEqual(['2026-03-28T06:00:00.000Z', '2026-03-29T05:00:00.000Z', '2026-03-30T05:00:00.000Z']);
  });

  it('keeps 07:00 local across the day summer time ends (Australia/Sydney, 5 April 2026)', () => {
    const got = occurrences('FREQ=DAILY;BYHOUR=7;BYMINUTE=0', 'Australia/Sydney', new Date('2026-03-01T00:00:00Z'), new Date('2026-04-03T12:00:00Z'), new Date('2026-04-06T12:00:00Z'));
    // 07:00 AEDT (+11) is 20:00Z the day before; from 5 April 07:00 AEST (+10) is 21:00Z.
    expect(iso(got)).toEqual(['2026-04-03T20:00:00.000Z', '2026-04-04T21:00:00.000Z', '2026-04-05T21:00:00.000Z']);
  });

  it('moves a local time the clocks skip forward by the gap, once', () => {
    const got = occurrences('FREQ=DAILY;BYHOUR=2;BYMINUTE=30', 'Europe/Berlin', new Date('2026-03-01T00:00:00Z'), new Date('2026-03-28T12:00:00Z'), new Date('2026-03-30T12:00:00Z'));
    expect(iso(got)).toEqual(['2026-03-29T01:30:00.000Z', '2026-03-30T00:30:00.000Z']);
  });

  it('gives an hourly rule 24 runs a day and 23 on a short day', () => {
    const day = (from: string, to: string) => occurrences('FREQ=HOURLY;BYMINUTE=0', 'Europe/Berlin', new Date('2026-01-01T00:00:00Z'), new Date(from), new Date(to)).length;
    expect(day('2026-03-27T23:00:00Z', '2026-03-28T23:00:00Z')).toBe(24);
    // Local midnight to midnight on the 29th lasts 23 hours.
    expect(day('2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z')).toBe(23);
  });

  it('counts INTERVAL from the schedule\'s first day', () => {
    const got = occurrences('FREQ=DAILY;INTERVAL=2;BYHOUR=9;BYMINUTE=0', 'UTC', new Date('2026-05-01T15:00:00Z'), new Date('2026-05-01T00:00:00Z'), new Date('2026-05-06T00:00:00Z'));
    expect(iso(got)).toEqual(['2026-05-01T09:00:00.000Z', '2026-05-03T09:00:00.000Z', '2026-05-05T09:00:00.000Z']);
  });

  it('gives a rule begun long ago the same times as one begun last week, and keeps what counts from the start', () => {
    const from = new Date('2026-11-02T00:00:00Z');
    const to = new Date('2026-11-09T00:00:00Z');
    const longAgo = new Date('2025-01-15T10:00:00Z'); // a Wednesday
    const lastWeek = new Date('2026-10-26T10:00:00Z');
    expect(iso(occurrences('FREQ=DAILY;BYHOUR=7;BYMINUTE=0', 'Europe/London', longAgo, from, to))).toEqual(
      iso(occurrences('FREQ=DAILY;BYHOUR=7;BYMINUTE=0', 'Europe/London', lastWeek, from, to)),
    );
    // WEEKLY without BYDAY repeats the weekday the schedule began on.
    expect(iso(occurrences('FREQ=WEEKLY;BYHOUR=9;BYMINUTE=0', 'UTC', longAgo, from, to))).toEqual(['2026-11-04T09:00:00.000Z']);
    // INTERVAL=2 counts days from the start (15 January 2025 + 2n days: 656 days is 2 November).
    expect(iso(occurrences('FREQ=DAILY;INTERVAL=2;BYHOUR=9;BYMINUTE=0', 'UTC', longAgo, from, new Date('2026-11-06T00:00:00Z')))).toEqual([
      '2026-11-02T09:00:00.000Z',
      '2026-11-04T09:00:00.000Z',
    ]);
    // A schedule begun inside the window has no runs before its first day.
    expect(iso(occurrences('FREQ=DAILY;BYHOUR=9;BYMINUTE=0', 'UTC', new Date('2026-11-06T08:00:00Z'), from, to))).toEqual([
      '2026-11-06T09:00:00.000Z',
      '2026-11-07T09:00:00.000Z',
      '2026-11-08T09:00:00.000Z',
    ]);
  });

  it('refuses rules that do not parse or would run too often', () => {
    expect(ruleProblem('FREQ=DAILY;BYHOUR=7;BYMINUTE=0')).toBeNull();
    expect(ruleProblem('RRULE:FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=8')).toBeNull();
    for (const bad of ['garbage', 'FREQ=FOO', 'BYHOUR=7', '', 'FREQ=MINUTELY', 'FREQ=DAILY;BYHOUR=25', 'FREQ=DAILY;INTERVAL=0', 'DTSTART:20260101T000000Z\nRRULE:FREQ=DAILY'])
      expect(ruleProblem(bad), bad).not.toBeNull();
  });
});

const step = (over: Partial<SiteCheckStep>): SiteCheckStep => ({
  key: 'k', label: 'K', kind: 'CHECK', required: true, help: '', unit: null, min: null, max: null, choices: [], fail_choices: [], ...over,
});

describe('answers and the fail rules', () => {
  it('reads multipart text as the step takes it and fails by the template rules', () => {
    const fridge = step({ kind: 'NUMBER', min: 0, max: 5, unit: '°C' });
    expect(answerValueOf(fridge, '4.5', false)).toEqual({ value: 4.5 });
    expect(answerValueOf(fridge, 'warm', false)).toHaveProperty('problem');
    expect(answerOk(fridge, 4.5)).toBe(true);
    expect(answerOk(fridge, 7)).toBe(false);
    expect(answerOk(fridge, -1)).toBe(false);
    const check = step({ kind: 'CHECK' });
    expect(answerValueOf(check, 'false', false)).toEqual({ value: false });
    expect(answerOk(check, false)).toBe(false);
    const choice = step({ kind: 'CHOICE', choices: ['clean', 'dirty'], fail_choices: ['dirty'] });
    expect(answerValueOf(choice, 'muddy', false)).toHaveProperty('problem');
    expect(answerOk(choice, 'dirty')).toBe(false);
    expect(answerOk(choice, 'clean')).toBe(true);
    expect(answerValueOf(step({ kind: 'PHOTO' }), undefined, false)).toHaveProperty('problem');
    expect(answerValueOf(step({ kind: 'PHOTO' }), undefined, true)).toEqual({ value: null });
  });
});
