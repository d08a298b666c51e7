/**
 * Notification preferences, watches and web push (spec platform §14.4): the calls, and the
 * mapping between the API's preferences and the settings form.
 */
import type {
  ChannelPreference,
  NotificationPreferences,
  PushSubscription,
  Watch,
} from '@ops/contract/notifications/notifications.schemas';
import {
  EMAIL_BY_DEFAULT,
  NOTIFICATION_KINDS,
  type DigestFrequency,
  type NotificationKind,
  type WatchModel,
} from '@ops/contract/notifications/notifications.values';
import { notificationEndpoints } from '../../api/endpoint-routes';
import { callEndpoint } from '../../api/http-client';

export type { NotificationPreferences, PushSubscription, Watch };

export interface KindLabel {
  kind: NotificationKind;
  label: string;
}

export const listPreferenceKinds = (signal?: AbortSignal): Promise<KindLabel[]> => callEndpoint(notificationEndpoints.preferenceKinds, { signal });
export const getPreferences = (signal?: AbortSignal): Promise<NotificationPreferences> => callEndpoint(notificationEndpoints.getPreferences, { signal });
export const putPreferences = (body: NotificationPreferences): Promise<NotificationPreferences> => callEndpoint(notificationEndpoints.putPreferences, { body });

export const listWatches = (signal?: AbortSignal): Promise<Watch[]> => callEndpoint(notificationEndpoints.watches, { signal });
export const watchRecord = (model: WatchModel, id: string): Promise<Watch> => callEndpoint(notificationEndpoints.watch, { body: { model, id } });
export const unwatch = (id: string): Promise<void> => callEndpoint(notificationEndpoints.unwatch, { params: { id } });

export const getPushKey = async (): Promise<string> => (await callEndpoint(notificationEndpoints.pushKey)).public_key;
export const listPushSubscriptions = (signal?: AbortSignal): Promise<PushSubscription[]> => callEndpoint(notificationEndpoints.pushSubscriptions, { signal });
export const addPushSubscription = (body: { endpoint: string; keys: { p256dh: string; auth: string } }): Promise<PushSubscription> =>
  callEndpoint(notificationEndpoints.pushSubscribe, { body });
export const removePushSubscription = (id: string): Promise<void> => callEndpoint(notificationEndpoints.pushUnsubscribe, { params: { id } });

/** The form's values: every listed kind's channels, quiet hours as a switch with two times, the digest. */
export interface PreferencesForm {
  channels: Record<NotificationKind, ChannelPreference>;
  quietHours: boolean;
  quietStart: string;
  quietEnd: string;
  digest: DigestFrequency;
  digestTime: string;
}

export const CHANNELS = [
  { key: 'in_app', label: 'In app' },
  { key: 'email', label: 'E-mail' },
  { key: 'push', label: 'Push' },
] as const satisfies readonly { key: keyof ChannelPreference; label: string }[];

/** A kind's channels before the user saves any: everything in-app, e-mail for some kinds, no push. */
export const defaultChannels = (kind: NotificationKind): ChannelPreference => ({ in_app: true, email: EMAIL_BY_DEFAULT.includes(kind), push: false });

const DEFAULT_QUIET = { start: '22:00', end: '07:00' };
const DEFAULT_DIGEST_TIME = '08:00';

/** The API's preferences as form values; a kind the server left out keeps its default. */
export function formOfPreferences(preferences: NotificationPreferences): PreferencesForm {
  const channels = {} as Record<NotificationKind, ChannelPreference>;
  for (const kind of NOTIFICATION_KINDS) {
    const saved = preferences.channels[kind];
    channels[kind] = saved ? { in_app: saved.in_app, email: saved.email, push: saved.push } : defaultChannels(kind);
  }
  return {
    channels,
    quietHours: preferences.quiet_hours !== null,
    quietStart: preferences.quiet_hours?.start ?? DEFAULT_QUIET.start,
    quietEnd: preferences.quiet_hours?.end ?? DEFAULT_QUIET.end,
    digest: preferences.digest,
    digestTime: preferences.digest_time || DEFAULT_DIGEST_TIME,
  };
}

/** Form values as the PUT body: the channels of the known kinds only, quiet hours or null. */
export function preferencesOfForm(form: PreferencesForm): NotificationPreferences {
  const channels: NotificationPreferences['channels'] = {};
  for (const kind of NOTIFICATION_KINDS) {
    const value = form.channels[kind];
    if (value) channels[kind] = { in_app: value.in_app, email: value.email, push: value.push };
  }
  return {
    channels,
    quiet_hours: form.quietHours ? { start: form.quietStart, end: form.quietEnd } : null,
    digest: form.digest,
    digest_time: form.digestTime,
  };
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** What is wrong with the form before it is sent, by field; empty when it may be saved. */
export function preferencesFormErrors(form: PreferencesForm): Partial<Record<'quietStart' | 'quietEnd' | 'digestTime', string>> {
  const errors: Partial<Record<'quietStart' | 'quietEnd' | 'digestTime', string>> = {};
  if (form.quietHours) {
    if (!CLOCK.test(form.quietStart)) errors.quietStart = 'Enter a time as HH:MM.';
    if (!CLOCK.test(form.quietEnd)) errors.quietEnd = 'Enter a time as HH:MM.';
    else if (form.quietStart === form.quietEnd) errors.quietEnd = 'The end must differ from the start.';
  }
  if (form.digest !== 'NONE' && !CLOCK.test(form.digestTime)) errors.digestTime = 'Enter a time as HH:MM.';
  return errors;
}

/** The watch of one record among the caller's, if any. */
export const watchOf = (watches: readonly Watch[] | undefined, model: WatchModel, id: string): Watch | undefined =>
  watches?.find((watch) => watch.model === model && watch.object_id === id);
