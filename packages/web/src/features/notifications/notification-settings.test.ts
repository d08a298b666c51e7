import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '@ops/contract/notifications/notifications.values';
import { notificationPreferencesSchema } from '@ops/contract/notifications/notifications.schemas';
import { defaultChannels, formOfPreferences, preferencesFormErrors, preferencesOfForm, watchOf, type NotificationPreferences } from './notification-settings';
import { base64UrlToBytes, pushSupport, subscriptionBody } from './push-device';

const saved: NotificationPreferences = {
  channels: { ticket_assigned: { in_app: false, email: true, push: true } },
  quiet_hours: { start: '22:30', end: '06:00' },
  digest: 'DAILY',
  digest_time: '07:15',
};

describe('notification preferences form', () => {
  it('fills every kind: saved ones as saved, the others with the defaults (e-mail for four kinds)', () => {
    const form = formOfPreferences(saved);
    expect(Object.keys(form.channels)).toEqual([...NOTIFICATION_KINDS]);
    expect(form.channels.ticket_assigned).toEqual({ in_app: false, email: true, push: true });
    expect(form.channels.mentioned).toEqual({ in_app: true, email: true, push: false });
    expect(form.channels.job_finished).toEqual({ in_app: true, email: false, push: false });
    expect(form).toMatchObject({ quietHours: true, quietStart: '22:30', quietEnd: '06:00', digest: 'DAILY', digestTime: '07:15' });
  });

  it('round-trips to the PUT body the contract accepts, quiet hours off as null', () => {
    const form = formOfPreferences(saved);
    const body = preferencesOfForm(form);
    expect(notificationPreferencesSchema.safeParse(body).success).toBe(true);
    expect(body.channels.ticket_assigned).toEqual(saved.channels.ticket_assigned);
    expect(Object.keys(body.channels)).toHaveLength(NOTIFICATION_KINDS.length);
    expect(preferencesOfForm({ ...form, quietHours: false }).quiet_hours).toBeNull();
    expect(preferencesOfForm({ ...form, digest: 'WEEKLY', digestTime: '09:00' })).toMatchObject({ digest: 'WEEKLY', digest_time: '09:00' });
  });

  it('offers quiet hours 22:00 to 07:00 and a digest at 08:00 when none was set', () => {
    const form = formOfPreferences({ channels: {}, quiet_hours: null, digest: 'NONE', digest_time: '' });
    expect(form).toMatchObject({ quietHours: false, quietStart: '22:00', quietEnd: '07:00', digestTime: '08:00' });
  });

  it('sends only known kinds: a key that is not a kind never reaches the body', () => {
    const form = formOfPreferences(saved);
    const polluted = { ...form, channels: { ...form.channels, __proto__: { in_app: true }, bogus: { in_app: false, email: false, push: false } } } as typeof form;
    const body = preferencesOfForm(polluted);
    expect(Object.keys(body.channels)).toEqual([...NOTIFICATION_KINDS]);
    expect(Object.prototype.hasOwnProperty.call(body.channels, 'bogus')).toBe(false);
  });

  it('names what is wrong before sending: bad times, equal start and end; nothing when quiet hours are off', () => {
    const form = formOfPreferences(saved);
    expect(preferencesFormErrors(form)).toEqual({});
    expect(preferencesFormErrors({ ...form, quietStart: '', quietEnd: '24:00' })).toEqual({ quietStart: 'Enter a time as HH:MM.', quietEnd: 'Enter a time as HH:MM.' });
    expect(preferencesFormErrors({ ...form, quietStart: '06:00', quietEnd: '06:00' })).toEqual({ quietEnd: 'The end must differ from the start.' });
    expect(preferencesFormErrors({ ...form, quietHours: false, quietStart: '' })).toEqual({});
    expect(preferencesFormErrors({ ...form, digestTime: '' })).toEqual({ digestTime: 'Enter a time as HH:MM.' });
    expect(preferencesFormErrors({ ...form, digest: 'NONE', digestTime: '' })).toEqual({});
  });

  it('defaults match the design: everything in-app, no push', () => {
    for (const kind of NOTIFICATION_KINDS) expect(defaultChannels(kind)).toMatchObject({ in_app: true, push: false });
  });
});

describe('watches', () => {
  it('finds the watch of one record by model and id', () => {
    const watches = [
      { id: 'w1', model: 'client' as const, object_id: 'a', created_at: '' },
      { id: 'w2', model: 'ticket' as const, object_id: 'a', created_at: '' },
    ];
    expect(watchOf(watches, 'ticket', 'a')?.id).toBe('w2');
    expect(watchOf(watches, 'cost_centre', 'a')).toBeUndefined();
    expect(watchOf(undefined, 'client', 'a')).toBeUndefined();
  });
});

describe('push on this device', () => {
  it('decodes the VAPID key from base64url without padding', () => {
    expect([...base64UrlToBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
    // A P-256 public key is 65 bytes, 87 base64url characters.
    expect(base64UrlToBytes('B'.padEnd(87, 'A')).length).toBe(65);
  });

  it("takes the browser's subscription as the API wants it, and refuses one without keys", () => {
    expect(subscriptionBody({ endpoint: 'https://push.example/x', keys: { p256dh: 'BAAA', auth: 'AAAA' }, expirationTime: null })).toEqual({
      endpoint: 'https://push.example/x',
      keys: { p256dh: 'BAAA', auth: 'AAAA' },
    });
    expect(subscriptionBody({ endpoint: 'https://push.example/x' })).toBeNull();
  });

  it('says whether push can work here', () => {
    const navigator = { serviceWorker: {} };
    expect(pushSupport({ navigator, PushManager: class {}, Notification: class {}, isSecureContext: true })).toBe('supported');
    expect(pushSupport({ navigator, PushManager: class {}, Notification: class {}, isSecureContext: false })).toBe('insecure');
    expect(pushSupport({ navigator: {}, PushManager: class {}, Notification: class {} })).toBe('unsupported');
    expect(pushSupport({ navigator, Notification: class {} })).toBe('unsupported');
  });
});
