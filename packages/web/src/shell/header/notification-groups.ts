/**
 * Notifications grouped by the day they came, in the user's time zone: Today, Yesterday, then
 * dates ("Monday 23 November", with the year when it is not this year). Plain Intl, no date
 * library: the header's bell is on every page.
 */

export interface DayGroup<T> {
  /** The calendar day, YYYY-MM-DD in the zone. */
  day: string;
  label: string;
  items: T[];
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of an instant in a time zone (the browser's when none or unknown). */
export function dayOf(instant: Date, timeZone?: string): string {
  const key = timeZone ?? '';
  let format = dayFormatters.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || undefined, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      format = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });
    }
    dayFormatters.set(key, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The day before a YYYY-MM-DD day (calendar arithmetic: no daylight-saving surprises). */
export function previousDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date - 1)).toISOString().slice(0, 10);
}

// The app's language is English (settings-options LANGUAGES); names spelled out so every browser heads days alike.
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** How a day is headed: Today, Yesterday, else its weekday and date (and year when not this year's). */
export function dayLabel(day: string, today: string): string {
  if (day === today) return 'Today';
  if (day === previousDay(today)) return 'Yesterday';
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, date)).getUTCDay()];
  const label = `${weekday} ${date} ${MONTHS[month - 1]}`;
  return day.slice(0, 4) === today.slice(0, 4) ? label : `${label} ${year}`;
}

/**
 * Items (newest first, as the API lists them) in groups by day, keeping their order; a group per
 * day even when the list is not sorted.
 */
export function groupByDay<T extends { timestamp: string }>(items: readonly T[], options: { now?: Date; timeZone?: string } = {}): DayGroup<T>[] {
  const today = dayOf(options.now ?? new Date(), options.timeZone);
  const groups = new Map<string, DayGroup<T>>();
  for (const item of items) {
    const day = dayOf(new Date(item.timestamp), options.timeZone);
    let group = groups.get(day);
    if (!group) {
      group = { day, label: dayLabel(day, today), items: [] };
      groups.set(day, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}
