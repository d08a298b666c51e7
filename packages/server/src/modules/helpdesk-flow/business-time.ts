import { DateTime } from 'luxon';

/** Weekday keys of `business_hours.days` (ISO order, Monday first). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Working hours in one time zone: per weekday a list of `["HH:MM","HH:MM"]` intervals (end may be `24:00`). */
export interface BusinessHours {
  timezone: string;
  days: Partial<Record<Weekday, [string, string][]>>;
}

export interface BusinessCalendar {
  hours: BusinessHours;
  /** Local dates (`YYYY-MM-DD`, in the calendar's time zone) with no business hours. */
  holidays: readonly string[];
}

const MINUTE = 60_000;
/** How far ahead (in days) the arithmetic looks for business time before giving up. */
const HORIZON_DAYS = 3 * 366;

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}

/** The business intervals of one local date as absolute [start, end) instants (ms); DST is honoured by luxon. */
function intervalsOn(day: DateTime, calendar: BusinessCalendar, holidays: Set<string>): [number, number][] {
  if (holidays.has(day.toISODate()!)) return [];
  const spans = calendar.hours.days[WEEKDAYS[day.weekday - 1]!] ?? [];
  const out: [number, number][] = [];
  for (const [from, to] of spans) {
    const at = (minutes: number) =>
      minutes >= 24 * 60
        ? day.plus({ days: 1 }).startOf('day').toMillis()
        : day.set({ hour: Math.floor(minutes / 60), minute: minutes % 60, second: 0, millisecond: 0 }).toMillis();
    const start = at(minutesOf(from));
    const end = at(minutesOf(to));
    if (end > start) out.push([start, end]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}

function hasAnyHours(calendar: BusinessCalendar): boolean {
  return WEEKDAYS.some((d) => (calendar.hours.days[d] ?? []).some(([a, b]) => minutesOf(b) > minutesOf(a)));
}

/**
 * The instant `minutes` business minutes after `start`. Time outside business hours, on weekends
 * without hours and on holidays does not count; across a DST change an interval counts the real
 * minutes it lasts. Zero minutes answers `start` itself. Throws when the calendar has no hours.
 */
export function addBusinessMinutes(start: Date, minutes: number, calendar: BusinessCalendar): Date {
  if (minutes <= 0) return new Date(start.getTime());
  if (!hasAnyHours(calendar)) throw new Error('The business hours have no working time.');
  const holidays = new Set(calendar.holidays);
  let remaining = minutes * MINUTE;
  const from = start.getTime();
  let day = DateTime.fromMillis(from, { zone: calendar.hours.timezone }).startOf('day');
  for (let i = 0; i < HORIZON_DAYS; i++, day = day.plus({ days: 1 })) {
    for (const [s, e] of intervalsOn(day, calendar, holidays)) {
      const begin = Math.max(s, from);
      if (begin >= e) continue;
      if (e - begin >= remaining) return new Date(begin + remaining);
      remaining -= e - begin;
    }
  }
  throw new Error('No business time within three years.');
}

/** Business minutes (whole, rounded down) between two instants; 0 when `to` is not after `from`. */
export function businessMinutesBetween(from: Date, to: Date, calendar: BusinessCalendar): number {
  const a = from.getTime();
  const b = to.getTime();
  if (b <= a) return 0;
  const holidays = new Set(calendar.holidays);
  let total = 0;
  let day = DateTime.fromMillis(a, { zone: calendar.hours.timezone }).startOf('day');
  for (let i = 0; day.toMillis() < b && i < HORIZON_DAYS + 2; i++, day = day.plus({ days: 1 })) {
    for (const [s, e] of intervalsOn(day, calendar, holidays)) {
      const begin = Math.max(s, a);
      const end = Math.min(e, b);
      if (end > begin) total += end - begin;
    }
  }
  return Math.floor(total / MINUTE);
}
