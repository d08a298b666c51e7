/**
 * A schedule's recurrence (RFC 5545 RRULE) from simple choices, and back: daily at some times,
 * weekly on some days at a time, monthly on a day at a time. Anything else stays a raw rule for
 * experts (the server checks it: a rule that does not parse is a 400 on `rrule`).
 */

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
  SU: 'Sun',
};

export type Recurrence =
  | { kind: 'daily'; times: string[] }
  | { kind: 'weekly'; days: Weekday[]; time: string }
  /** `day`: 1..28, or -1 for the last day of the month. */
  | { kind: 'monthly'; day: number; time: string }
  | { kind: 'raw'; rule: string };

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The rule for a recurrence, or a message saying what is wrong with the choices. */
export function buildRule(recurrence: Recurrence): { rule: string } | { problem: string } {
  if (recurrence.kind === 'raw') {
    const rule = recurrence.rule.trim().replace(/^RRULE:/i, '');
    return rule ? { rule } : { problem: 'Enter a recurrence rule.' };
  }
  const times = recurrence.kind === 'daily' ? recurrence.times : [recurrence.time];
  if (!times.length) return { problem: 'Add at least one time.' };
  const parsed = times.map((time) => TIME.exec(time));
  if (parsed.some((match) => !match)) return { problem: 'Times are HH:MM, 00:00 to 23:59.' };
  const hours = [...new Set(parsed.map((match) => Number(match![1])))].sort((a, b) => a - b);
  const minutes = [...new Set(parsed.map((match) => Number(match![2])))];
  // BYHOUR and BYMINUTE combine every hour with every minute: 07:00 and 15:30 would also give 07:30 and 15:00.
  if (minutes.length > 1)
    return {
      problem:
        'Times of one schedule must share their minutes (07:00 and 15:00, or 07:30 and 15:30); use a raw rule or two schedules otherwise.',
    };
  if (hours.length !== times.length) return { problem: 'Each time may appear only once.' };
  const at = `BYHOUR=${hours.join(',')};BYMINUTE=${minutes[0]}`;
  switch (recurrence.kind) {
    case 'daily':
      return { rule: `FREQ=DAILY;${at}` };
    case 'weekly': {
      if (!recurrence.days.length) return { problem: 'Choose at least one day.' };
      const days = WEEKDAYS.filter((day) => recurrence.days.includes(day));
      return { rule: `FREQ=WEEKLY;BYDAY=${days.join(',')};${at}` };
    }
    case 'monthly':
      if (!(recurrence.day === -1 || (Number.isInteger(recurrence.day) && recurrence.day >= 1 && recurrence.day <= 28)))
        return { problem: 'Choose a day from 1 to 28, or the last day.' };
      return { rule: `FREQ=MONTHLY;BYMONTHDAY=${recurrence.day};${at}` };
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The simple choices a rule was made from, or `raw` when it is anything else. */
export function parseRule(rule: string): Recurrence {
  const raw: Recurrence = { kind: 'raw', rule };
  const parts = new Map<string, string>();
  for (const part of rule
    .trim()
    .replace(/^RRULE:/i, '')
    .split(';')) {
    const [name, value, extra] = part.split('=');
    if (!name || value === undefined || extra !== undefined || parts.has(name.toUpperCase())) return raw;
    parts.set(name.toUpperCase(), value.toUpperCase());
  }
  const freq = parts.get('FREQ');
  const hours = parts.get('BYHOUR')?.split(',').map(Number);
  const minute = Number(parts.get('BYMINUTE'));
  const allowed = new Set([
    'FREQ',
    'BYHOUR',
    'BYMINUTE',
    ...(freq === 'WEEKLY' ? ['BYDAY'] : freq === 'MONTHLY' ? ['BYMONTHDAY'] : []),
  ]);
  if ([...parts.keys()].some((name) => !allowed.has(name))) return raw;
  if (
    !hours?.length ||
    hours.some((h) => !Number.isInteger(h) || h < 0 || h > 23) ||
    !Number.isInteger(minute) ||
    minute < 0 ||
    minute > 59
  )
    return raw;
  const times = hours.map((h) => `${pad(h)}:${pad(minute)}`);
  if (freq === 'DAILY') return { kind: 'daily', times };
  if (times.length !== 1) return raw;
  if (freq === 'WEEKLY') {
    const days = parts.get('BYDAY')?.split(',') ?? [];
    if (!days.length || days.some((day) => !(WEEKDAYS as readonly string[]).includes(day))) return raw;
    return { kind: 'weekly', days: days as Weekday[], time: times[0]! };
  }
  if (freq === 'MONTHLY') {
    const day = Number(parts.get('BYMONTHDAY'));
    if (!(day === -1 || (Number.isInteger(day) && day >= 1 && day <= 28))) return raw;
    return { kind: 'monthly', day, time: times[0]! };
  }
  return raw;
}

/** A short reading of a rule for lists: "Daily at 07:00, 15:00", "Mon, Wed at 09:00", "Monthly on day 1 at 08:00". */
export function describeRule(rule: string): string {
  const recurrence = parseRule(rule);
  switch (recurrence.kind) {
    case 'daily':
      return `Daily at ${recurrence.times.join(', ')}`;
    case 'weekly':
      return `${recurrence.days.map((day) => WEEKDAY_LABELS[day]).join(', ')} at ${recurrence.time}`;
    case 'monthly':
      return `Monthly on ${recurrence.day === -1 ? 'the last day' : `day ${recurrence.day}`} at ${recurrence.time}`;
    case 'raw':
      return rule;
  }
}
