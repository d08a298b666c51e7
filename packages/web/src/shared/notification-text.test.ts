import { describe, expect, it } from 'vitest';
import type { Notification } from '@ops/contract/notifications/notifications.schemas';
import { notificationText } from './notification-text';

const base: Notification = {
  id: '0190d5a0-0000-7000-8000-000000000001',
  recipient: '0190d5a0-0000-7000-8000-000000000002',
  unread: true,
  data: null,
  target: 'Broken tap',
  action_object: null,
  references: {
    actor: { name: 'user', id: '0190d5a0-0000-7000-8000-000000000003' },
    target: { name: 'ticket', id: '0190d5a0-0000-7000-8000-000000000004' },
    action_object: null,
  },
  level: 'info',
  verb: 'sent a message',
  description: 'Stan Staff sent a message on "Broken tap"',
  timestamp: '2026-11-22T04:00:00.000Z',
};

describe('notificationText', () => {
  it('names a ticket by its number when the notification carries one', () => {
    const text = notificationText({
      ...base,
      description: 'Stan Staff sent a message on #1042 "Broken tap"',
      data: { ticket_id: 'x', ticket_number: 1042, preview: 'Booked' },
    });
    expect(text.headline).toBe('Stan Staff sent a message on #1042 "Broken tap"');
    expect(notificationText({ ...base, data: { ticket_number: '1042; drop' } }).headline).toBe(
      'Stan Staff sent a message on "Broken tap"',
    );
  });

  it('names the actor from the description (the reference holds only the model) and summarises the message preview', () => {
    const text = notificationText({
      ...base,
      data: { ticket_id: 'x', preview: 'Plumber   booked\nfor Monday' },
      action_object: 'Plumber booked',
    });
    expect(text).toEqual({ headline: 'Stan Staff sent a message on "Broken tap"', summary: 'Plumber booked for Monday' });
  });

  it('reads status codes as words', () => {
    const text = notificationText({
      ...base,
      verb: 'changed status',
      description: 'Stan Staff changed the status of "Broken tap" from OPEN to IN_PROGRESS',
      data: { ticket_id: 'x', from_status: 'OPEN', to_status: 'IN_PROGRESS' },
    });
    expect(text).toEqual({
      headline: 'Stan Staff changed the status of "Broken tap" to In Progress',
      summary: 'Open → In Progress',
    });
  });

  it('says which kind of ticket was raised, with "an" before a vowel', () => {
    const created = {
      ...base,
      verb: 'created',
      description: 'Ivy Ng raised an issue: "Broken tap"',
      data: { ticket_id: 'x', ticket_type: 'INCIDENT', preview: 'Drips' },
    };
    expect(notificationText(created)).toEqual({ headline: 'Ivy Ng raised an incident: "Broken tap"', summary: 'Drips' });
    expect(notificationText({ ...created, data: { ticket_type: 'SERVICE_REQUEST' } }).headline).toBe(
      'Ivy Ng raised a service request: "Broken tap"',
    );
  });

  it('tells an assignee the priority', () => {
    const text = notificationText({
      ...base,
      verb: 'assigned',
      description: 'Ann Lead assigned you the ticket "Broken tap"',
      data: { priority: 'URGENT' },
    });
    expect(text).toEqual({ headline: 'Ann Lead assigned you "Broken tap"', summary: 'Priority: Urgent' });
  });

  it('says a routed ticket "was assigned to you" once, naming no actor (issue 38 point 9)', () => {
    const routed = notificationText({
      ...base,
      verb: 'assigned',
      // The routing hook's own sentence: it has no actor, and "assigned" sits mid-sentence.
      description: '#1041 "Broken tap" was assigned to you (team Kitchens, round robin)',
      references: { ...base.references, actor: null },
      data: { ticket_number: 1041, priority: 'HIGH' },
    });
    expect(routed).toEqual({ headline: '#1041 "Broken tap" was assigned to you', summary: 'Priority: High' });
    // The description of the releases before this one began "The ticket …"; it must not read as a name either.
    const older = notificationText({
      ...base,
      verb: 'assigned',
      description: 'The ticket #1041 "Broken tap" was assigned to you (team Kitchens, round robin)',
      references: { ...base.references, actor: null },
      data: { ticket_number: 1041 },
    });
    expect(older.headline).toBe('#1041 "Broken tap" was assigned to you');
  });

  it('falls back to the description for verbs it does not know, clipping long text', () => {
    const long = 'x'.repeat(400);
    const text = notificationText({ ...base, verb: 'finished a sync', target: null, description: long, data: { preview: long } });
    expect(text.headline).toHaveLength(160);
    expect(text.headline.endsWith('…')).toBe(true);
    expect(text.summary).toHaveLength(160);
    expect(
      notificationText({ ...base, verb: 'finished a sync', description: null, references: { ...base.references, actor: null } })
        .headline,
    ).toBe('finished a sync "Broken tap"');
  });

  it('says "Someone" when no name can be found', () => {
    expect(notificationText({ ...base, description: null }).headline).toBe('Someone sent a message on "Broken tap"');
  });
});
