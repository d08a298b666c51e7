import { describe, expect, it } from 'vitest';
import { streamNotification } from './notifications.queries';

/** A notification as the stream sends it (django-notifications' shape). */
const sent = {
  id: '0190d5a0-0000-7000-8000-000000000001',
  recipient: '0190d5a0-0000-7000-8000-000000000002',
  unread: true,
  data: { ticket_id: '0190d5a0-0000-7000-8000-000000000003' },
  target: '#1042 Oven door stuck',
  action_object: null,
  references: { actor: { name: 'user', id: 'u1' }, target: { name: 'ticket', id: 't1' }, action_object: null },
  level: 'info',
  verb: 'replied to',
  description: null,
  timestamp: '2026-11-26T05:00:00.000Z',
};

describe('streamNotification (the notification stream, checked without zod)', () => {
  it('hands on a notification as the stream sent it, and one without data', () => {
    expect(streamNotification(sent)).toBe(sent);
    const withoutData = { ...sent, data: null };
    expect(streamNotification(withoutData)).toBe(withoutData);
  });

  it.each([
    ['nothing', null],
    ['a string', 'notification'],
    ['a list', [sent]],
    ['no id', { ...sent, id: undefined }],
    ['a numeric id', { ...sent, id: 1 }],
    ['data that is text', { ...sent, data: 'ticket 1' }],
    ['data that is a list', { ...sent, data: ['t1'] }],
    ['no references', { ...sent, references: undefined }],
    ['references that are a list', { ...sent, references: [] }],
    ['a reference without a name', { ...sent, references: { ...sent.references, target: { id: 't1' } } }],
    ['a reference with a numeric id', { ...sent, references: { ...sent.references, actor: { name: 'user', id: 7 } } }],
    ['a reference that is text', { ...sent, references: { ...sent.references, action_object: 'ticket' } }],
  ])('drops a payload with %s', (_, payload) => {
    expect(streamNotification(payload)).toBeNull();
  });
});
