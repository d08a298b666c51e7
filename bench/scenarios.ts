import type { HttpClient, HttpRequestSpec } from './lib/load';

/**
 * The scenario table. Each entry names one request the load runs over and
 * over; `probe` is a GET that must not answer 404 for the scenario to run, so
 * entries for modules that are not in the build yet are skipped with a
 * printed reason instead of failing the run. Add a scenario by adding an entry.
 */
export interface ScenarioContext {
  http: HttpClient;
  /** `Authorization` header of a corporate user (type 2, default group permissions, not a superuser). */
  staffAuth: Record<string, string>;
  scale: number;
}

export interface Scenario {
  name: string;
  /** list and detail scenarios are held to the database-limit target; page-1 lists to the scale target. */
  kind: 'list' | 'detail' | 'login' | 'write' | 'other';
  pageOne?: boolean;
  /** Replay the captured SQL straight against the database as the reference (reads only). */
  replay: boolean;
  probe?: string;
  /** Builds the request (may create data it needs first); a string is a reason to skip. */
  prepare(ctx: ScenarioContext): Promise<HttpRequestSpec | string>;
}

const get = (ctx: ScenarioContext, path: string): HttpRequestSpec => ({ method: 'GET', path, headers: { ...ctx.staffAuth } });
const q = (params: Record<string, string | number | object>) =>
  new URLSearchParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]))).toString();

interface Page<T> {
  count: number;
  next: string | null;
  results: T[];
}
type Ref = { id: string } | null;
interface ClientItem {
  id: string;
  legal_entity: Ref;
  industry: Ref;
}

/** A multipart body built once: text fields and files as `[field, filename, content type, bytes]`. */
export function multipart(fields: Record<string, string>, files: [string, string, string, Buffer][]): { body: Buffer; contentType: string } {
  const boundary = `----ops-bench-${Date.now().toString(16)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, filename, type, bytes] of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`), bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const ticketContent = (text: string) => JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

function ticketPost(ctx: ScenarioContext, kind: string, title: string, files: [string, string, string, Buffer][] = []): HttpRequestSpec {
  const form = multipart({ title, ticket_content: ticketContent(`${title}: created by the benchmark`) }, files);
  return { method: 'POST', path: `/api/helpdesk/my-tickets/${kind}/`, headers: { ...ctx.staffAuth, 'content-type': form.contentType }, body: form.body, expect: 201 };
}

/**
 * The peer bench's scenarios (../shared/bench-peers/README.md "Scenarios", its `ours` template), so
 * they run here on either engine without the peers: `npm run bench -- --tickets-per-client 5 --only '^S[1-5] |login'`.
 */
const PEER_SCENARIOS: Scenario[] = [
  {
    name: 'S1 clients page 1 by name',
    kind: 'list',
    pageOne: true,
    replay: true,
    prepare: async (ctx) => get(ctx, `/api/accounts/clients/?${q({ limit: 100, offset: 0, ordering: 'name' })}`),
  },
  {
    name: 'S2 clients search tech',
    kind: 'list',
    pageOne: true,
    replay: true,
    prepare: async (ctx) => get(ctx, `/api/accounts/clients/?${q({ limit: 100, offset: 0, search: 'tech', ordering: '-created_at' })}`),
  },
  {
    name: 'S3 clients offset 50,000',
    kind: 'list',
    replay: true,
    prepare: async (ctx) => get(ctx, `/api/accounts/clients/?${q({ limit: 100, offset: 50_000, ordering: 'name' })}`),
  },
  {
    // The peers take a random id for every request; here 1,000 clients spread over the list, in turn.
    name: 'S4 client detail (1,000 clients in turn)',
    kind: 'detail',
    replay: true,
    prepare: async (ctx) => {
      const first = await ctx.http.json<Page<ClientItem>>(get(ctx, `/api/accounts/clients/?${q({ limit: 1 })}`));
      const stride = Math.max(100, Math.floor(first.count / 10 / 100) * 100);
      const ids: string[] = [];
      for (let offset = 0; offset < first.count && ids.length < 1000; offset += stride) {
        const page = await ctx.http.json<Page<ClientItem>>(get(ctx, `/api/accounts/clients/?${q({ limit: 100, offset, ordering: 'created_at' })}`));
        ids.push(...page.results.map((client) => client.id));
      }
      if (!ids.length) return 'no clients';
      const paths = ids.map((id) => `/api/accounts/clients/${id}/`);
      return { ...get(ctx, paths[0]!), paths };
    },
  },
  {
    name: 'S5 tickets OPEN+HIGH',
    kind: 'list',
    pageOne: true,
    replay: true,
    probe: '/api/helpdesk/tickets/?limit=1',
    prepare: async (ctx) =>
      get(ctx, `/api/helpdesk/tickets/?${q({ limit: 100, offset: 0, ordering: '-created_at', filters: { ticket_status: 'OPEN', priority: 'HIGH' } })}`),
  },
];

