import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { subscribeToTicketChanges, useNotificationStream } from './notifications.queries';

vi.mock('../../shared/session/session', () => ({ useToken: () => 'session-token' }));
vi.mock('../../api/notifications', async (original) => ({
  ...(await original<typeof import('../../api/notifications')>()),
  createStreamToken: async () => 'stream-token',
}));

/** The browser's EventSource as far as the hook uses it: the test opens it and sends events. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private handlers = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, handler: (event: MessageEvent<string>) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  send(type: string, data: unknown) {
    for (const handler of this.handlers.get(type) ?? []) handler(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  close() {}
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

function openStream() {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useNotificationStream(true), { wrapper });
}

describe('the notification stream and open ticket pages', () => {
  it("hands a ticket's change event to its page, and asks every open ticket page to refresh when the stream opens", async () => {
    const heard: (string | null)[] = [];
    const stop = subscribeToTicketChanges((ticketId) => heard.push(ticketId));
    const hook = openStream();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const source = FakeEventSource.opened[0]!;
    expect(source.url).toContain('token=stream-token');
    // A change made before the stream opened sent its event to no one: opening asks the pages again.
    act(() => source.onopen?.());
    expect(heard).toEqual([null]);
    act(() => source.send('ticket', { ticket_id: 't1' }));
    expect(heard).toEqual([null, 't1']);
    stop();
    hook.unmount();
  });
});
