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
 * Whether the rule gives the same local times whatever day it starts on, as long as it starts
 * before the window: no INTERVAL above 1 and no COUNT (both count from the start), and no part the
 * start day fills in (a WEEKLY rule without BYDAY repeats the start's weekday, a MONTHLY one
 * without BYMONTHDAY or BYDAY its day of the month; YEARLY rules are left anchored). The start is
 * always local midnight, so it never fills in hours or minutes.
 */
function startFree(options: Partial<Options>): boolean {
  if ((options.interval ?? 1) > 1 || options.count !== undefined && options.count !== null) return false;
  const given = (value: unknown) => value !== undefined && value !== null && !(Array.isArray(value) && !value.length);
  switch (options.freq) {
    case Frequency.HOURLY:
    case Frequency.DAILY:
      return true;
    case Frequency.WEEKLY:
      return given(options.byweekday);
    case Frequency.MONTHLY:
      return given(options.bymonthday) || given(options.byweekday);
    default:
      return false;
  }
}

/**
 * The instants a schedule's rule gives in `[from, to)`, computed in the schedule's time zone: the
 * rule runs over local wall-clock times (rrule's "floating" dates, local time written as UTC), and
 * each local time becomes an instant in `zone` with luxon, so 07:00 stays 07:00 across a DST change
 * (a local time a spring-forward skips moves forward by the gap, as luxon does). The rule is
 * anchored at local midnight of `anchor`'s day (the schedule's creation), so INTERVAL and COUNT
 * count from a fixed start; a rule that gives the same times from any start (startFree) starts a
 * few days before the window instead, so rrule does not walk every day since the schedule began.
 */
export function occurrences(rule: string, zone: string, anchor: Date, from: Date, to: Date): Date[] {
  return createOccurrences()(rule, zone, anchor, from, to);
}

/**
 * `occurrences` with a memory: schedules with the same rule, zone, window and (where the rule
 * depends on it) first day get the same instants, expanded once (the background job keeps one per
 * batch of schedules; rrule's expansion is the costly part of a batch).
 */
export function createOccurrences() {
  const parsed = new Map<string, Partial<Options>>();
  const expanded = new Map<string, Date[]>();
  const floatingOf = new Map<string, Date>();
  return (rule: string, zone: string, anchor: Date, from: Date, to: Date): Date[] => {
    const text = rule.replace(/^RRULE:/i, '');
    let options = parsed.get(text);
    if (!options) parsed.set(text, (options = RRule.parseString(text)));
    // Local wall-clock times written as UTC; the window's two bounds are the same for a whole batch.
    const floating = (instant: Date) => {
      const at = `${zone}\n${instant.getTime()}`;
      let local = floatingOf.get(at);
      if (!local) {
        const time = DateTime.fromJSDate(instant, { zone });
        floatingOf.set(at, (local = new Date(Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second))));
      }
      return local;
    };
    // A day either side in floating time covers any offset; the real instants are filtered below.
    const windowStart = new Date(floating(from).getTime() - 26 * 3600_000);
    const windowEnd = new Date(floating(to).getTime() + 26 * 3600_000);
    const near = new Date(Date.UTC(windowStart.getUTCFullYear(), windowStart.getUTCMonth(), windowStart.getUTCDate() - 1));
    let dtstart: Date;
    // A schedule begun days before the window, with a rule that does not count from its start, starts near the window.
    if (startFree(options) && anchor.getTime() < near.getTime() - 2 * 86_400_000) dtstart = near;
    else {
      const start = DateTime.fromJSDate(anchor, { zone }).startOf('day');
      dtstart = new Date(Date.UTC(start.year, start.month - 1, start.day));
      if (dtstart < near && startFree(options)) dtstart = near;
    }
    const key = `${text}\n${zone}\n${dtstart.getTime()}\n${from.getTime()}\n${to.getTime()}`;
    const known = expanded.get(key);
    if (known) return known;
    const recurrence = new RRule({ ...options, dtstart, tzid: null });
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
    out.sort((a, b) => a.getTime() - b.getTime());
    expanded.set(key, out);
    return out;
  };
}
