import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RuleBuilder } from './RuleBuilder';
import { draftOf, emptyDraft, type RuleDraft } from './rule-draft';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RULE_ID = '0190d0b4-0000-7000-8000-0000000000a1';
const TICKET_ID = '0190d0b4-0000-7000-8000-0000000000b2';

type Answer = { status: number; body: unknown };
const json = ({ status, body }: Answer) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers each request by its method and path; records what was sent. */
function stubApi(answers: Record<string, Answer>) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      sent.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[`${method} ${url.pathname}`];
      return json(answer ?? { status: 404, body: { detail: 'Not found.' } });
    }),
  );
  return sent;
}

function renderBuilder(initial: RuleDraft = { ...emptyDraft(), name: 'High tickets to the clinical team' }, onSaved = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {/* A data router: the builder guards unsaved changes with the router's blocker. */}
      <RouterProvider
        router={createMemoryRouter([{ path: '/', element: <RuleBuilder initial={initial} onSaved={onSaved} /> }])}
      />
    </QueryClientProvider>,
  );
  return onSaved;
}

const pick = async (name: string | RegExp, option: string, scope: HTMLElement = document.body) => {
  fireEvent.mouseDown(within(scope).getByRole('combobox', { name }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
};
/** A closed menu or popover leaves the page hidden from assistive technology until its exit transition ends. */
const settled = () => waitFor(() => expect(screen.getByRole('form', { name: /rule/ })).toBeTruthy());

const savedRule = {
  id: RULE_ID,
  name: 'High tickets to the clinical team',
  active: true,
  trigger: { event: 'ticket.created', model: null, cron: null, timezone: null },
  conditions: { priority: 'HIGH' },
  changed: [],
  actions: [{ type: 'set_fields', fields: { ticket_status: 'IN_PROGRESS' } }],
  version: 1,
  updated_at: '2026-11-28T10:00:00.000Z',
};

describe('the rule builder (spec platform §14.3)', () => {
  it('sends the conditions built with the list filter builder to the dry run and shows its answer before Save, which then becomes the main button', async () => {
    const sent = stubApi({
      'POST /api/automations/rules/dry-run/': {
        status: 200,
        body: {
          matched: 3,
          sample: [{ model: 'ticket', id: TICKET_ID, title: 'Fridge warm' }],
          actions: [{ type: 'set_fields', would: 'set ticket_status to IN_PROGRESS on #12' }],
        },
      },
      'POST /api/automations/rules/': { status: 201, body: savedRule },
    });
    const onSaved = renderBuilder();

    // The condition: the list engine's filter builder, its Priority column, "is" High.
    // (the filter builder loads with the list page's chunk)
    fireEvent.click(await screen.findByRole('button', { name: 'Add filter' }, { timeout: 10_000 }));
    const filter = await screen.findByRole('form', { name: 'Filter' });
    await pick('Value', 'High', filter);
    fireEvent.click(within(filter).getByRole('button', { name: 'Apply' }));
    await settled();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Only if' }).textContent).toContain('Priority is High'));

    // The action: set the status to In progress.
    fireEvent.click(screen.getByRole('button', { name: 'Add action' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Set fields' }));
    await settled();
    const action = screen.getByRole('group', { name: 'Action 1: Set fields' });
    await pick('Field', 'Status', action);
    await pick('Value', 'In Progress', action);
    await settled();

    const save = screen.getByRole('button', { name: 'Save rule' });
    const tryIt = screen.getByRole('button', { name: 'Try it' });
    expect(tryIt.className).toContain('MuiButton-contained');
    expect(save.className).toContain('MuiButton-outlined');
    // Applying the filter (a form of its own, in a popover) saved nothing.
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
    fireEvent.click(tryIt);

    const answer = await screen.findByRole('status', { name: 'Dry run' });
    expect(answer.textContent).toContain('3 matches');
    expect(within(answer).getByRole('link', { name: 'Fridge warm' }).getAttribute('href')).toBe(`/all-tickets/${TICKET_ID}`);
    expect(answer.textContent).toContain('set ticket_status to IN_PROGRESS on #12');
    expect(sent.find((request) => request.path === '/api/automations/rules/dry-run/')?.body).toEqual({
      name: 'High tickets to the clinical team',
      active: true,
      trigger: { event: 'ticket.created', model: null, cron: null, timezone: null },
      conditions: { priority: 'HIGH' },
      changed: [],
      actions: [{ type: 'set_fields', fields: { ticket_status: 'IN_PROGRESS' } }],
    });
    expect(screen.getByRole('button', { name: 'Save rule' }).className).toContain('MuiButton-contained');
    expect(screen.getByRole('button', { name: 'Try it' }).className).toContain('MuiButton-outlined');

    fireEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(savedRule));
  });

  it('saves against the rule as loaded (If-Match); a 412 keeps what was typed and shows the changes field by field; "Save with these choices" saves against the newer version', async () => {
    const theirs = { ...savedRule, name: 'Renamed by Ada', version: 2 };
    const mine = { ...savedRule, name: 'High tickets, renamed by me', version: 3 };
    const puts: { ifMatch: string | null; name: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        const ifMatch = new Headers(init?.headers).get('If-Match');
        puts.push({ ifMatch, name: JSON.parse(String(init?.body)).name });
        if (ifMatch === '"automation_rule-1"')
          return new Response(JSON.stringify({ detail: 'This record was changed since you loaded it.', current: theirs }), {
            status: 412,
            headers: { 'content-type': 'application/json', etag: '"automation_rule-2"' },
          });
        return new Response(JSON.stringify(mine), {
          status: 200,
          headers: { 'content-type': 'application/json', etag: '"automation_rule-3"' },
        });
      }),
    );
    const onSaved = vi.fn();
    const onTakeTheirs = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider
          router={createMemoryRouter([
            {
              path: '/',
              element: (
                <RuleBuilder
                  initial={draftOf(savedRule as Parameters<typeof draftOf>[0])}
                  ruleId={RULE_ID}
                  ruleTag={'"automation_rule-1"'}
                  onSaved={onSaved}
                  onTakeTheirs={onTakeTheirs}
                />
              ),
            },
          ])}
        />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'High tickets, renamed by me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    // Field by field: the name was changed on both sides; the rest is the same.
    const conflict = await screen.findByRole('alert', { name: 'Conflicting changes' });
    expect(conflict.textContent).toContain('The rule is now version 2');
    const rows = within(within(conflict).getByRole('table', { name: 'Changes to resolve' })).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.textContent).toContain('Changed by both of you');
    expect(rows[1]!.textContent).toContain('Renamed by Ada');
    expect(onSaved).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('High tickets, renamed by me');

    fireEvent.click(screen.getByRole('button', { name: 'Save with these choices' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(mine));
    expect(puts).toEqual([
      { ifMatch: '"automation_rule-1"', name: 'High tickets, renamed by me' },
      { ifMatch: '"automation_rule-2"', name: 'High tickets, renamed by me' },
    ]);
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Conflicting changes' })).toBeNull());
    expect(onTakeTheirs).not.toHaveBeenCalled();
  });

  it('"Take all of theirs" after a 412 hands the newer rule to the page', async () => {
    const theirs = { ...savedRule, name: 'Renamed by Ada', version: 2 };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ detail: 'Changed.', current: theirs }), {
            status: 412,
            headers: { 'content-type': 'application/json', etag: '"automation_rule-2"' },
          }),
      ),
    );
    const onTakeTheirs = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider
          router={createMemoryRouter([
            {
              path: '/',
              element: (
                <RuleBuilder
                  initial={{ ...emptyDraft(), name: savedRule.name }}
                  ruleId={RULE_ID}
                  ruleTag={'"automation_rule-1"'}
                  onSaved={vi.fn()}
                  onTakeTheirs={onTakeTheirs}
                />
              ),
            },
          ])}
        />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Take all of theirs' }));
    expect(onTakeTheirs).toHaveBeenCalledWith(theirs);
  });

  it('marks the answer as out of date once the rule changes, and Save is no longer the main button', async () => {
    stubApi({ 'POST /api/automations/rules/dry-run/': { status: 200, body: { matched: 0, sample: [], actions: [] } } });
    renderBuilder();
    fireEvent.click(screen.getByRole('button', { name: 'Try it' }));
    await screen.findByRole('status', { name: 'Dry run' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Another name' } });
    await screen.findByText('The rule changed since this answer: try it again.');
    expect(screen.getByRole('button', { name: 'Save rule' }).className).toContain('MuiButton-outlined');
  });

  it("shows a 400 naming a field on that field: the schedule's cron and an action's team", async () => {
    stubApi({
      'POST /api/automations/rules/': {
        status: 400,
        body: {
          trigger: { cron: ['Not a valid cron expression: too few fields'] },
          actions: { '0': { team: ['Invalid pk "x" - object does not exist.'] } },
        },
      },
    });
    const onSaved = renderBuilder({
      ...emptyDraft(),
      name: 'Weekly',
      event: 'schedule',
      model: 'ticket',
      cron: '0 8',
      timezone: 'UTC',
      actions: [{ type: 'assign', team: null, user: null }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    const cron = await screen.findByRole('textbox', { name: 'Cron' });
    await waitFor(() => expect(cron.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Not a valid cron expression: too few fields')).toBeTruthy();
    const action = screen.getByRole('group', { name: 'Action 1: Assign' });
    expect(within(action).getByText('Invalid pk "x" - object does not exist.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('see the marked fields');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
