import { parseJsonLossless } from './lossless-json';

export interface RetryPolicy {
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 5, baseDelayMs: 500, maxDelayMs: 60_000 };

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    readonly bodyExcerpt: string,
  ) {
    super(`${status} from ${redact(url)}${bodyExcerpt ? `: ${bodyExcerpt}` : ''}`);
  }
}

const RETRYABLE = new Set([408, 429, 500, 502, 503, 504]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Drops query strings from URLs in messages: page tokens and skip tokens are noise, and some APIs put keys there. */
function redact(url: string): string {
  return url.split('?')[0]!;
}

/** Retry-After is seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * fetch with retries: network errors, 408, 429 and 5xx are retried with
 * exponential backoff and jitter; a Retry-After header (429/503) is honoured
 * instead of the backoff. Other statuses are returned to the caller.
 */
export async function fetchWithRetry(
  url: string,
  init: RequestInit,
  policy: RetryPolicy = DEFAULT_RETRY,
  onRetry?: (message: string) => void,
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    let response: Response | undefined;
    let failure: unknown;
    try {
      response = await fetch(url, init);
    } catch (error) {
      failure = error;
    }
    if (response && !RETRYABLE.has(response.status)) return response;
    if (attempt >= policy.retries) {
      if (response) throw new HttpError(response.status, url, (await response.text().catch(() => '')).slice(0, 300));
      throw new Error(`request to ${redact(url)} failed: ${failure instanceof Error ? failure.message : String(failure)}`);
    }
    const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt) * (0.5 + Math.random() / 2);
    const hinted = response ? retryAfterMs(response.headers.get('retry-after')) : null;
    const delay = hinted === null ? backoff : Math.min(hinted, policy.maxDelayMs * 5);
    await response?.body?.cancel().catch(() => undefined);
    onRetry?.(
      `${response ? `HTTP ${response.status}` : 'network error'} from ${redact(url)}; retry ${attempt + 1}/${policy.retries} in ${Math.round(delay)} ms`,
    );
    await sleep(delay);
  }
}

export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) throw new HttpError(response.status, response.url, text.slice(0, 300));
  return text ? parseJsonLossless(text) : null;
}

export interface AccessToken {
  access_token: string;
  expires_in?: number | string;
}

/** Caches an OAuth access token until shortly before it expires; `invalidate` after a 401. */
export function createTokenSource(fetchToken: () => Promise<AccessToken>) {
  let cached: { token: string; expiresAt: number } | undefined;
  return {
    async get(): Promise<string> {
      if (cached && cached.expiresAt > Date.now()) return cached.token;
      const answer = await fetchToken();
      if (!answer?.access_token) throw new Error('token endpoint answered without access_token');
      const lifetime = Number(answer.expires_in ?? 3600);
      cached = { token: answer.access_token, expiresAt: Date.now() + Math.max(0, lifetime - 60) * 1000 };
      return cached.token;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
export type TokenSource = ReturnType<typeof createTokenSource>;

/** GET a JSON resource with a bearer token, fetching a new token once if the old one is refused. */
export async function getJsonWithToken(
  url: string,
  tokens: TokenSource,
  options: { headers?: Record<string, string>; policy?: RetryPolicy; onRetry?: (message: string) => void } = {},
): Promise<{ status: number; body: unknown }> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const token = await tokens.get();
    const response = await fetchWithRetry(
      url,
      { headers: { ...options.headers, authorization: `Bearer ${token}` } },
      options.policy,
      options.onRetry,
    );
    if (response.status === 401 && attempt === 0) {
      await response.body?.cancel().catch(() => undefined);
      tokens.invalidate();
      continue;
    }
    if (response.status === 204) return { status: 204, body: null };
    return { status: response.status, body: await readJson(response) };
  }
  throw new Error(`${redact(url)} refused a freshly issued token`);
}

/** POST an application/x-www-form-urlencoded body and read the JSON answer (token endpoints). */
export async function postForm(
  url: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
  policy?: RetryPolicy,
): Promise<unknown> {
  const response = await fetchWithRetry(
    url,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
    },
    policy,
  );
  return readJson(response);
}
