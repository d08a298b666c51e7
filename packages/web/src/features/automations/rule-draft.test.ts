import { describe, expect, it } from 'vitest';
import { draftOf, emptyDraft, ruleBody, ruleText } from './rule-draft';

describe("a rule draft as the API's rule", () => {
  it('sends the model, cron and time zone only for the events that take them', () => {
    const draft = { ...emptyDraft(), name: ' Nightly ', event: 'ticket.created' as const, model: 'client', cron: '0 1 * * *', timezone: 'UTC' };
    expect(ruleBody(draft).trigger).toEqual({ event: 'ticket.created', model: null, cron: null, timezone: null });
    expect(ruleBody(draft).name).toBe('Nightly');
    expect(ruleBody({ ...draft, event: 'schedule', model: 'ticket' }).trigger).toEqual({ event: 'schedule', model: 'ticket', cron: '0 1 * * *', timezone: 'UTC' });
    expect(ruleBody({ ...draft, event: 'record.updated' }).trigger).toEqual({ event: 'record.updated', model: 'client', cron: null, timezone: null });
  });

  it('keeps changed fields only for *.updated events', () => {
    const draft = { ...emptyDraft(), changed: ['priority'] };
    expect(ruleBody(draft).changed).toEqual([]);
    expect(ruleBody({ ...draft, event: 'ticket.updated' }).changed).toEqual(['priority']);
  });

  it('turns recipients typed with commas into a list, and a blank cost centre into null', () => {
    const body = ruleBody({
      ...emptyDraft(),
      actions: [
        { type: 'email', to: 'assignee, area.manager@example.com;', subject: 'S', body: 'B' },
        { type: 'create_ticket', title: 'T', ticket_type: 'ISSUE', priority: 'HIGH', cost_centre: '' },
      ],
    });
    expect(body.actions).toEqual([
      { type: 'email', to: ['assignee', 'area.manager@example.com'], subject: 'S', body: 'B' },
      { type: 'create_ticket', title: 'T', ticket_type: 'ISSUE', priority: 'HIGH', cost_centre: null },
    ]);
  });

  it('reads a saved rule back into the same draft', () => {
    const rule = {
      name: 'R',
      active: false,
      trigger: { event: 'ticket.updated' as const, model: null, cron: null, timezone: null },
      conditions: { priority__in: ['HIGH', 'URGENT'] },
      changed: ['priority'],
      actions: [
        { type: 'set_fields', fields: { priority: 'URGENT', unknown_field: 'x' } },
        { type: 'notify', to: ['assignee', 'team'], message: 'Ticket {{ticket.number}}' },
        { type: 'assign', team: null, user: null },
      ],
    };
    const draft = draftOf(rule);
    expect(draft.actions[0]).toEqual({ type: 'set_fields', fields: [{ field: 'priority', value: 'URGENT' }] });
    expect(draft.actions[1]).toEqual({ type: 'notify', to: 'assignee, team', message: 'Ticket {{ticket.number}}' });
    expect(ruleBody(draft)).toEqual({
      ...rule,
      actions: [{ type: 'set_fields', fields: { priority: 'URGENT' } }, rule.actions[1], rule.actions[2]],
    });
  });

  it('writes a rule as one line per part for the versions diff', () => {
    expect(ruleText({ name: 'R', active: true, trigger: { event: 'schedule', model: 'ticket', cron: '0 8 * * 1', timezone: 'UTC' }, conditions: { priority: 'HIGH' }, changed: [], actions: [{ type: 'webhook', webhook: 'w' }] })).toBe(
      ['Name: R', 'Active: yes', 'Event: schedule (ticket)', 'Schedule: 0 8 * * 1 UTC', 'Condition: Priority is High', 'Action webhook: {"webhook":"w"}'].join('\n'),
    );
  });
});
