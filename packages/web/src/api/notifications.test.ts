import { describe, expect, it } from 'vitest';
import { notificationLink } from './notifications';

const ID = '0190d0b4-0000-7000-8000-0000000000a1';

describe('where a notification leads', () => {
  it('a watched client or cost centre: its page', () => {
    expect(notificationLink({ data: { model: 'client', id: ID } })).toBe(`/clients/${ID}`);
    expect(notificationLink({ data: { model: 'cost_centre', id: ID } })).toBe(`/cost-center/${ID}`);
  });

  it('a ticket: the staff page for staff, the requester page otherwise, at the message when there is one', () => {
    expect(notificationLink({ data: { ticket_id: ID } }, { staff: true })).toBe(`/all-tickets/${ID}`);
    expect(notificationLink({ data: { ticket_id: ID, conversation_id: 'c1' } })).toBe(`/tickets/${ID}#message-c1`);
  });

  it('never another origin, and nothing for an id that is not one', () => {
    expect(notificationLink({ data: { url: '//evil.example/x' } })).toBeNull();
    expect(notificationLink({ data: { model: 'client', id: '../../admin' } })).toBeNull();
    expect(notificationLink({ data: { model: 'user', id: ID } })).toBeNull();
  });
});
