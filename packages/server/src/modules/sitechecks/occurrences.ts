import { DateTime } from 'luxon';
import rrulePackage, { type Options } from 'rrule';

// rrule ships a UMD build as `main`: Node's ESM loader sees only its default export (module.exports),
// so the classes are taken from it (a named import works under Vitest but not in `npm start`).
const { Frequency, RRule } = rrulePackage;

/** Why a rule is refused (the message of a 400 on `rrule`), or null when it is usable. */
export function ruleProblem(rule: string): string | null {
  let options: Partial<Options>;
  try {
    options = RRule.parseString(rule.replace(/^RRULE:/i, ''));
  } catch (error) {
    return `Not a valid RFC 5545 recurrence rule: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300);
  }
  if (options.freq === undefined || options.freq === null) return 'Not a valid RFC 5545 recurrence rule: FREQ is required.';
  if (options.freq === Frequency.SECONDLY || options.freq === Frequency.MINUTELY) return 'A site check recurs at most hourly.';
  if (options.dtstart) return 'DTSTART is not part of a schedule rule: the schedule starts when it is saved.';
  if (options.interval !== undefined && options.interval !== null && options.interval < 1) return 'INTERVAL must be at least 1.';
  const inRange = (values: number | number[] | null | undefined, min: number, max: number) =>
    values === null || values === undefined || (Array.isArray(values) ? values : [values]).every((v) => Number.isInteger(v) && v >= min && v <= max);
  if (!inRange(options.byhour, 0, 23)) return 'BYHOUR must be between 0 and 23.';
  if (!inRange(options.byminute, 0, 59)) return 'BYMINUTE must be between 0 and 59.';
  if (!inRange(options.bysecond, 0, 59)) return 'BYSECOND must be between 0 and 59.';
  return null;
}

/** At most this many runs of one schedule in one window (an hourly rule gives 24 a day). */
const MAX_OCCURRENCES = 200;

/**
 * The instants a schedule's rule gives in `[from, to)`, computed in the schedule's time zone: the
 * rule runs over local wall-clock times (rrule's "floating" dates, local time written as UTC), and
 * each local time becomes an instant in `zone` with luxon, so 07:00 stays 07:00 across a DST change
 * (a local time a spring-forward skips moves forward by the gap, as luxon does). The rule is
 * anchored at local midnight of `anchor`'s day (the schedule's creation), so INTERVAL and COUNT
 * count from a fixed start.
 */
export function occurrences(rule: string, zone: string, anchor: Date, from: Date, to: Date): Date[] {
  const options = RRule.parseString(rule.replace(/^RRULE:/i, ''));
  const floating = (instant: Date) => {
    const local = DateTime.fromJSDate(instant, { zone });
    return new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second));
  };
  const start = DateTime.fromJSDate(anchor, { zone }).startOf('day');
  const dtstart = new Date(Date.UTC(start.year, start.month - 1, start.day));
  const recurrence = new RRule({ ...options, dtstart, tzid: null });
  // A day either side in floating time covers any offset; the real instants are filtered below.
  const windowStart = new Date(floating(from).getTime() - 26 * 3600_000);
  const windowEnd = new Date(floating(to).getTime() + 26 * 3600_000);
  const seen = new Set<number>();
  const out: Date[] = [];
  for (const local of recurrence.between(windowStart, windowEnd, true, (_d, i) => i < MAX_OCCURRENCES * 3)) {
    const instant = DateTime.fromObject(
      { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate(), hour: local.getUTCHours(), minute: local.getUTCMinutes(), second: local.getUTCSeconds() },
      { zone },
    ).toJSDate();
    const time = instant.getTime();
    if (time >= from.getTime() && time < to.getTime() && !seen.has(time)) {
      seen.add(time);
      out.push(instant);
    }
    if (out.length >= MAX_OCCURRENCES) break;
  }
  return out.sort((a, b) => a.getTime() - b.getTime());
}
