import http from 'node:http';

export interface SseEvent {
  event: string;
  id?: string;
  data: string;
  /** Comment lines (heartbeats) arrive as event "comment". */
}

export interface SseConnection {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: SseEvent[];
  /** Resolves with the first event (already received or future) matching `predicate`. */
  next(predicate: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** A minimal EventSource for tests: one GET, events parsed as they arrive. */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      const events: SseEvent[] = [];
      const waiters: { predicate: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
      let buffer = '';
      const emit = (event: SseEvent) => {
        events.push(event);
        for (const waiter of [...waiters]) {
          if (waiter.predicate(event)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(event);
          }
        }
      };
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let index: number;
        while ((index = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, index);
          buffer = buffer.slice(index + 2);
          const event: SseEvent = { event: 'message', data: '' };
          const data: string[] = [];
          let comment = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) {
              comment = true;
              data.push(line.slice(1).trim());
            } else if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
            else if (line.startsWith('retry: ')) event.event = 'retry';
          }
          if (comment) event.event = 'comment';
          event.data = data.join('\n');
          emit(event);
        }
      });
      const ended = new Promise<void>((done) => {
        response.on('end', done);
        response.on('close', done);
      });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        ended,
        next(predicate, timeoutMs = 5000) {
          const found = events.find(predicate);
          if (found) return Promise.resolve(found);
          return new Promise((done, fail) => {
            const timer = setTimeout(
              () => fail(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`)),
              timeoutMs,
            );
            waiters.push({ predicate, resolve: (event) => (clearTimeout(timer), done(event)) });
          });
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}