export const SCENARIOS: Scenario[] = [
  ...PEER_SCENARIOS,
  {
    name: 'clients page 1 (name)',
    kind: 'list',
    pageOne: true,
    replay: true,
    prepare: async (ctx) => get(ctx, `/api/accounts/clients/?${q({ ordering: 'name', limit: 100 })}`),
  },
  {
    name: 'clients search',
    kind: 'list',
    pageOne: true,
    replay: true,
    prepare: async (ctx) => get(ctx, `/api/accounts/clients/?${q({ search: 'hospital 12', ordering: 'name', limit: 100 })}`),
  },
  {
    name: 'clients filtered by 2 relations',
    kind: 'list',
    pageOne: true,
    replay: true,
    prepare: async (ctx) => {
      const page = await ctx.http.json<Page<ClientItem>>(get(ctx, `/api/accounts/clients/?${q({ ordering: '-name', limit: 1 })}`));
      const client = page.results[0];
      if (!client?.legal_entity || !client.industry) return 'no client with a legal entity and an industry';
      return get(ctx, `/api/accounts/clients/?${q({ filters: { legal_entity: client.legal_entity.id, industry: client.industry.id }, ordering: 'name', limit: 100 })}`);
    },
  },
  {
    name: 'clients deep offset (90%)',
    kind: 'list',
    replay: true,
    prepare: async (ctx) => {
      const page = await ctx.http.json<Page<ClientItem>>(get(ctx, `/api/accounts/clients/?${q({ limit: 1 })}`));
      return get(ctx, `/api/accounts/clients/?${q({ ordering: 'name', limit: 100, offset: Math.floor((page.count * 0.9) / 100) * 100 })}`);
    },
  },
  {
    name: 'clients deep cursor (90%)',
    kind: 'list',
    replay: true,
    prepare: async (ctx) => {
      // The keyset link that follows the deep offset page: the same rows reached without skipping.
      const first = await ctx.http.json<Page<ClientItem>>(get(ctx, `/api/accounts/clients/?${q({ limit: 1 })}`));
      const offset = Math.floor((first.count * 0.9) / 100) * 100 - 100;
      const page = await ctx.http.json<Page<ClientItem>>(get(ctx, `/api/accounts/clients/?${q({ ordering: 'name', limit: 100, offset, cursor: '' })}`));
      if (!page.next || !new URL(page.next).searchParams.get('cursor')) return 'the list answers no cursor links';
      const next = new URL(page.next);
      return get(ctx, next.pathname + next.search);
    },
  },
  {
    name: 'client detail',
    kind: 'detail',
    replay: true,
    prepare: async (ctx) => {
      const page = await ctx.http.json<Page<ClientItem>>(get(ctx, `/api/accounts/clients/?${q({ ordering: 'name', limit: 50 })}`));
      const client = page.results[page.results.length - 1];
      return client ? get(ctx, `/api/accounts/clients/${client.id}/`) : 'no clients';
    },
  },
  {
    name: 'cost centre map markers (1000)',
    kind: 'list',
    replay: true,
    prepare: async (ctx) => get(ctx, `/api/directory/maps/cost-centres/?${q({ limit: 1000 })}`),
  },
  {
    name: 'login (knox)',
    kind: 'login',
    replay: false,
    prepare: async () => {
      const { BENCH_STAFF } = await import('./lib/target');
      return { method: 'POST', path: '/api/identity/auth/knox/login/', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BENCH_STAFF) };
    },
  },
  {
    name: 'my-tickets (user with 1,000)',
    kind: 'list',
    pageOne: true,
    replay: true,
    probe: '/api/helpdesk/my-tickets/?limit=1',
    prepare: async (ctx) => {
      const page = await ctx.http.json<Page<unknown>>(get(ctx, '/api/helpdesk/my-tickets/?limit=1'));
      const missing = Math.max(0, 1000 - page.count);
      const kinds = ['feedback', 'issue', 'service-request'];
      for (let i = 0; i < missing; i += 8) {
        await Promise.all(
          Array.from({ length: Math.min(8, missing - i) }, (_, j) => ctx.http.expectOk(ticketPost(ctx, kinds[(i + j) % 3]!, `Benchmark ticket ${i + j + 1}`))),
        );
      }
      return get(ctx, '/api/helpdesk/my-tickets/?limit=100');
    },
  },
  {
    name: 'staff tickets by status+priority',
    kind: 'list',
    pageOne: true,
    replay: true,
    probe: '/api/helpdesk/tickets/?limit=1',
    prepare: async (ctx) => get(ctx, `/api/helpdesk/tickets/?${q({ filters: { ticket_status: 'OPEN', priority: 'MEDIUM' }, ordering: '-created_at', limit: 100 })}`),
  },
  {
    name: 'staff tickets breached, by due time',
    kind: 'list',
    pageOne: true,
    replay: true,
    probe: '/api/helpdesk/sla-policies/?limit=1',
    prepare: async (ctx) => get(ctx, `/api/helpdesk/tickets/?${q({ filters: { sla_status: 'BREACHED' }, ordering: 'due_at', limit: 100 })}`),
  },
  {
    name: 'create ticket + 1 MB attachment',
    kind: 'write',
    replay: false,
    probe: '/api/helpdesk/my-tickets/?limit=1',
    prepare: async (ctx) => {
      const text = Buffer.alloc(1024 * 1024, 'Benchmark attachment line of plain text.\n');
      return ticketPost(ctx, 'issue', 'Benchmark ticket with an attachment', [['attachments[0][attachment]', 'notes.txt', 'text/plain', text]]);
    },
  },
  {
    // Search everything (Ctrl+K): every kind the corporate user reads, a common name with two typos.
    name: 'search everything (typo)',
    kind: 'other',
    // One statement (the replay pool opens with the server's pg_trgm threshold).
    replay: true,
    probe: '/api/search/?q=probe',
    prepare: async (ctx) => get(ctx, `/api/search/?${q({ q: 'privat hospitl' })}`),
  },
  {
    name: 'search everything (prefix)',
    kind: 'other',
    // One statement (the replay pool opens with the server's pg_trgm threshold).
    replay: true,
    probe: '/api/search/?q=probe',
    prepare: async (ctx) => get(ctx, `/api/search/?${q({ q: 'banksia vill' })}`),
  },
  // Typical searches beside the two above (issue 15 item 7): each takes its text from a row of the seeded data.
  {
    name: 'search everything (client name)',
    kind: 'other',
    replay: true,
    probe: '/api/search/?q=probe',
    prepare: async (ctx) => {
      const page = await ctx.http.json<Page<{ name: string }>>(get(ctx, `/api/accounts/clients/?${q({ ordering: '-name', limit: 1 })}`));
      return page.results[0] ? get(ctx, `/api/search/?${q({ q: page.results[0].name })}`) : 'no clients';
    },
  },
  {
    name: 'search everything (account number)',
    kind: 'other',
    replay: true,
    probe: '/api/search/?q=probe',
    prepare: async (ctx) => {
      const page = await ctx.http.json<Page<{ account_number: string | null }>>(get(ctx, `/api/accounts/clients/?${q({ ordering: 'name', limit: 1 })}`));
      const number = page.results[0]?.account_number;
      return number ? get(ctx, `/api/search/?${q({ q: number })}`) : 'no client with an account number';
    },
  },
  {
    name: 'search everything (ticket number)',
    kind: 'other',
    replay: true,
    probe: '/api/helpdesk/tickets/?limit=1',
    prepare: async (ctx) => {
      const page = await ctx.http.json<Page<{ number: number }>>(get(ctx, `/api/helpdesk/tickets/?${q({ ordering: 'created_at', limit: 1 })}`));
      return page.results[0] ? get(ctx, `/api/search/?${q({ q: `#${page.results[0].number}` })}`) : 'no tickets';
    },
  },
  {
    // A person's full name with two letters of the last word swapped ("Olivia Smith" -> "Olivia Smtih").
    name: 'search everything (person typo)',
    kind: 'other',
    replay: true,
    probe: '/api/search/?q=probe',
    prepare: async (ctx) => {
      const page = await ctx.http.json<Page<{ full_name: string }>>(get(ctx, `/api/accounts/contact-persons/?${q({ ordering: '-full_name', limit: 1 })}`));
      const name = page.results[0]?.full_name;
      if (!name) return 'no contact persons';
      const at = name.length - 3;
      return get(ctx, `/api/search/?${q({ q: name.slice(0, at) + name[at + 1] + name[at] + name.slice(at + 2) })}`);
    },
  },
  {
    // What a user types before the name is complete: a client's first word and the start of the next ("Woodville Sta").
    name: 'search everything (client prefix)',
    kind: 'other',
    replay: true,
    probe: '/api/search/?q=probe',
    prepare: async (ctx) => {
      const page = await ctx.http.json<Page<{ name: string }>>(get(ctx, `/api/accounts/clients/?${q({ ordering: '-name', limit: 1 })}`));
      const name = page.results[0]?.name;
      if (!name) return 'no clients';
      const [first, second = ''] = name.split(' ');
      return get(ctx, `/api/search/?${q({ q: `${first} ${second.slice(0, 3)}`.trim() })}`);
    },
  },
  {
    // One word with two letters swapped, common in names and titles ("Catering" -> "cateirng").
    name: 'search everything (one-word typo)',
    kind: 'other',
    replay: true,
    probe: '/api/search/?q=probe',
    prepare: async (ctx) => get(ctx, `/api/search/?${q({ q: 'cateirng' })}`),
  },
  {
    name: 'notifications counts',
    kind: 'other',
    replay: true,
    probe: '/api/notifications/counts/',
    prepare: async (ctx) => get(ctx, '/api/notifications/counts/'),
  },
];
