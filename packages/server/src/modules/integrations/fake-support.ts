import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/**
 * Shared plumbing of the local fakes of source systems: a node:http server on
 * 127.0.0.1 (random port) with switches every fake offers: throttling (429 +
 * Retry-After on the next N data requests) and a mid-sync failure (500 on
 * every data request after the first N).
 */
export interface FakeRequest {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeResponse {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface FakeControls {
  /** The next `count` data requests answer 429 with Retry-After: `seconds`. */
  throttle(count: number, seconds?: number): void;
  /** After `count` more successful data requests, every data request answers 500; null switches it off. */
  failAfter(count: number | null): void;
  /** Data requests served (2xx) since start. */
  readonly dataRequests: number;
  readonly throttled: number;
  readonly tokensIssued: number;
}

export interface RunningFake {
  url: string;
  controls: FakeControls;
  close(): Promise<void>;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): FakeResponse {
  return { status, body, headers };
}

export function createTokenRegistry() {
  const tokens = new Set<string>();
  return {
    issue(): string {
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      return token;
    },
    valid(header: string | undefined): boolean {
      return !!header && header.startsWith('Bearer ') && tokens.has(header.slice(7));
    },
    get count() {
      return tokens.size;
    },
  };
}

export async function startFakeServer(options: {
  isData(request: FakeRequest): boolean;
  handle(request: FakeRequest): FakeResponse | Promise<FakeResponse>;
  tokensIssued(): number;
  port?: number;
}): Promise<RunningFake> {
  let throttleLeft = 0;
  let throttleSeconds = 1;
  let failBudget: number | null = null;
  let dataRequests = 0;
  let throttled = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      let answer: FakeResponse;
      try {
        const data = options.isData(request);
        if (data && throttleLeft > 0) {
          throttleLeft -= 1;
          throttled += 1;
          answer = json(
            429,
            { error: { code: 429, message: 'Rate limit exceeded' } },
            { 'retry-after': String(throttleSeconds) },
          );
        } else if (data && failBudget !== null && failBudget <= 0) {
          answer = json(500, { error: { code: 500, message: 'Backend Error' } });
        } else {
          answer = await options.handle(request);
          if (data && answer.status < 300) {
            dataRequests += 1;
            if (failBudget !== null) failBudget -= 1;
          }
        }
      } catch (error) {
        answer = json(500, { error: { message: error instanceof Error ? error.message : String(error) } });
      }
      const isText = typeof answer.body === 'string';
      const payload = answer.body === undefined ? '' : isText ? (answer.body as string) : JSON.stringify(answer.body);
      res.writeHead(answer.status, {
        ...(payload && !isText ? { 'content-type': 'application/json; charset=utf-8' } : {}),
        ...answer.headers,
      });
      res.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    controls: {
      throttle(count, seconds = 1) {
        throttleLeft = count;
        throttleSeconds = seconds;
      },
      failAfter(count) {
        failBudget = count;
      },
      get dataRequests() {
        return dataRequests;
      },
      get throttled() {
        return throttled;
      },
      get tokensIssued() {
        return options.tokensIssued();
      },
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Offset-based opaque page tokens, like the ones sources hand out. */
export const pageToken = {
  encode: (offset: number) => Buffer.from(`o:${offset}`).toString('base64url'),
  decode: (token: string | null) => (token ? Number(Buffer.from(token, 'base64url').toString().slice(2)) || 0 : 0),
};
