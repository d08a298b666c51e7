import { describe, expect, it } from 'vitest';
import type { BusinessCalendar } from './business-time';
import { resumedPausedMinutes, slaState, type SlaInput, type SlaTargets } from './sla-clock';

// Sydney weekdays 08:00-17:00; Monday 2 March 2026 09:00 AEDT is 2026-03-01T22:00Z.
const CALENDAR: BusinessCalendar = {
  hours: {
    timezone: 'Australia/Sydney',
    days: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => [d, [['08:00', '17:00']]])),
  },
  holidays: [],
};
const TARGETS: SlaTargets = { firstResponseMinutes: 60, resolutionMinutes: 480, calendar: CALENDAR };
const URGENT: SlaTargets = { firstResponseMinutes: 15, resolutionMinutes: 120, calendar: CALENDAR };
const CREATED = new Date('2026-03-01T22:00:00Z');
const local = (hhmm: string, day = 0) => {
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(CREATED.getTime() + (day * 24 + (h! - 9)) * 3_600_000 + m! * 60_000);
};
const input = (overrides: Partial<SlaInput> = {}): SlaInput => ({
  createdAt: CREATED,
  ticketStatus: 'OPEN',
  firstRespondedAt: null,
  pausedMinutes: 0,
  pausedAt: null,
  previousStatus: 'ON_TRACK',
  ...overrides,
});

const CASES: {
  name: string;
  targets: SlaTargets | null;
  input: SlaInput;
  now: Date;
  status: string;
  due?: Date;
  firstDue?: Date;
}[] = [
  { name: 'no policy', targets: null, input: input(), now: local('09:00'), status: 'NONE' },
  {
    name: 'fresh ticket',
    targets: TARGETS,
    input: input(),
    now: local('09:10'),
    status: 'ON_TRACK',
    firstDue: local('10:00'),
    due: local('17:00'),
  },
  { name: 'at 75% of the first response', targets: TARGETS, input: input(), now: local('09:45'), status: 'AT_RISK' },
  { name: 'just before 75%', targets: TARGETS, input: input(), now: local('09:44'), status: 'ON_TRACK' },
  { name: 'first response overdue', targets: TARGETS, input: input(), now: local('10:00'), status: 'BREACHED' },
  {
    name: 'responded in time: resolution clock only',
    targets: TARGETS,
    input: input({ firstRespondedAt: local('09:30') }),
    now: local('10:30'),
    status: 'ON_TRACK',
  },
  {
    name: 'responded, 75% of resolution (15:00)',
    targets: TARGETS,
    input: input({ firstRespondedAt: local('09:30') }),
    now: local('15:00'),
    status: 'AT_RISK',
  },
  {
    name: 'responded late stays breached',
    targets: TARGETS,
    input: input({ firstRespondedAt: local('10:30') }),
    now: local('10:40'),
    status: 'BREACHED',
  },
  {
    name: 'resolution overdue next morning',
    targets: TARGETS,
    input: input({ firstRespondedAt: local('09:30') }),
    now: local('08:01', 1),
    status: 'BREACHED',
  },
  {
    name: 'evening does not count: 16:59 + overnight still on track for a 2-day target',
    targets: { ...TARGETS, resolutionMinutes: 1080 },
    input: input({ firstRespondedAt: local('09:30') }),
    now: local('20:00'),
    status: 'ON_TRACK',
    due: local('09:00', 2),
  },
  {
    name: 'on hold: paused',
    targets: TARGETS,
    input: input({ ticketStatus: 'ON_HOLD', pausedAt: local('09:20') }),
    now: local('16:00'),
    status: 'PAUSED',
  },
  {
    name: 'on hold after the breach stays breached',
    targets: TARGETS,
    input: input({ ticketStatus: 'ON_HOLD', pausedAt: local('10:30') }),
    now: local('11:00'),
    status: 'BREACHED',
  },
  {
    name: 'two paused hours move both due times',
    targets: TARGETS,
    input: input({ pausedMinutes: 120 }),
    now: local('11:45'),
    status: 'AT_RISK',
    firstDue: local('12:00'),
    due: local('10:00', 1),
  },
  {
    name: 'urgent priority recomputes shorter targets',
    targets: URGENT,
    input: input(),
    now: local('09:10'),
    status: 'ON_TRACK',
    firstDue: local('09:15'),
    due: local('11:00'),
  },
  {
    name: 'closed in time: MET',
    targets: TARGETS,
    input: input({ ticketStatus: 'CLOSED', firstRespondedAt: local('09:30') }),
    now: local('12:00'),
    status: 'MET',
  },
  {
    name: 'closed late: BREACHED',
    targets: TARGETS,
    input: input({ ticketStatus: 'CLOSED', firstRespondedAt: local('09:30') }),
    now: local('09:00', 1),
    status: 'BREACHED',
  },
  {
    name: 'closed without reply after the first-response target: BREACHED',
    targets: TARGETS,
    input: input({ ticketStatus: 'CLOSED' }),
    now: local('11:00'),
    status: 'BREACHED',
  },
  {
    name: 'closed after a breach stays BREACHED',
    targets: TARGETS,
    input: input({ ticketStatus: 'CLOSED', previousStatus: 'BREACHED' }),
    now: local('09:30'),
    status: 'BREACHED',
  },
  {
    name: 'reopened is measured again',
    targets: TARGETS,
    input: input({ ticketStatus: 'REOPENED', firstRespondedAt: local('09:30'), previousStatus: 'ON_TRACK' }),
    now: local('12:00'),
    status: 'ON_TRACK',
  },
];

describe('slaState', () => {
  it.each(CASES)('$name', ({ targets, input: given, now, status, due, firstDue }) => {
    const state = slaState(targets, given, now);
    expect(state.slaStatus).toBe(status);
    if (due) expect(state.dueAt?.toISOString()).toBe(due.toISOString());
    if (firstDue) expect(state.firstResponseDueAt?.toISOString()).toBe(firstDue.toISOString());
  });
});

describe('resumedPausedMinutes', () => {
  it.each([
    { name: 'no pause', pausedAt: null, now: local('12:00'), before: 5, after: 5 },
    { name: 'two business hours', pausedAt: local('09:20'), now: local('11:20'), before: 0, after: 120 },
    {
      name: 'overnight counts only business time',
      pausedAt: local('16:00'),
      now: local('09:00', 1),
      before: 10,
      after: 10 + 120,
    },
    {
      name: 'over the weekend (Fri 16:00 to Mon 09:00)',
      pausedAt: local('16:00', 4),
      now: local('09:00', 7),
      before: 0,
      after: 120,
    },
  ])('$name', ({ pausedAt, now, before, after }) => {
    expect(resumedPausedMinutes(before, pausedAt, now, CALENDAR)).toBe(after);
  });
});
