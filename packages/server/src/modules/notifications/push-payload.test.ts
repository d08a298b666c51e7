import { describe, expect, it } from 'vitest';
import { pushPayload, type NotificationDraft } from './notifications.service';

const row = { id: '0190d0b4-0000-7000-8000-0000000000aa' } as Parameters<typeof pushPayload>[0];
const draft = (target?: NotificationDraft['target']): NotificationDraft => ({ recipientId: 'r', actorId: null, verb: 'changed', description: 'Something changed', target });

describe('the push message', () => {
  it("opens the ticket's, the watched client's or cost centre's page, else the notifications list", () => {
    expect(pushPayload(row, draft({ type: 'ticket', id: 't1', text: '#1' })).url).toBe('/all-tickets/t1');
    expect(pushPayload(row, draft({ type: 'client', id: 'c1', text: 'Kitchen' })).url).toBe('/clients/c1');
    expect(pushPayload(row, draft({ type: 'cost_centre', id: 'k1', text: 'Canteen' })).url).toBe('/cost-center/k1');
    expect(pushPayload(row, draft({ type: 'article', id: 'a1', text: 'Policy' })).url).toBe('/notifications');
    expect(pushPayload(row, draft({ type: 'toString', id: 'x', text: 'x' })).url).toBe('/notifications');
    expect(pushPayload(row, draft()).url).toBe('/notifications');
  });

  it('carries the title, body and id the service worker shows', () => {
    expect(pushPayload(row, draft({ type: 'client', id: 'c1', text: 'Kitchen' }))).toMatchObject({ id: row.id, title: 'Kitchen', body: 'Something changed' });
  });
});
