import {
  EMAIL_BY_DEFAULT,
  NOTIFICATION_KINDS,
  type ChannelPreference,
  type NotificationKind,
  type NotificationPreferences,
} from '@ops/contract/notifications/notifications.schemas';

/** The spec's kind for each verb the modules notify with (spec platform §14.4). */
const KIND_OF_VERB: ReadonlyMap<string, NotificationKind> = new Map<string, NotificationKind>([
  // A new ticket lands in the recipient's queue: the nearest kind is an assignment.
  ['created', 'ticket_assigned'],
  ['assigned', 'ticket_assigned'],
  // A status change and a message are both updates on a ticket the recipient follows.
  ['changed status', 'ticket_reply'],
  ['sent a message', 'ticket_reply'],
  ['mentioned you', 'mentioned'],
  ['is at risk', 'sla_at_risk'],
  ['breached its SLA', 'sla_breached'],
  ['failed a site check', 'sitecheck_failed'],
  ['was missed', 'sitecheck_missed'],
  // An article past its review date, told to its last editor: the articles' kind.
  ['is due for review', 'article_acknowledgement'],
  // Watches (spec platform §14.4): a watched record changed or was deleted, a ticket raised at a watched site.
  ['changed', 'watched_change'],
  ['deleted', 'watched_change'],
  ['raised a ticket at', 'watched_change'],
  // An automation rule's notify action.
  ['automation', 'automation'],
]);

/** The kind a draft belongs to: its own `kind`, else the one its verb maps to, else `watched_change`. */
export function kindOf(draft: { kind?: NotificationKind; verb: string }): NotificationKind {
  return draft.kind ?? KIND_OF_VERB.get(draft.verb) ?? 'watched_change';
}

export const knownVerbs = (): string[] => [...KIND_OF_VERB.keys()];

export function defaultChannel(kind: NotificationKind): ChannelPreference {
  return { in_app: true, email: EMAIL_BY_DEFAULT.includes(kind), push: false };
}

export function defaultPreferences(): NotificationPreferences {
  const channels: Partial<Record<NotificationKind, ChannelPreference>> = {};
  for (const kind of NOTIFICATION_KINDS) channels[kind] = defaultChannel(kind);
  return { channels, quiet_hours: null, digest: 'NONE', digest_time: '08:00' };
}

/** Stored row → full preferences: every kind present, stored channels only for known kinds. */
export interface StoredPreferences {
  channels: unknown;
  quietStart: string | null;
  quietEnd: string | null;
  digest: string;
  digestTime: string;
}

export function preferencesOf(row: StoredPreferences | undefined): NotificationPreferences {
  const result = defaultPreferences();
  if (!row) return result;
  const stored = (row.channels ?? {}) as Record<string, ChannelPreference | undefined>;
  for (const kind of NOTIFICATION_KINDS) {
    const channel = Object.hasOwn(stored, kind) ? stored[kind] : undefined;
    if (channel)
      result.channels[kind] = { in_app: channel.in_app === true, email: channel.email === true, push: channel.push === true };
  }
  result.quiet_hours = row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null;
  result.digest = row.digest as NotificationPreferences['digest'];
  result.digest_time = row.digestTime;
  return result;
}

/** Validated input → the stored channels: every kind (missing ones keep their default), built from the enum. */
export function storedChannels(input: NotificationPreferences['channels']): Record<NotificationKind, ChannelPreference> {
  const channels = {} as Record<NotificationKind, ChannelPreference>;
  for (const kind of NOTIFICATION_KINDS) {
    const given = Object.hasOwn(input, kind) ? input[kind] : undefined;
    channels[kind] = given ? { in_app: given.in_app, email: given.email, push: given.push } : defaultChannel(kind);
  }
  return channels;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Minutes past midnight of `now` on the wall clock of `timeZone` (UTC when the zone is unknown). */
function localMinutes(now: Date, timeZone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(
      now,
    );
  } catch {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  }
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

/**
 * When e-mail may go out: `now` outside quiet hours, otherwise the end of the quiet hours
 * (in the user's time zone; a window may span midnight, e.g. 22:00–07:00).
 */
export function mailNotBefore(quiet: NotificationPreferences['quiet_hours'], timeZone: string, now: Date): Date {
  if (!quiet) return now;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return now;
  const local = localMinutes(now, timeZone);
  const inside = start < end ? local >= start && local < end : local >= start || local < end;
  if (!inside) return now;
  const wait = (end - local + 1440) % 1440;
  const at = new Date(now.getTime() + wait * 60_000);
  at.setUTCSeconds(0, 0);
  return at;
}

/** The wall clock of `timeZone` at `now` (UTC when the zone is unknown): local date, ISO weekday (1 Monday) and minutes past midnight. */
export function localClock(now: Date, timeZone: string): { date: string; weekday: number; minutes: number } {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = format(timeZone);
  } catch {
    parts = format('UTC');
  }
  const value = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(value('weekday')) + 1;
  return {
    date: `${value('year')}-${value('month')}-${value('day')}`,
    weekday,
    minutes: Number(value('hour')) * 60 + Number(value('minute')),
  };
}

/**
 * The digest period due at `now` for a user, or null when none is due yet: DAILY, the local date
 * once `digest_time` has passed; WEEKLY, the week (named by its Monday) once Monday's
 * `digest_time` has passed (a week whose Monday was missed still gets its digest later that week).
 */
export function digestPeriodDue(digest: string, digestTime: string, timeZone: string, now: Date): string | null {
  if (digest !== 'DAILY' && digest !== 'WEEKLY') return null;
  const local = localClock(now, timeZone);
  const timePassed = local.minutes >= minutesOf(digestTime);
  if (digest === 'DAILY') return timePassed ? local.date : null;
  if (local.weekday === 1 && !timePassed) return null;
  const monday = new Date(`${local.date}T00:00:00Z`);
  monday.setUTCDate(monday.getUTCDate() - (local.weekday - 1));
  return monday.toISOString().slice(0, 10);
}
