import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { rememberTag, shareKeepingTags } from '../../api/entity-tags';
import { RuleVersions } from './RuleVersions';
import type { Rule } from './automations.queries';

// Restoring a version is sent against the rule as the page shows it (If-Match, platform §14.6): when
// someone saved the rule since, nothing is restored and the page says so, showing their version.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '0190d0b4-0000-7000-8000-0000000000a1';
const rule: Rule = {
  id: ID,
  name: 'High tickets',
  active: true,
  trigger: { event: 'ticket.created', model: null, cron: null, timezone: null },
  conditions: { priority: 'HIGH' },
  changed: [],
  actions: [],
  version: 2,
  updated_at: '2026-11-01T00:00:00.000Z',
} as Rule;
const version = (n: number, name: string) => ({
  version: n,
  rule: { ...rule, name },
  edited_by: null,
  at: '2026-11-01T00:00:00.000Z',
});
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe("a rule's versions", () => {
  it('restores against the shown rule (If-Match); a 412 restores nothing and says the rule moved on', async () => {
    const sent: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === `/api/automations/rules/${ID}/versions/`)
          return json([version(2, 'High tickets'), version(1, 'Urgent tickets')]);
        if (path === `/api/automations/rules/${ID}/versions/1/restore/` && init?.method === 'POST') {
          sent.push(new Headers(init.headers).get('If-Match'));
          return json(
            { detail: 'This record was changed by someone else.', current: { ...rule, name: 'Renamed', version: 3 } },
            412,
            {
              ETag: `"automation_rule-${ID}-3"`,
            },
          );
        }
        return json({ detail: 'Not found.' }, 404);
      }),
    );
    const shown = { ...rule };
    rememberTag(shown, `"automation_rule-${ID}-2"`);
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false, structuralSharing: shareKeepingTags } } })}
      >
        <RuleVersions rule={shown} />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Restore version 1' }, { timeout: 10_000 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Restore' }, { timeout: 10_000 }));
    expect(await screen.findByText(/so version 1 was not restored/, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(/now version 3/)).toBeTruthy();
    expect(sent).toEqual([`"automation_rule-${ID}-2"`]);
  });
});
